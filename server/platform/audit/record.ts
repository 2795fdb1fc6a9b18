/** Writes one audit entry: actor, action, resource, before, after, time. */
import type { Queryable } from "../../db/database.ts";
import { newId } from "../ids.ts";

/** One change to record. */
export interface AuditEntry {
  organizationId: string;
  actorId: string | null;
  action: string;
  resourceType: string;
  resourceId?: string | null;
  before?: unknown;
  after?: unknown;
  requestId?: string;
  now: string;
}

/** Records an entry inside the caller's transaction. */
export async function recordAudit(tx: Queryable, entry: AuditEntry): Promise<void> {
  await tx.run(
    `INSERT INTO audit_logs (id, organization_id, actor_id, action, resource_type, resource_id, before_value, after_value, request_id, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      newId("aud"),
      entry.organizationId,
      entry.actorId,
      entry.action,
      entry.resourceType,
      entry.resourceId ?? null,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
      entry.requestId ?? null,
      entry.now,
    ],
  );
}
