/**
 * The one decision on what a caller may do: `authorize(access, module, action)`.
 * Permissions are `<module>.<action>` with the module id in snake case
 * (`item-master` → `item_master.create`); the API, the buttons a descriptor shows,
 * the sidebar and exports all ask here. Deny by default: a permission the role
 * does not hold is refused, whatever it is.
 */
import type { MembershipAccess } from "./access.ts";
import { forbidden } from "../errors/app-error.ts";
import { readPermissionFor } from "../catalogue/module-definitions.ts";

/** The permission string of an action on a module. */
export function permissionOf(module: string, action: string): string {
  if (action === "read") return readPermissionFor(module);
  return `${module.replace(/[/-]/g, "_")}.${action}`;
}

/** Whether the caller may take `action` on `module` (the module must be enabled too). */
export function authorize(access: MembershipAccess, module: string, action: string): boolean {
  return access.enabledModules.has(module) &&
    access.permissions.has(permissionOf(module, action));
}

/** Throws 403 naming the missing permission (or the disabled module). */
export function requireAuthorized(access: MembershipAccess, module: string, action: string): void {
  if (!access.enabledModules.has(module)) {
    throw forbidden(`Module ${module} is disabled for this organization`, { module });
  }
  const permission = permissionOf(module, action);
  if (!access.permissions.has(permission)) {
    throw forbidden(`Missing permission ${permission}`, { permission });
  }
}
