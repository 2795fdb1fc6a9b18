/** SQL of users and refresh tokens. */
import type { Queryable } from "../../db/database.ts";

/** A user row as stored. */
export interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  is_client_portal_user: number;
  client_id: string | null;
  is_active: number;
}

/** A refresh token row. */
export interface RefreshTokenRow {
  id: string;
  user_id: string;
  family_id: string;
  expires_at: string;
  revoked_at: string | null;
  replaced_by: string | null;
}

/** The user with this email, if any. */
export function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  return db.get<UserRow>("SELECT * FROM users WHERE email = ?", [email]);
}

/** The user with this id, if any. */
export function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  return db.get<UserRow>("SELECT * FROM users WHERE id = ?", [id]);
}

/** The role of the user's current membership (null without one). */
export async function currentRole(db: Queryable, userId: string): Promise<string | null> {
  const row = await db.get<{ user_role: string }>(
    "SELECT user_role FROM user_organizations WHERE user_id = ? AND is_current = 1",
    [userId],
  );
  return row?.user_role ?? null;
}

/** Inserts a user. */
export async function insertUser(
  db: Queryable,
  user: Omit<UserRow, "is_active"> & { now: string },
): Promise<void> {
  await db.run(
    `INSERT INTO users (id, email, password_hash, first_name, last_name, is_client_portal_user, client_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      user.id,
      user.email,
      user.password_hash,
      user.first_name,
      user.last_name,
      user.is_client_portal_user,
      user.client_id,
      user.now,
      user.now,
    ],
  );
}

/** Inserts a membership. */
export async function insertMembership(
  db: Queryable,
  m: {
    id: string;
    userId: string;
    organizationId: string;
    role: string;
    isCurrent: boolean;
    now: string;
  },
): Promise<void> {
  await db.run(
    `INSERT INTO user_organizations (id, user_id, organization_id, user_role, is_current, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    [m.id, m.userId, m.organizationId, m.role, m.isCurrent ? 1 : 0, m.now, m.now],
  );
}

/** Stores a refresh token's hash. */
export async function insertRefreshToken(
  db: Queryable,
  t: { id: string; userId: string; familyId: string; hash: string; expiresAt: string; now: string },
): Promise<void> {
  await db.run(
    `INSERT INTO refresh_tokens (id, user_id, family_id, token_hash, expires_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
    [t.id, t.userId, t.familyId, t.hash, t.expiresAt, t.now],
  );
}

/** The refresh token with this hash, if any. */
export function findRefreshToken(
  db: Queryable,
  hash: string,
): Promise<RefreshTokenRow | undefined> {
  return db.get<RefreshTokenRow>(
    "SELECT id, user_id, family_id, expires_at, revoked_at, replaced_by FROM refresh_tokens WHERE token_hash = ?",
    [hash],
  );
}

/** Marks a token used: revoked now and replaced by its successor. */
export async function rotateRefreshToken(
  db: Queryable,
  id: string,
  replacedBy: string,
  now: string,
): Promise<boolean> {
  const result = await db.run(
    "UPDATE refresh_tokens SET revoked_at = ?, replaced_by = ? WHERE id = ? AND revoked_at IS NULL",
    [now, replacedBy, id],
  );
  return result.changes === 1;
}

/** Revokes every live token of a family (reuse of a rotated token). */
export async function revokeFamily(db: Queryable, familyId: string, now: string): Promise<void> {
  await db.run(
    "UPDATE refresh_tokens SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL",
    [
      now,
      familyId,
    ],
  );
}

/** Revokes one token. */
export async function revokeToken(db: Queryable, id: string, now: string): Promise<void> {
  await db.run("UPDATE refresh_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL", [
    now,
    id,
  ]);
}

/** Revokes every live token of a user (role change, deactivation). */
export async function revokeUserTokens(db: Queryable, userId: string, now: string): Promise<void> {
  await db.run(
    "UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL",
    [
      now,
      userId,
    ],
  );
}
