/** The Hono environment of the app: the variables every request carries. */
import type { Access } from "../access/access.ts";

export interface AppEnv {
  Variables: {
    requestId: string;
    access?: Access;
    /** When the request's body must have arrived (epoch ms); see body-timeout.ts. */
    bodyDeadline?: number;
  };
}
