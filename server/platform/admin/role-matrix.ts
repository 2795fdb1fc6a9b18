/**
 * One role's permissions as the module × action matrix of the roles screen: a row
 * per catalogue module (in category order), a box per standard action the module
 * has (read, create, update, comment, delete, export, import) and its other actions
 * (workflow actions, hand-written writes, level 1) in a list. Each box carries
 * what granting or revoking it sends: the permission, the role and its version.
 */
import { invalidInput, notFound } from "../errors/app-error.ts";
import { PORTAL_ROLE } from "../access/access.ts";
import { MATRIX_ACTIONS, productPermissions } from "../access/permission-catalogue.ts";
import { CATEGORY_ORDER } from "../catalogue/categories.ts";
import type { AdminContext } from "./admin-context.ts";

function actionLabel(action: string): string {
  if (action === "level1") return "Level 1";
  const words = action.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The matrix of one role of the caller's organisation. */
export async function roleMatrix(
  ctx: Pick<AdminContext, "db" | "organizationId">,
  roleName: string,
) {
  if (roleName === PORTAL_ROLE) {
    throw invalidInput("The client portal role grants nothing staff-side", {
      role: "This role cannot hold staff permissions",
    });
  }
  const role = await ctx.db.get<{ id: string; name: string; version: number }>(
    "SELECT id, name, version FROM roles WHERE organization_id = ? AND name = ?",
    [ctx.organizationId, roleName],
  );
  if (!role) throw notFound(`Role "${roleName}"`);
  const held = new Set(
    (await ctx.db.all<{ permission: string }>(
      "SELECT permission FROM role_permissions WHERE organization_id = ? AND role_id = ?",
      [ctx.organizationId, role.id],
    )).map((r) => r.permission),
  );
  const rows = [...productPermissions()].sort((a, b) =>
    CATEGORY_ORDER.indexOf(a.module.category) - CATEGORY_ORDER.indexOf(b.module.category)
  );
  return {
    role: role.name,
    version: role.version,
    modules: rows.map(({ module, actions }) => {
      const cells = actions.map((a) => ({
        permission: a.permission,
        action: a.action,
        label: actionLabel(a.action),
        title: `${module.name}: ${actionLabel(a.action)} (${a.permission})`,
        granted: held.has(a.permission),
        role: role.name,
        version: role.version,
      }));
      const standard = MATRIX_ACTIONS as readonly string[];
      return {
        module: module.id,
        name: module.name,
        category: module.category,
        ...Object.fromEntries(
          cells.filter((c) => standard.includes(c.action)).map((c) => [c.action, c]),
        ),
        others: cells.filter((c) => !standard.includes(c.action)),
      };
    }),
  };
}
