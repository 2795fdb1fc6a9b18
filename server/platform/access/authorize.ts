/**
 * The one decision on what a caller may do: `authorize(access, module, action)`.
 * Permissions are `<module>.<action>` with the module id in snake case
 * (`item-master` → `item_master.create`); the API, the module guard, the buttons
 * a descriptor shows, the sidebar, the screens and exports all ask here. Deny by
 * default: a permission the role does not hold is refused, whatever it is. An
 * administrator-only module (users, roles, audit, settings…) is open to the
 * administrator role alone, whatever permissions another role holds, so that the
 * sidebar, the screens and the API agree on it.
 */
import { ADMIN_ROLE, type MembershipAccess } from "./access.ts";
import { forbidden } from "../errors/app-error.ts";
import { findModule, readPermissionFor } from "../catalogue/module-definitions.ts";

/** The refusal text of administrator-only modules (spec §6), word for word. */
export const ADMIN_REQUIRED_TEXT =
  "Access Denied: You need administrator privileges to access this page.";

/** The permission string of an action on a module. */
export function permissionOf(module: string, action: string): string {
  if (action === "read") return findModule(module)?.readPermissionId ?? readPermissionFor(module);
  return `${module.replace(/[/-]/g, "_")}.${action}`;
}

/** Why a caller may not take an action: the first check it fails, in the order the API reports. */
export type Denial =
  | { reason: "module_disabled"; module: string }
  | { reason: "missing_permission"; permission: string }
  | { reason: "admin_only"; role: string };

/** The reason the caller may not take `action` on `module`, or null when they may. */
export function denialOf(
  access: MembershipAccess,
  module: string,
  action: string,
): Denial | null {
  if (!access.enabledModules.has(module)) return { reason: "module_disabled", module };
  const permission = permissionOf(module, action);
  if (!access.permissions.has(permission)) return { reason: "missing_permission", permission };
  if (findModule(module)?.adminOnly && access.role !== ADMIN_ROLE) {
    return { reason: "admin_only", role: ADMIN_ROLE };
  }
  return null;
}

/** Whether the caller may take `action` on `module` (the module must be enabled too). */
export function authorize(access: MembershipAccess, module: string, action: string): boolean {
  return denialOf(access, module, action) === null;
}

/** Throws 403 naming the missing permission (or the disabled module, or the role needed). */
export function requireAuthorized(access: MembershipAccess, module: string, action: string): void {
  const denial = denialOf(access, module, action);
  if (!denial) return;
  switch (denial.reason) {
    case "module_disabled": {
      const name = findModule(module)?.name;
      const label = name ? `"${name}" (${module})` : module;
      throw forbidden(`Module ${label} is disabled for this organization`, { module });
    }
    case "missing_permission":
      throw forbidden(`Missing permission ${denial.permission}`, {
        permission: denial.permission,
      });
    case "admin_only":
      throw forbidden(ADMIN_REQUIRED_TEXT, { role: denial.role });
  }
}
