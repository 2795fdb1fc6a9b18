/** SQL of memberships and organisations. */
import type { Queryable, Reader } from "../../db/database.ts";
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

/**
 * Every membership of a user, the session's current organisation first and marked
 * current (the current organisation belongs to the session, not the user).
 */
export async function membershipsOfUser(
  db: Queryable,
  userId: string,
  currentOrganizationId: string,
): Promise<UserOrganization[]> {
  const rows = await db.all<MembershipRow>(
    `${MEMBERSHIP_SELECT} WHERE uo.user_id = ? ORDER BY o.name`,
    [userId],
  );
  return rows
    .map((row) =>
      toMembership({ ...row, is_current: row.organization_id === currentOrganizationId ? 1 : 0 })
    )
    .sort((a, b) => Number(b.is_current) - Number(a.is_current));
}

/** A user's active memberships in active organisations, by organisation name. */
export function activeMembershipsOf(
  db: Reader,
  userId: string,
): Promise<{ organization_id: string; organization_name: string; user_role: string }[]> {
  return db.all(
    `SELECT uo.organization_id, o.name AS organization_name, uo.user_role
       FROM user_organizations uo JOIN organizations o ON o.id = uo.organization_id
      WHERE uo.user_id = ? AND uo.status = 'active' AND o.is_active = 1
      ORDER BY o.name, uo.organization_id`,
    [userId],
  );
}

/** A user's membership in an organisation with its status, if any. */
export function membershipOf(
  db: Queryable,
  userId: string,
  organizationId: string,
): Promise<{ status: string; organization_name: string; organization_active: number } | undefined> {
  return db.get(
    `SELECT uo.status, o.name AS organization_name, o.is_active AS organization_active
       FROM user_organizations uo JOIN organizations o ON o.id = uo.organization_id
      WHERE uo.user_id = ? AND uo.organization_id = ?`,
    [userId, organizationId],
  );
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

/**
 * Makes an organisation the current one of a session, and the user's default for
 * their next sessions (the membership last chosen).
 */
export async function switchSession(
  tx: Queryable,
  s: { sessionId: string; userId: string; organizationId: string; now: string },
): Promise<void> {
  await tx.run("UPDATE sessions SET organization_id = ? WHERE id = ? AND revoked_at IS NULL", [
    s.organizationId,
    s.sessionId,
  ]);
  await tx.run(
    "UPDATE user_organizations SET is_current = CASE WHEN organization_id = ? THEN 1 ELSE 0 END, updated_at = ? WHERE user_id = ?",
    [s.organizationId, s.now, s.userId],
  );
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
