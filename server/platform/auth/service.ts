/**
 * Sign-in, refresh with rotation, sign-out, registration and invitation accepts.
 * Each sign-in opens a server-side session (see session-store.ts); its refresh
 * tokens rotate on every use. A rotated token presented again within
 * `REFRESH_GRACE_SECONDS` of its rotation (two tabs refreshing at once) answers the
 * same pair the rotation answered; later, it is treated as theft and ends the
 * session with every token of it.
 */
import type { Database, Queryable } from "../../db/database.ts";
import type {
  RegisterRequest,
  RegistrationReceived,
  Session,
  User,
} from "../../../schemas/api/auth.ts";
import type { Access } from "../access/access.ts";
import { AppError, unauthenticated } from "../errors/app-error.ts";
import { newId } from "../ids.ts";
import { isActiveMember, moveSessionsOff } from "../orgs/session-fallback.ts";
import type { PasswordHasher } from "./hashing-pool.ts";
import { register } from "./registration.ts";
import { acceptInvitation } from "./invitation-accept.ts";
import { hashRefreshToken, newRefreshToken, signAccessToken } from "./tokens.ts";
import type { LoginThrottle } from "./rate-limit.ts";
import { sessionEnded, type SessionStore } from "./session-store.ts";
import { openSuccessor, sealSuccessor } from "./successor-seal.ts";
import * as repo from "./repo.ts";

/**
 * How long a just-rotated refresh token still answers the pair it was exchanged
 * for (the "reuse interval" of Auth0, the "grace period" of Okta).
 */
export const REFRESH_GRACE_SECONDS = 30;

/** The 403 of a sign-in whose every membership is deactivated. */
export function noActiveMembership(): AppError {
  return new AppError(
    403,
    "no_active_membership",
    "Your account has no active organization membership. Ask an administrator to restore it.",
  );
}

/**
 * Thrown inside a refresh whose token another refresh rotated meanwhile (two
 * tabs at once on PostgreSQL, where both transactions run together): its work is
 * rolled back and the refresh runs again, answering as the first one did.
 */
class RotatedMeanwhile extends Error {}

/** The message for any failed sign-in: never says which part was wrong. */
export const INVALID_CREDENTIALS = "Invalid email or password";

/** What the auth service needs. */
export interface AuthDeps {
  db: Database;
  clock: () => number;
  secret: string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  hasher: PasswordHasher;
  throttle: LoginThrottle;
  /** The base of links in mail (the notice to an account whose email someone registers). */
  publicUrl: string;
  sessions: SessionStore;
}

/** The User entity of a user row and their current role. */
export function toUser(row: repo.UserRow, role: string | null): User {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    role: role ?? "",
    is_client_portal_user: row.is_client_portal_user === 1,
  };
}

/** Builds the auth service. */
export function createAuthService(deps: AuthDeps) {
  const iso = (ms = deps.clock()) => new Date(ms).toISOString();

  /**
   * Issues a session's tokens: a new session (in the user's landing organisation)
   * unless `session` names the one being refreshed. `now` is the instant of issue.
   */
  async function issueSession(
    tx: Queryable,
    row: repo.UserRow,
    options: { session?: { id: string; organizationId: string }; now?: number } = {},
  ): Promise<{ session: Session; tokenId: string; refresh: string }> {
    const now = options.now ?? deps.clock();
    let session = options.session;
    if (!session) {
      const organizationId = await repo.landingOrganization(tx, row.id);
      if (!organizationId) throw noActiveMembership();
      session = { id: newId("ses"), organizationId };
      await repo.insertSession(tx, {
        id: session.id,
        userId: row.id,
        organizationId,
        now: iso(now),
      });
    }
    const refresh = newRefreshToken();
    const tokenId = newId("rtk");
    await repo.insertRefreshToken(tx, {
      id: tokenId,
      userId: row.id,
      familyId: session.id,
      hash: await hashRefreshToken(refresh),
      expiresAt: iso(now + deps.refreshTtlSeconds * 1000),
      now: iso(now),
    });
    return {
      session: await sessionAnswer(tx, row, { ...session, refresh, now }),
      tokenId,
      refresh,
    };
  }

  /** The answer of a session's tokens; the same inputs give the same answer. */
  async function sessionAnswer(
    db: Queryable,
    row: repo.UserRow,
    s: { id: string; organizationId: string; refresh: string; now: number },
  ): Promise<Session> {
    return {
      access_token: await signAccessToken({ userId: row.id, sessionId: s.id }, deps.secret, {
        ttlSeconds: deps.accessTtlSeconds,
        now: s.now,
      }),
      refresh_token: s.refresh,
      token_type: "bearer",
      expires_in: deps.accessTtlSeconds,
      user: toUser(row, await repo.roleIn(db, row.id, s.organizationId)),
    };
  }

  return {
    /** Signs in; throttled per account and per client address. */
    async login(email: string, password: string, address: string): Promise<Session> {
      const wait = deps.throttle.retryAfterSeconds(email, address);
      if (wait > 0) {
        throw new AppError(
          429,
          "too_many_attempts",
          "Too many failed sign-in attempts. Try again later.",
          {
            headers: { "Retry-After": String(wait) },
            details: { retry_after_seconds: wait },
          },
        );
      }
      const row = await repo.findUserByEmail(deps.db, email);
      // One derivation whatever fails (unknown email, invited, deactivated, wrong
      // password), so the time taken tells nothing.
      const ok = await deps.hasher.verify(password, row?.password_hash, "sign-in");
      if (!row || !ok || row.is_active !== 1) {
        deps.throttle.recordFailure(email, address);
        throw unauthenticated(INVALID_CREDENTIALS);
      }
      deps.throttle.recordSuccess(email);
      return (await deps.db.transaction((tx) => issueSession(tx, row))).session;
    },

    /**
     * Exchanges a refresh token for new tokens of the same session; the old token
     * stops working, except within the grace window, where it answers the same pair.
     */
    async refresh(token: string): Promise<Session> {
      const hash = await hashRefreshToken(token);
      const found = await repo.findRefreshToken(deps.db, hash);
      if (!found) throw unauthenticated("Refresh token is not valid");
      // The session must be live and not idle. Refreshing counts as activity: the
      // client refreshes only when the person is active (the idle guard asks it to).
      await deps.sessions.live(found.family_id, found.user_id, { touch: true });
      const now = deps.clock();
      type Outcome = { session: Session } | { refused: string };
      const exchange = async (tx: Queryable): Promise<Outcome> => {
        const stored = await repo.findRefreshToken(tx, hash);
        if (!stored) throw unauthenticated("Refresh token is not valid");
        const row = await repo.findUserById(tx, stored.user_id);
        if (!row || row.is_active !== 1) throw unauthenticated("Refresh token is not valid");
        const live = await repo.findSession(tx, stored.family_id);
        if (!live || live.revoked_at) return { refused: live?.revoked_reason ?? "signed_out" };
        if (stored.revoked_at) {
          const rotatedAt = Date.parse(stored.revoked_at);
          const successor = stored.replaced_by && stored.successor_sealed &&
              now - rotatedAt <= REFRESH_GRACE_SECONDS * 1000
            ? await openSuccessor(token, stored.successor_sealed)
            : null;
          if (successor) {
            const session = { id: live.id, organizationId: live.organization_id };
            return {
              session: await sessionAnswer(tx, row, {
                ...session,
                refresh: successor,
                now: rotatedAt,
              }),
            };
          }
          // Refused only after the transaction commits: throwing here would roll the
          // session's end back along with it.
          if (stored.replaced_by) {
            await repo.revokeSession(tx, live.id, "refresh_reuse", iso(now));
            return { refused: "refresh_reuse" };
          }
          return { refused: "signed_out" };
        }
        if (stored.expires_at <= iso(now)) throw unauthenticated("Refresh token has expired");
        let organizationId = live.organization_id;
        if (!(await isActiveMember(tx, row.id, organizationId))) {
          const moved = await moveSessionsOff(tx, {
            userId: row.id,
            organizationId,
            now: iso(now),
            sessionId: live.id,
          });
          if (!moved.to) return { refused: "membership_ended" };
          organizationId = moved.to;
        }
        const issued = await issueSession(tx, row, {
          session: { id: live.id, organizationId },
          now,
        });
        const rotated = await repo.rotateRefreshToken(tx, stored.id, {
          id: issued.tokenId,
          sealed: await sealSuccessor(token, issued.refresh),
        }, iso(now));
        if (!rotated) throw new RotatedMeanwhile();
        return { session: issued.session };
      };
      const outcome = await deps.db.transaction(exchange).catch((error) => {
        if (error instanceof RotatedMeanwhile) return deps.db.transaction(exchange);
        throw error;
      });
      if (!("session" in outcome)) throw sessionEnded(outcome.refused);
      return outcome.session;
    },

    /**
     * Signs out: ends the session of the refresh token and of the caller's access
     * token (either may be missing). Unknown tokens are ignored.
     */
    async logout(token: string | undefined, sessionId: string | undefined): Promise<void> {
      const stored = token
        ? await repo.findRefreshToken(deps.db, await hashRefreshToken(token))
        : undefined;
      const ids = new Set([stored?.family_id, sessionId].filter((id) => id !== undefined));
      for (const id of ids) await deps.sessions.revoke(id, "signed_out");
    },

    /** The current user, with their role in the session's organisation. */
    async me(access: Access): Promise<User> {
      const row = await repo.findUserById(deps.db, access.user.id);
      if (!row) throw unauthenticated();
      return toUser(row, access.role);
    },

    /** Founds an organisation for a new email; answers the same for a known one. */
    register(input: RegisterRequest): Promise<RegistrationReceived> {
      return register(deps, input);
    },

    /** Sets an invited user's password with their one-time token. */
    acceptInvitation(input: { token: string; password: string }): Promise<void> {
      return acceptInvitation(deps, input);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
