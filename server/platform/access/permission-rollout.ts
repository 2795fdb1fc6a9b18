/**
 * Rolls newly declared default permissions out to the organisations that exist
 * already: run at every start, after the migrations. A (default role, permission)
 * pair the declarations list and `permission_rollouts` does not is granted to that
 * role in every organisation that has it, and recorded — once: a pair recorded is
 * never granted again, so a permission an administrator revoked later stays
 * revoked across restarts (as Odoo's data updates leave `noupdate` records alone).
 * Instances starting together grant each pair once: the first to record it does.
 *
 * An implied permission (permission-catalogue.ts: `<module>.comment` wherever a role
 * holds `<module>.update`) is rolled out the same way to every role that holds its
 * source then, administrators' own roles included, recorded under the role
 * `EVERY_HOLDER`.
 */
import type { Database, Queryable } from "../../db/database.ts";
import { advanceVersion } from "../orgs/organization-versions.ts";
import { type DefaultRole, productDefaultRoles } from "./default-roles.ts";
import { type ImpliedGrant, impliedGrants } from "./permission-catalogue.ts";

/** The rollout record of an implied permission, given to every role holding its source. */
export const EVERY_HOLDER = "*";

/** One pair granted by a rollout. */
export interface RolledOut {
  role: string;
  permission: string;
}

/** Grants the declared pairs not yet rolled out; returns those this call recorded. */
export async function rollOutPermissions(
  db: Database,
  options: {
    now: string;
    roles?: Readonly<Record<string, DefaultRole>>;
    implied?: readonly ImpliedGrant[];
  },
): Promise<RolledOut[]> {
  const implied = options.implied ?? impliedGrants();
  const sources = new Map(implied.map((g) => [g.permission, g.from]));
  const declared = [
    ...Object.entries(options.roles ?? productDefaultRoles()).flatMap(([role, r]) =>
      r.permissions.map((permission) => ({ role, permission }))
    ),
    ...implied.map((g) => ({ role: EVERY_HOLDER, permission: g.permission })),
  ];
  const known = new Set(
    (await db.all<RolledOut>("SELECT role, permission FROM permission_rollouts"))
      .map(pairKey),
  );
  const fresh = declared.filter((pair) => !known.has(pairKey(pair)));
  if (fresh.length === 0) return [];
  return await db.transaction(async (tx) => {
    const recorded: RolledOut[] = [];
    const grantedPermissions = new Set<string>();
    for (const pair of fresh) {
      const claimed = await tx.run(
        `INSERT INTO permission_rollouts (role, permission, granted_at) VALUES (?, ?, ?)
         ON CONFLICT (role, permission) DO NOTHING`,
        [pair.role, pair.permission, options.now],
      );
      if (claimed.changes !== 1) continue;
      recorded.push(pair);
      const holdersOf = sources.get(pair.permission);
      const granted = pair.role === EVERY_HOLDER && holdersOf
        ? await tx.run(
          `INSERT INTO role_permissions (organization_id, role_id, permission)
           SELECT rp.organization_id, rp.role_id, ? FROM role_permissions rp WHERE rp.permission = ?
           ON CONFLICT (role_id, permission) DO NOTHING`,
          [pair.permission, holdersOf],
        )
        : await tx.run(
          `INSERT INTO role_permissions (organization_id, role_id, permission)
           SELECT r.organization_id, r.id, ? FROM roles r WHERE r.name = ?
           ON CONFLICT (role_id, permission) DO NOTHING`,
          [pair.permission, pair.role],
        );
      if (granted.changes > 0) grantedPermissions.add(pair.permission);
    }
    await announceGrants(tx, [...grantedPermissions]);
    return recorded;
  });
}

/** Moves the versions of the roles that gained permissions and of their organisations. */
async function announceGrants(tx: Queryable, permissions: string[]): Promise<void> {
  if (permissions.length === 0) return;
  const marks = permissions.map(() => "?").join(", ");
  // Every role now holding one of them: a role that held it already moves too, harmlessly.
  const holders = `SELECT role_id FROM role_permissions WHERE permission IN (${marks})`;
  await tx.run(`UPDATE roles SET version = version + 1 WHERE id IN (${holders})`, permissions);
  const organizations = await tx.all<{ organization_id: string }>(
    `SELECT DISTINCT organization_id FROM role_permissions WHERE permission IN (${marks})
      ORDER BY organization_id`,
    permissions,
  );
  for (const org of organizations) await advanceVersion(tx, org.organization_id, "permissions");
}

function pairKey(pair: RolledOut): string {
  return `${pair.role}\u0000${pair.permission}`;
}
