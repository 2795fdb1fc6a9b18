/**
 * Password reset by email. `POST /auth/password/forgot` answers 202 with the same
 * body whether or not the address has an account, and mails a link only to an
 * active account that has a password, at most `RESETS_PER_HOUR` times an hour. The
 * link carries a random token of which only the SHA-256 is stored; it works once,
 * for `RESET_MINUTES`, and a newer link voids the older ones. `POST
 * /auth/password/reset` checks the token before hashing the new password, sets it,
 * and signs the person out of every session.
 */
import {
  ForgotPasswordRequest,
  ForgotPasswordResponse,
  ResetPasswordRequest,
  ResetPasswordResponse,
} from "../../../schemas/api/mail.ts";
import type { Config } from "../../config.ts";
import type { Database, Queryable } from "../../db/database.ts";
import { invalidInput } from "../errors/app-error.ts";
import type { Api } from "../http/api.ts";
import { newId } from "../ids.ts";
import { countSentTo, enqueueMail } from "../mail/outbox.ts";
import { passwordChangedMail, passwordResetMail } from "../mail/messages.ts";
import type { PasswordHasher } from "./hashing-pool.ts";
import { findUserByEmail, INVITED_PASSWORD_HASH, type UserRow } from "./repo.ts";
import { revokeAllSessionsOfUser } from "./session-revocation.ts";
import { hashRefreshToken, newRefreshToken } from "./tokens.ts";

/** How long a reset link works. */
export const RESET_MINUTES = 30;
/** Reset mails sent to one address per hour; requests beyond it are answered alike. */
export const RESETS_PER_HOUR = 3;
/** The answer to every well-formed request for a reset link. */
export const FORGOT_ANSWER =
  "If an account exists for this email, we have sent it a link to choose a new password.";
const INVALID_LINK = "This password reset link is not valid any more. Ask for a new one.";

/** What the reset calls need. */
export interface PasswordResetDeps {
  db: Database;
  clock: () => number;
  config: Pick<Config, "publicUrl">;
  /** Hashes the new password in the enrolment share of the hashing pool. */
  hasher: PasswordHasher;
}

interface ResetRow {
  id: string;
  user_id: string;
  expires_at: string;
  used_at: string | null;
}

/** Declares the password reset calls. */
export function passwordResetRoutes(api: Api, deps: PasswordResetDeps): void {
  const iso = (ms = deps.clock()) => new Date(ms).toISOString();
  const base = deps.config.publicUrl.replace(/\/+$/, "");

  api.route({
    method: "post",
    path: "/auth/password/forgot",
    tag: "Auth",
    summary: "Ask for a password reset link by email (always 202, the same answer for any email)",
    audience: "public",
    body: ForgotPasswordRequest,
    response: ForgotPasswordResponse,
    status: 202,
  }, async (c, { body }) => {
    const user = await findUserByEmail(deps.db, body.email);
    if (user && canReset(user)) await sendResetLink(user);
    return c.json({ message: FORGOT_ANSWER }, 202);
  });

  api.route({
    method: "post",
    path: "/auth/password/reset",
    tag: "Auth",
    summary: "Choose a new password with a reset link; signs out every session",
    audience: "public",
    body: ResetPasswordRequest,
    response: ResetPasswordResponse,
  }, async (c, { body }) => {
    const tokenHash = await hashRefreshToken(body.token);
    // The cheap check first: a flood of made-up tokens never reaches the password hash.
    if (!isUsable(await findReset(deps.db, tokenHash), iso())) throw invalidLink();
    const passwordHash = await deps.hasher.hash(body.password, "enrolment");
    const signInPath = await deps.db.transaction(async (tx) => {
      const now = iso();
      const reset = await findReset(tx, tokenHash);
      if (!reset || !isUsable(reset, now)) throw invalidLink();
      const used = await tx.run(
        "UPDATE password_resets SET used_at = ? WHERE id = ? AND used_at IS NULL",
        [now, reset.id],
      );
      if (used.changes !== 1) throw invalidLink();
      await tx.run("UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?", [
        passwordHash,
        now,
        reset.user_id,
      ]);
      await voidOpenResets(tx, reset.user_id, now);
      await revokeAllSessionsOfUser(tx, reset.user_id, { now });
      const user = await tx.get<{ email: string; is_client_portal_user: number }>(
        "SELECT email, is_client_portal_user FROM users WHERE id = ?",
        [reset.user_id],
      );
      const signIn = user?.is_client_portal_user === 1
        ? "/client-portal" as const
        : "/login" as const;
      await enqueueMail(tx, {
        organizationId: await organizationOf(tx, reset.user_id),
        to: user!.email,
        ...passwordChangedMail({ signInLink: `${base}${signIn}` }),
      }, now);
      return signIn;
    });
    return c.json({ ok: true as const, sign_in_path: signInPath });
  });

  async function sendResetLink(user: UserRow): Promise<void> {
    const nowMs = deps.clock();
    const now = iso(nowMs);
    const recent = await countSentTo(deps.db, user.email, {
      kind: "password_reset",
      since: iso(nowMs - 60 * 60_000),
    });
    if (recent >= RESETS_PER_HOUR) return;
    const token = newRefreshToken();
    const tokenHash = await hashRefreshToken(token);
    await deps.db.transaction(async (tx) => {
      await voidOpenResets(tx, user.id, now);
      await tx.run(
        "INSERT INTO password_resets (id, user_id, token_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?)",
        [newId("pwr"), user.id, tokenHash, iso(nowMs + RESET_MINUTES * 60_000), now],
      );
      await enqueueMail(tx, {
        organizationId: await organizationOf(tx, user.id),
        to: user.email,
        ...passwordResetMail({
          link: `${base}/reset-password?token=${token}`,
          minutes: RESET_MINUTES,
        }),
      }, now);
    });
  }
}

/** An active account that has chosen a password (an invited one accepts its invitation). */
function canReset(user: UserRow): boolean {
  return user.is_active === 1 && user.password_hash !== INVITED_PASSWORD_HASH;
}

function findReset(db: Queryable, tokenHash: string): Promise<ResetRow | undefined> {
  return db.get<ResetRow>(
    "SELECT id, user_id, expires_at, used_at FROM password_resets WHERE token_hash = ?",
    [tokenHash],
  );
}

function isUsable(reset: ResetRow | undefined, now: string): reset is ResetRow {
  return reset !== undefined && reset.used_at === null && reset.expires_at > now;
}

/** Ends every unused link of a user: only the newest link, or none after a reset, works. */
async function voidOpenResets(tx: Queryable, userId: string, now: string): Promise<void> {
  await tx.run(
    "UPDATE password_resets SET used_at = ? WHERE user_id = ? AND used_at IS NULL",
    [now, userId],
  );
}

/**
 * The organisation whose administrators see the person's mail in Outgoing mail: the
 * current membership's, else any; null for a person with none.
 */
async function organizationOf(tx: Queryable, userId: string): Promise<string | null> {
  const row = await tx.get<{ organization_id: string }>(
    "SELECT organization_id FROM user_organizations WHERE user_id = ? ORDER BY is_current DESC, created_at LIMIT 1",
    [userId],
  );
  return row?.organization_id ?? null;
}

function invalidLink() {
  return invalidInput(`Invalid request body: token (${INVALID_LINK})`, { token: INVALID_LINK });
}
