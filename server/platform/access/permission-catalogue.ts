/**
 * The permission catalogue: every permission the product knows, as a module ×
 * action matrix. Each catalogue module has `read`; a module owning record types
 * adds their standard actions (create, update, comment, delete, export, import), each
 * workflow or custom action, and `level1` (permission level 1 of its fields); a
 * module's `writeActions` (its area declares them) add the writes of its
 * hand-written calls. A permission outside the catalogue cannot be granted (deny
 * by default: it is refused anyway).
 */
import {
  findModule,
  type ModuleDefinition,
  moduleDefinitions,
} from "../catalogue/module-definitions.ts";
import { recordTypes } from "../../records/catalogue.ts";
import type { RecordType } from "../../records/define.ts";
import { permissionOf } from "./authorize.ts";

/** The columns of the matrix in order; any other action is shown after them. */
export const MATRIX_ACTIONS = [
  "read",
  "create",
  "update",
  "comment",
  "delete",
  "export",
  "import",
] as const;

/** One permission of the catalogue. */
export interface CataloguePermission {
  module: string;
  action: string;
  permission: string;
}

/** One row of the matrix: a module and its actions in column order. */
export interface ModulePermissions {
  module: ModuleDefinition;
  actions: readonly CataloguePermission[];
}

/** The actions of one module, given the record types of the product. */
export function actionsOf(module: string, types: readonly RecordType[] = recordTypes()): string[] {
  const owned = types.filter((t) => t.module === module);
  const actions = new Set<string>(["read"]);
  for (const type of owned) {
    for (const action of type.allActions) actions.add(action);
  }
  for (const action of findModule(module)?.writeActions ?? []) actions.add(action);
  // Level 1 is offered only where a field (or a child row's field) carries it.
  const leveled = owned.some((t) =>
    t.fields.some((f) => f.level === 1 || f.childFields?.some((c) => c.level === 1))
  );
  if (leveled) actions.add("level1");
  const standard: string[] = MATRIX_ACTIONS.filter((a) => actions.has(a));
  const others = [...actions].filter((a) => !standard.includes(a) && a !== "level1").sort();
  return [...standard, ...others, ...(actions.has("level1") ? ["level1"] : [])];
}

/** The whole matrix, in catalogue order. */
export function permissionCatalogue(
  types: readonly RecordType[] = recordTypes(),
): ModulePermissions[] {
  return moduleDefinitions().map((module) => ({
    module,
    actions: actionsOf(module.id, types).map((action) => ({
      module: module.id,
      action,
      permission: permissionOf(module.id, action),
    })),
  }));
}

let product: readonly ModulePermissions[] | undefined;
let known: ReadonlySet<string> | undefined;

/** The matrix of the product's record types (made on first use: the areas are read lazily). */
export function productPermissions(): readonly ModulePermissions[] {
  return product ??= permissionCatalogue();
}

/** Every known permission string. */
export function knownPermissions(): ReadonlySet<string> {
  return known ??= new Set(
    productPermissions().flatMap((row) => row.actions.map((a) => a.permission)),
  );
}

/** Whether a permission string is in the catalogue. */
export function isKnownPermission(permission: string): boolean {
  return knownPermissions().has(permission);
}

/**
 * Actions a role holds wherever it holds another on the same module: a role that
 * may change a module's records may comment on them (before comments had their own
 * permission, anyone who could read a record could comment on it).
 */
const IMPLIED_ACTIONS: Readonly<Record<string, string>> = { comment: "update" };

/** A permission a role is given, when it is introduced, wherever it holds `from`. */
export interface ImpliedGrant {
  permission: string;
  from: string;
}

/** The implied grants of a catalogue: `<module>.comment` from `<module>.update`, … */
export function impliedGrants(
  catalogue: readonly ModulePermissions[] = productPermissions(),
): ImpliedGrant[] {
  return catalogue.flatMap(({ module, actions }) => {
    const has = new Set(actions.map((a) => a.action));
    return Object.entries(IMPLIED_ACTIONS)
      .filter(([action, from]) => has.has(action) && has.has(from))
      .map(([action, from]) => ({
        permission: permissionOf(module.id, action),
        from: permissionOf(module.id, from),
      }));
  });
}

/** The permissions with every grant they imply added. */
export function withImpliedGrants(
  permissions: readonly string[],
  grants: readonly ImpliedGrant[],
): string[] {
  const held = new Set(permissions);
  return [
    ...permissions,
    ...grants.filter((g) => held.has(g.from) && !held.has(g.permission)).map((g) => g.permission),
  ];
}
