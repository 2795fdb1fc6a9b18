/**
 * Server-side enforcement of the module catalogue: a call to an endpoint owned by a
 * module is refused (403, naming the module or the permission) when `authorize`
 * refuses the caller the module's `read` (disabled module, missing read permission,
 * or an administrator-only module and a caller who is not an administrator).
 * Hiding an item in the sidebar is presentation; this is the rule. An endpoint
 * path owns its whole subtree (`/admin/settings/*` owns
 * `/admin/settings/session-policy/get`), so a call cannot escape its module by
 * being one segment deeper than the catalogue names.
 */
import { authorize, requireAuthorized } from "../access/authorize.ts";
import type { Access } from "../access/access.ts";
import { type ModuleDefinition, moduleDefinitions } from "./module-definitions.ts";

type Owner = { pattern: RegExp; module: ModuleDefinition };

let owners: Owner[] | undefined;

/** Each module's endpoint patterns, made once on first use (the catalogue is read lazily). */
function ownersOf(): Owner[] {
  return owners ??= moduleDefinitions().flatMap((module) =>
    module.endpoints.map((endpoint) => ({
      pattern: new RegExp(
        "^" + endpoint.split("/").map((part) => (part === "*" ? "[^/]+" : escape(part))).join("/") +
          "(?:/.*)?$",
      ),
      module,
    }))
  );
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** How many paths' owners are remembered before the memory starts again. */
const REMEMBERED_PATHS = 10_000;

const ownerOfPath = new Map<string, ModuleDefinition | null>();

/**
 * The module owning an API path, if any. The catalogue's endpoints are fixed once
 * read, so each path's owner is found once and remembered (a bounded number of paths).
 */
export function moduleOwning(path: string): ModuleDefinition | undefined {
  let owner = ownerOfPath.get(path);
  if (owner === undefined) {
    owner = ownersOf().find((candidate) => candidate.pattern.test(path))?.module ?? null;
    if (ownerOfPath.size >= REMEMBERED_PATHS) ownerOfPath.clear();
    ownerOfPath.set(path, owner);
  }
  return owner ?? undefined;
}

/** Throws 403 when the caller may not read the module (see authorize.ts). */
export function assertModuleAllowed(access: Access, module: ModuleDefinition): void {
  requireAuthorized(access, module.id, "read");
}

/** Enforces the module owning `path`, if one does. */
export function guardPath(access: Access, path: string): void {
  const owner = moduleOwning(path);
  if (owner) assertModuleAllowed(access, owner);
}

/** Whether a path owned by `owner` (or by no module) may be called: `guardPath` without the throw. */
export function ownerAllows(access: Access, owner: ModuleDefinition | undefined): boolean {
  return !owner || authorize(access, owner.id, "read");
}
