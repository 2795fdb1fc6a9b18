/** Who performs an administrative change, and where: the same for the API and the admin command. */
import type { Database } from "../../db/database.ts";

/** The actor of a change. `actorId` is null for the admin command. */
export interface AdminContext {
  db: Database;
  organizationId: string;
  actorId: string | null;
  requestId?: string;
  now: string;
}
