/**
 * The client a portal caller acts for, in an organisation that has the module
 * of what they open switched on: a portal call reads and changes only that
 * client's records. An account linked to no client is refused (403); a module
 * switched off reads as absent (404).
 */
import type { Access } from "./access.ts";
import { forbidden, notFound } from "../errors/app-error.ts";

/** The caller's client id; `module` must be on, else 404 naming `what`. */
export function portalClientFor(access: Access, module: string, what: string): string {
  if (!access.user.client_id) throw forbidden("This account is not linked to a client");
  if (!access.enabledModules.has(module)) throw notFound(what);
  return access.user.client_id;
}
