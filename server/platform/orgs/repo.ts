/** SQL of memberships and organisations. */
import type { Queryable } from "../../db/database.ts";
import type { Organization, UserOrganization } from "../../../schemas/api/organizations.ts";

interface MembershipRow extends Omit<UserOrganization, "is_current"> {
  is_current: number;
}

const MEMBERSHIP_SELECT =
  `SELECT uo.id, uo.user_id, uo.organization_id, o.name AS organization_name,
  uo.user_role, uo.is_current, uo.created_at, uo.updated_at
  FROM user_organizations uo JOIN organizations o ON o.id = uo.organization_id`;

function toMembership(row: MembershipRow): UserOrganization {
  return { ...row, is_current: row.is_current === 1 };
}

/** Every membership of a user, current first. */
export async function membershipsOfUser(
  db: Queryable,
  userId: string,
): Promise<UserOrganization[]> {
  const rows = await db.all<MembershipRow>(
    `${MEMBERSHIP_SELECT} WHERE uo.user_id = ? ORDER BY uo.is_current DESC, o.name`,
    [userId],
  );
  return rows.map(toMembership);
}

/** A user's active memberships, for switching between them (current first). */
export async function activeMembershipsOfUser(
  db: Queryable,
  userId: string,
): Promise<UserOrganization[]> {
  const rows = await db.all<MembershipRow>(
    `${MEMBERSHIP_SELECT} WHERE uo.user_id = ? AND uo.status = 'active' AND o.is_active = 1
      ORDER BY uo.is_current DESC, o.name`,
    [userId],
  );
  return rows.map(toMembership);
}

/** A user's memberships in the organisations another user administers. */
export async function membershipsVisibleToAdmin(
  db: Queryable,
  userId: string,
  adminUserId: string,
  adminRole: string,
): Promise<UserOrganization[]> {
  const rows = await db.all<MembershipRow>(
    `${MEMBERSHIP_SELECT}
      WHERE uo.user_id = ? AND uo.organization_id IN (
        SELECT organization_id FROM user_organizations WHERE user_id = ? AND user_role = ?)
      ORDER BY o.name`,
    [userId, adminUserId, adminRole],
  );
  return rows.map(toMembership);
}

/** Makes one membership current; false when the user is not a member. */
export async function setCurrent(
  tx: Queryable,
  userId: string,
  organizationId: string,
  now: string,
): Promise<boolean> {
  const member = await tx.get<{ id: string }>(
    "SELECT id FROM user_organizations WHERE user_id = ? AND organization_id = ?",
    [userId, organizationId],
  );
  if (!member) return false;
  await tx.run(
    "UPDATE user_organizations SET is_current = CASE WHEN organization_id = ? THEN 1 ELSE 0 END, updated_at = ? WHERE user_id = ?",
    [organizationId, now, userId],
  );
  return true;
}

/** The version of an organisation's record. */
export async function organizationVersion(db: Queryable, id: string): Promise<number> {
  return (await db.get<{ version: number }>("SELECT version FROM organizations WHERE id = ?", [id]))
    ?.version ?? 0;
}

/** An organisation by id. */
export async function findOrganization(
  db: Queryable,
  id: string,
): Promise<Organization | undefined> {
  const row = await db.get<Omit<Organization, "is_active"> & { is_active: number }>(
    `SELECT id, name, description, website, industry, size, address, phone, email, logo_url, is_active
       FROM organizations WHERE id = ?`,
    [id],
  );
  return row ? { ...row, is_active: row.is_active === 1 } : undefined;
}
