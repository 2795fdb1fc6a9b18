/**
 * Which catalogue modules a caller may see and open (spec §5): those `authorize`
 * grants `read`, so the sidebar, the screens and the API answer alike.
 */
import type { Access } from "../access/access.ts";
import { authorize } from "../access/authorize.ts";
import { type ModuleDefinition, moduleDefinitions } from "./module-definitions.ts";

/** True when the caller may read the module (enabled, read permission, administrator-only rule). */
export function canSeeModule(access: Access, module: ModuleDefinition): boolean {
  return authorize(access, module.id, "read");
}

/** The modules the caller may see, in catalogue order. */
export function visibleModules(access: Access): ModuleDefinition[] {
  return moduleDefinitions().filter((m) => canSeeModule(access, m));
}
