/**
 * Server-side enforcement of the module catalogue: a call to an endpoint owned by a
 * module is refused (403, naming the module or the permission) when the module is
 * disabled in the caller's organisation or the caller lacks its read permission.
 * Hiding an item in the sidebar is presentation; this is the rule. An endpoint
 * path owns its whole subtree (`/admin/settings/*` owns
 * `/admin/settings/session-policy/get`), so a call cannot escape its module by
 * being one segment deeper than the catalogue names.
 */
import { forbidden } from "../errors/app-error.ts";
import type { Access } from "../access/access.ts";
import { MODULE_DEFINITIONS, type ModuleDefinition } from "./module-definitions.ts";

const OWNERS: { pattern: RegExp; module: ModuleDefinition }[] = MODULE_DEFINITIONS.flatMap((
  module,
) =>
  module.endpoints.map((endpoint) => ({
    pattern: new RegExp(
      "^" + endpoint.split("/").map((part) => (part === "*" ? "[^/]+" : escape(part))).join("/") +
        "(?:/.*)?$",
    ),
    module,
  }))
);

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The module owning an API path, if any. */
export function moduleOwning(path: string): ModuleDefinition | undefined {
  return OWNERS.find((owner) => owner.pattern.test(path))?.module;
}

/** Throws 403 when the module is disabled or its read permission is missing. */
export function assertModuleAllowed(access: Access, module: ModuleDefinition): void {
  if (!access.enabledModules.has(module.id)) {
    throw forbidden(`Module "${module.name}" (${module.id}) is disabled for this organization`, {
      module: module.id,
    });
  }
  if (!access.permissions.has(module.readPermissionId)) {
    throw forbidden(`Missing permission ${module.readPermissionId}`, {
      permission: module.readPermissionId,
    });
  }
}

/** Enforces the module owning `path`, if one does. */
export function guardPath(access: Access, path: string): void {
  const owner = moduleOwning(path);
  if (owner) assertModuleAllowed(access, owner);
}

/** Whether a path owned by `owner` (or by no module) may be called: `guardPath` without the throw. */
export function ownerAllows(access: Access, owner: ModuleDefinition | undefined): boolean {
  return !owner ||
    (access.enabledModules.has(owner.id) && access.permissions.has(owner.readPermissionId));
}
