/** SQL of users, sessions and refresh tokens. */
import type { Queryable } from "../../db/database.ts";
import { isUniqueViolation } from "../../db/constraint-errors.ts";
import { AppError, invalidInput } from "../errors/app-error.ts";

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
  successor_sealed: string | null;
}

/** A session row: one sign-in, with its own current organisation. */
export interface SessionRow {
  id: string;
  user_id: string;
  organization_id: string;
  created_at: string;
  last_seen_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
}

/** The user with this email, if any. */
export function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  return db.get<UserRow>("SELECT * FROM users WHERE email = ?", [email]);
}

/** The user with this id, if any. */
export function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  return db.get<UserRow>("SELECT * FROM users WHERE id = ?", [id]);
}

/** The user's role in an organisation (null without a membership). */
export async function roleIn(
  db: Queryable,
  userId: string,
  organizationId: string,
): Promise<string | null> {
  const row = await db.get<{ user_role: string }>(
    "SELECT user_role FROM user_organizations WHERE user_id = ? AND organization_id = ?",
    [userId, organizationId],
  );
  return row?.user_role ?? null;
}

/**
 * The organisation a new or displaced session of the user lands in: the
 * membership last chosen (`is_current`) when it is still active, else the first
 * other active one by name; never `excluded`. Undefined when none is active.
 */
export async function landingOrganization(
  db: Queryable,
  userId: string,
  excluded = "",
): Promise<string | undefined> {
  const row = await db.get<{ organization_id: string }>(
    `SELECT uo.organization_id FROM user_organizations uo
       JOIN organizations o ON o.id = uo.organization_id
      WHERE uo.user_id = ? AND uo.status = 'active' AND o.is_active = 1 AND uo.organization_id <> ?
      ORDER BY uo.is_current DESC, o.name LIMIT 1`,
    [userId, excluded],
  );
  return row?.organization_id;
}

/** Opens a session. */
export async function insertSession(
  db: Queryable,
  s: { id: string; userId: string; organizationId: string; now: string },
): Promise<void> {
  await db.run(
    `INSERT INTO sessions (id, user_id, organization_id, created_at, last_seen_at)
     VALUES (?, ?, ?, ?, ?)`,
    [s.id, s.userId, s.organizationId, s.now, s.now],
  );
}

/** A session by id, live or not. */
export function findSession(db: Queryable, id: string): Promise<SessionRow | undefined> {
  return db.get<SessionRow>("SELECT * FROM sessions WHERE id = ?", [id]);
}

/** Records activity on a live session. */
export async function touchSession(db: Queryable, id: string, now: string): Promise<void> {
  await db.run("UPDATE sessions SET last_seen_at = ? WHERE id = ? AND revoked_at IS NULL", [
    now,
    id,
  ]);
}

/** Ends a session and its refresh tokens (a session's tokens are its family). */
export async function revokeSession(
  db: Queryable,
  id: string,
  reason: string,
  now: string,
): Promise<void> {
  await db.run(
    "UPDATE sessions SET revoked_at = ?, revoked_reason = ? WHERE id = ? AND revoked_at IS NULL",
    [now, reason, id],
  );
  await revokeFamily(db, id, now);
}

/** The password hash of an invited account until it accepts: no password matches it. */
export const INVITED_PASSWORD_HASH = "invited";

/** What adding an account answers when its email already has one. */
export const EMAIL_TAKEN = "An account with this email already exists";

/** Whether error is the answer of insertUser to an email already in use. */
export function isEmailTaken(error: unknown): boolean {
  return error instanceof AppError && error.code === "invalid_input" &&
    error.message === EMAIL_TAKEN;
}

/**
 * Inserts a user. The unique index on email decides whether the email is free,
 * also between two requests adding it at once: a taken email answers 400 naming it.
 */
export async function insertUser(
  db: Queryable,
  user: Omit<UserRow, "is_active"> & { now: string },
): Promise<void> {
  try {
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
  } catch (error) {
    if (isUniqueViolation(error)) throw invalidInput(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw error;
  }
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
  t: {
    id: string;
    userId: string;
    /** The session the token belongs to. */
    familyId: string;
    hash: string;
    expiresAt: string;
    now: string;
  },
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
    `SELECT id, user_id, family_id, expires_at, revoked_at, replaced_by, successor_sealed
       FROM refresh_tokens WHERE token_hash = ?`,
    [hash],
  );
}

/** Marks a token used: revoked now, replaced by its successor (kept sealed for the grace window). */
export async function rotateRefreshToken(
  db: Queryable,
  id: string,
  successor: { id: string; sealed: string },
  now: string,
): Promise<boolean> {
  const result = await db.run(
    "UPDATE refresh_tokens SET revoked_at = ?, replaced_by = ?, successor_sealed = ? WHERE id = ? AND revoked_at IS NULL",
    [now, successor.id, successor.sealed, id],
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

/** Ends every session and refresh token of a user (signed out everywhere). */
export async function revokeUserTokens(db: Queryable, userId: string, now: string): Promise<void> {
  await db.run(
    "UPDATE sessions SET revoked_at = ?, revoked_reason = 'signed_out_everywhere' WHERE user_id = ? AND revoked_at IS NULL",
    [now, userId],
  );
  await db.run(
    "UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL",
    [
      now,
      userId,
    ],
  );
}
