/** Which catalogue modules a caller may see and open (spec §5). */
import type { Access } from "../access/access.ts";
import { MODULE_DEFINITIONS, type ModuleDefinition } from "./module-definitions.ts";

/** True when the module is enabled for the caller's organisation and they hold its read permission. */
export function canSeeModule(access: Access, module: ModuleDefinition): boolean {
  return access.enabledModules.has(module.id) && access.permissions.has(module.readPermissionId);
}

/** The modules the caller may see, in catalogue order. */
export function visibleModules(access: Access): ModuleDefinition[] {
  return MODULE_DEFINITIONS.filter((m) => canSeeModule(access, m));
}
