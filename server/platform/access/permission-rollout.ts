/**
 * Rolls newly declared default permissions out to the organisations that exist
 * already: run at every start, after the migrations. A (default role, permission)
 * pair the declarations list and `permission_rollouts` does not is granted to that
 * role in every organisation that has it, and recorded — once: a pair recorded is
 * never granted again, so a permission an administrator revoked later stays
 * revoked across restarts (as Odoo's data updates leave `noupdate` records alone).
 * Instances starting together grant each pair once: the first to record it does.
 */
import type { Database, Queryable } from "../../db/database.ts";
import { advanceVersion } from "../orgs/organization-versions.ts";
import { DEFAULT_ROLES, type DefaultRole } from "./default-roles.ts";

/** One pair granted by a rollout. */
export interface RolledOut {
  role: string;
  permission: string;
}

/** Grants the declared pairs not yet rolled out; returns those this call recorded. */
export async function rollOutPermissions(
  db: Database,
  options: { now: string; roles?: Readonly<Record<string, DefaultRole>> },
): Promise<RolledOut[]> {
  const declared = Object.entries(options.roles ?? DEFAULT_ROLES).flatMap(([role, r]) =>
    r.permissions.map((permission) => ({ role, permission }))
  );
  const known = new Set(
    (await db.all<RolledOut>("SELECT role, permission FROM permission_rollouts"))
      .map(pairKey),
  );
  const fresh = declared.filter((pair) => !known.has(pairKey(pair)));
  if (fresh.length === 0) return [];
  return await db.transaction(async (tx) => {
    const recorded: RolledOut[] = [];
    const grantedRoles = new Set<string>();
    for (const pair of fresh) {
      const claimed = await tx.run(
        `INSERT INTO permission_rollouts (role, permission, granted_at) VALUES (?, ?, ?)
         ON CONFLICT (role, permission) DO NOTHING`,
        [pair.role, pair.permission, options.now],
      );
      if (claimed.changes !== 1) continue;
      recorded.push(pair);
      const granted = await tx.run(
        `INSERT INTO role_permissions (organization_id, role_id, permission)
         SELECT r.organization_id, r.id, ? FROM roles r WHERE r.name = ?
         ON CONFLICT (role_id, permission) DO NOTHING`,
        [pair.permission, pair.role],
      );
      if (granted.changes > 0) grantedRoles.add(pair.role);
    }
    await announceGrants(tx, [...grantedRoles]);
    return recorded;
  });
}

/** Moves the versions of the roles that gained permissions and of their organisations. */
async function announceGrants(tx: Queryable, roles: string[]): Promise<void> {
  if (roles.length === 0) return;
  const marks = roles.map(() => "?").join(", ");
  await tx.run(`UPDATE roles SET version = version + 1 WHERE name IN (${marks})`, roles);
  const organizations = await tx.all<{ organization_id: string }>(
    `SELECT DISTINCT organization_id FROM roles WHERE name IN (${marks}) ORDER BY organization_id`,
    roles,
  );
  for (const org of organizations) await advanceVersion(tx, org.organization_id, "permissions");
}

function pairKey(pair: RolledOut): string {
  return `${pair.role}\u0000${pair.permission}`;
}
