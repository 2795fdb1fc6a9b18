/**
 * Roles and their permissions: list (with the screens each role opens and the
 * permission catalogue), create (with no permissions: deny by default), grant
 * and revoke with optimistic concurrency on the role's version. Administrators
 * cannot take from firm_admin the permissions that manage roles and modules.
 */
import { conflict, invalidInput, notFound } from "../errors/app-error.ts";
import { recordAudit } from "../audit/record.ts";
import { moduleDefinitions } from "../catalogue/module-definitions.ts";
import { ADMIN_ROLE, PORTAL_ROLE } from "../access/access.ts";
import { isKnownPermission, productPermissions } from "../access/permission-catalogue.ts";
import { newId } from "../ids.ts";
import type { Queryable } from "../../db/database.ts";
import { isUniqueViolation } from "../../db/constraint-errors.ts";
import type { AdminContext } from "./admin-context.ts";
import { advanceVersion } from "../orgs/organization-versions.ts";

/** Permissions firm_admin always keeps, so that administrators cannot lock themselves out. */
export const PROTECTED_ADMIN_PERMISSIONS = new Set([
  "rbac.read",
  "organization_management.read",
  "users.read",
]);

/** A role with its permissions and the screens they open. */
export interface RoleRecord {
  id: string;
  name: string;
  description: string;
  version: number;
  member_count: number;
  permissions: string[];
  screens: { id: string; name: string; path: string }[];
}

async function loadRoles(db: Queryable, organizationId: string): Promise<RoleRecord[]> {
  const roles = await db.all<
    { id: string; name: string; description: string; version: number; member_count: number }
  >(
    `SELECT r.id, r.name, r.description, r.version,
            (SELECT COUNT(*) FROM user_organizations uo WHERE uo.organization_id = r.organization_id AND uo.user_role = r.name) AS member_count
       FROM roles r WHERE r.organization_id = ? ORDER BY r.name`,
    [organizationId],
  );
  const grants = await db.all<{ role_id: string; permission: string }>(
    "SELECT rp.role_id, rp.permission FROM role_permissions rp JOIN roles r ON r.id = rp.role_id WHERE r.organization_id = ? ORDER BY rp.permission",
    [organizationId],
  );
  return roles.map((role) => {
    const permissions = grants.filter((g) => g.role_id === role.id).map((g) => g.permission);
    const granted = new Set(permissions);
    return {
      ...role,
      permissions,
      // As authorize() decides: an administrator-only screen opens for administrators alone.
      screens: moduleDefinitions().filter((m) =>
        granted.has(m.readPermissionId) && (!m.adminOnly || role.name === ADMIN_ROLE)
      ).map((m) => ({
        id: m.id,
        name: m.name,
        path: `/app/${m.id}`,
      })),
    };
  });
}

/** Every staff role, and every permission of the catalogue (the matrix shows one role's). */
export async function listRoles(ctx: Pick<AdminContext, "db" | "organizationId">) {
  const roles = (await loadRoles(ctx.db, ctx.organizationId)).filter((r) => r.name !== PORTAL_ROLE);
  const permissions = productPermissions().flatMap(({ module, actions }) =>
    actions.map((a) => ({
      id: a.permission,
      module: module.id,
      action: a.action,
      name: module.name,
      category: module.category,
    }))
  );
  return { roles, permissions };
}

async function findRole(db: Queryable, organizationId: string, name: string): Promise<RoleRecord> {
  const role = (await loadRoles(db, organizationId)).find((r) => r.name === name);
  if (!role) throw notFound(`Role "${name}"`);
  return role;
}

/** Creates a role with no permissions. */
export async function createRole(ctx: AdminContext, input: { name: string; description?: string }) {
  const result = await ctx.db.transaction(async (tx) => {
    // The unique index on (organization_id, name) decides, also between two requests at once.
    try {
      await tx.run(
        "INSERT INTO roles (id, organization_id, name, description, created_at) VALUES (?, ?, ?, ?, ?)",
        [
          newId("rol"),
          ctx.organizationId,
          input.name,
          input.description ?? "",
          ctx.now,
        ],
      );
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw invalidInput(`A role named "${input.name}" already exists`, {
        name: "A role with this name already exists",
      });
    }
    await recordAudit(tx, {
      organizationId: ctx.organizationId,
      actorId: ctx.actorId,
      action: "role.create",
      resourceType: "role",
      resourceId: input.name,
      after: { name: input.name, permissions: [] },
      requestId: ctx.requestId,
      now: ctx.now,
    });
    return await roleResponse(tx, ctx.organizationId, input.name);
  });
  return result;
}

async function roleResponse(tx: Queryable, organizationId: string, name: string) {
  const org = await tx.get<{ permission_version: number }>(
    "SELECT permission_version FROM organizations WHERE id = ?",
    [organizationId],
  );
  return {
    role: await findRole(tx, organizationId, name),
    permission_version: org!.permission_version,
  };
}

/** Grants or revokes one permission of the catalogue; a stale role version answers 409. */
export async function setRolePermission(
  ctx: AdminContext,
  input: { role: string; permission: string; version: number; granted: boolean },
) {
  if (!isKnownPermission(input.permission)) {
    throw invalidInput(`Unknown permission ${input.permission}`, {
      permission: "Unknown permission",
    });
  }
  if (input.role === PORTAL_ROLE) {
    throw invalidInput("The client portal role grants nothing staff-side", {
      role: "This role cannot hold staff permissions",
    });
  }
  if (
    !input.granted && input.role === ADMIN_ROLE && PROTECTED_ADMIN_PERMISSIONS.has(input.permission)
  ) {
    throw invalidInput(
      `${input.permission} cannot be revoked from ${ADMIN_ROLE}: administrators would be locked out`,
      {
        permission: "Administrators would be locked out",
      },
    );
  }
  const result = await ctx.db.transaction(async (tx) => {
    const role = await findRole(tx, ctx.organizationId, input.role);
    const bumped = await tx.run(
      "UPDATE roles SET version = version + 1 WHERE id = ? AND version = ?",
      [role.id, input.version],
    );
    if (bumped.changes !== 1) {
      throw conflict(
        `Role "${role.name}" was changed by someone else (version ${role.version}, not ${input.version})`,
        {
          current_version: role.version,
        },
      );
    }
    const had = role.permissions.includes(input.permission);
    if (input.granted && !had) {
      await tx.run(
        "INSERT INTO role_permissions (organization_id, role_id, permission) VALUES (?, ?, ?)",
        [ctx.organizationId, role.id, input.permission],
      );
    } else if (!input.granted && had) {
      await tx.run("DELETE FROM role_permissions WHERE role_id = ? AND permission = ?", [
        role.id,
        input.permission,
      ]);
    }
    await advanceVersion(tx, ctx.organizationId, "permissions");
    await tx.run(
      "UPDATE organizations SET updated_at = ? WHERE id = ?",
      [
        ctx.now,
        ctx.organizationId,
      ],
    );
    await recordAudit(tx, {
      organizationId: ctx.organizationId,
      actorId: ctx.actorId,
      action: input.granted ? "permission.grant" : "permission.revoke",
      resourceType: "role",
      resourceId: role.name,
      before: { permission: input.permission, granted: had, version: role.version },
      after: { permission: input.permission, granted: input.granted, version: role.version + 1 },
      requestId: ctx.requestId,
      now: ctx.now,
    });
    return await roleResponse(tx, ctx.organizationId, role.name);
  });
  return result;
}
