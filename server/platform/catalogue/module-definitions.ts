/**
 * The module catalogue: one navigation module item for every static /app route of
 * spec §2, declared by the area it belongs to (`server/areas/<area>/modules.ts`).
 * An item's id is its path under /app, so `/app/{id}` opens it. Routes with
 * parameters (lead-detail/:id, proposals/edit/:id, …) belong to the module that
 * lists them. `endpoints` lists the API paths the module owns (`*` matches one path
 * segment); the server refuses them when `authorize` refuses the caller the
 * module's read (module-guard.ts).
 *
 * The catalogue is read from the list of areas at call time, never while modules
 * load: the areas' calls themselves ask it who may see what.
 */
import type { Category } from "./categories.ts";
import { CATEGORY_PRIORITIES } from "./categories.ts";
import { areas } from "../../areas/mod.ts";

/** One catalogue module as its area declares it. */
export interface ModuleRow {
  id: string;
  name: string;
  category: Category;
  icon: string;
  description: string;
  /** The API paths the module owns. */
  endpoints?: readonly string[];
  /** The read permission, when not the id in snake case plus `.read`. */
  readPermission?: string;
  /** Only firm_admin may open the screen (spec §5). */
  adminOnly?: boolean;
  /** The screen is loaded lazily by the client (spec §2). */
  lazy?: boolean;
  /**
   * Writes of its hand-written calls, each its own permission `<module>.<action>`,
   * never the module's read: `clients.portal_invite` gives a contact portal access,
   * `projects.approve` acts on a project's approval step, `compliance.configure`
   * changes the compliance settings.
   */
  writeActions?: readonly string[];
  /** Its routes with parameters: the same guard and permission. */
  parameterRoutes?: readonly { path: string; title: string }[];
}

/** One catalogue entry as defined in code (enablement is per organisation). */
export interface ModuleDefinition {
  id: string;
  name: string;
  category: Category;
  description: string;
  icon: string;
  endpoints: string[];
  readPermissionId: string;
  /** Only firm_admin may open the screen (spec §5). */
  adminOnly: boolean;
  /** The screen is loaded lazily by the client (spec §2). */
  lazy: boolean;
  /** Writes of its hand-written calls (permission-catalogue.ts). */
  writeActions: readonly string[];
}

/** A route with parameters and the module owning it. */
export interface ParameterRoute {
  path: string;
  module: string;
  title: string;
}

/** The read permission of a module: its id in snake case plus `.read`. */
export function readPermissionFor(id: string): string {
  return `${id.replace(/[/-]/g, "_")}.read`;
}

interface Catalogue {
  modules: readonly ModuleDefinition[];
  byId: ReadonlyMap<string, ModuleDefinition>;
  parameterRoutes: readonly ParameterRoute[];
}

let built: Catalogue | undefined;

function catalogue(): Catalogue {
  if (built) return built;
  const categories = Object.keys(CATEGORY_PRIORITIES) as Category[];
  const rows = areas().flatMap((area) => area.modules);
  // Listed by category (the spec's listing order), then by area, then as each area lists them.
  const ordered = categories.flatMap((category) => rows.filter((r) => r.category === category));
  const modules = ordered.map((row): ModuleDefinition => ({
    id: row.id,
    name: row.name,
    category: row.category,
    description: row.description,
    icon: row.icon,
    endpoints: [...(row.endpoints ?? [])],
    readPermissionId: row.readPermission ?? readPermissionFor(row.id),
    adminOnly: row.adminOnly ?? false,
    lazy: row.lazy ?? false,
    writeActions: row.writeActions ?? [],
  }));
  const byId = new Map<string, ModuleDefinition>();
  for (const module of modules) {
    if (byId.has(module.id)) {
      const owners = areas().filter((a) => a.modules.some((m) => m.id === module.id));
      throw new Error(
        `Module "${module.id}" is declared twice (by ${
          owners.map((a) => `area "${a.id}"`).join(" and ")
        })`,
      );
    }
    byId.set(module.id, module);
  }
  const parameterRoutes = ordered.flatMap((row) =>
    (row.parameterRoutes ?? []).map((r) => ({ path: r.path, module: row.id, title: r.title }))
  );
  built = { modules, byId, parameterRoutes };
  return built;
}

/** Every module, in catalogue order. */
export function moduleDefinitions(): readonly ModuleDefinition[] {
  return catalogue().modules;
}

/** Routes with parameters, each owned by a module (its screen and permission). */
export function parameterRoutes(): readonly ParameterRoute[] {
  return catalogue().parameterRoutes;
}

/** The module definition with this id, or undefined. */
export function findModule(id: string): ModuleDefinition | undefined {
  return catalogue().byId.get(id);
}
