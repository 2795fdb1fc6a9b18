/**
 * Sign-in, refresh with rotation, sign-out, registration and invitation accepts.
 * Refresh tokens rotate on every use; presenting a rotated (already used) token is
 * treated as theft and revokes its whole family.
 */
import type { Database, Queryable } from "../../db/database.ts";
import type {
  RegisterRequest,
  RegistrationReceived,
  Session,
  User,
} from "../../../schemas/api/auth.ts";
import { AppError, unauthenticated } from "../errors/app-error.ts";
import { newId } from "../ids.ts";
import type { PasswordHasher } from "./hashing-pool.ts";
import { register } from "./registration.ts";
import { acceptInvitation } from "./invitation-accept.ts";
import { hashRefreshToken, newRefreshToken, signAccessToken } from "./tokens.ts";
import type { LoginThrottle } from "./rate-limit.ts";
import * as repo from "./repo.ts";

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

  async function issueSession(
    tx: Queryable,
    row: repo.UserRow,
    familyId: string = newId("fam"),
  ): Promise<{ session: Session; tokenId: string }> {
    const refresh = newRefreshToken();
    const tokenId = newId("rtk");
    await repo.insertRefreshToken(tx, {
      id: tokenId,
      userId: row.id,
      familyId,
      hash: await hashRefreshToken(refresh),
      expiresAt: iso(deps.clock() + deps.refreshTtlSeconds * 1000),
      now: iso(),
    });
    const session: Session = {
      access_token: await signAccessToken(row.id, deps.secret, {
        ttlSeconds: deps.accessTtlSeconds,
        now: deps.clock(),
      }),
      refresh_token: refresh,
      token_type: "bearer",
      expires_in: deps.accessTtlSeconds,
      user: toUser(row, await repo.currentRole(tx, row.id)),
    };
    return { session, tokenId };
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

    /** Exchanges a refresh token for a new session; the old token stops working. */
    async refresh(token: string): Promise<Session> {
      const hash = await hashRefreshToken(token);
      const outcome = await deps.db.transaction(async (tx) => {
        const stored = await repo.findRefreshToken(tx, hash);
        if (!stored) throw unauthenticated("Refresh token is not valid");
        if (stored.revoked_at) {
          // Refused only after the transaction commits: throwing here would roll the
          // family's revocation back along with it.
          if (stored.replaced_by) await repo.revokeFamily(tx, stored.family_id, iso());
          return null;
        }
        if (stored.expires_at <= iso()) throw unauthenticated("Refresh token has expired");
        const row = await repo.findUserById(tx, stored.user_id);
        if (!row || row.is_active !== 1) throw unauthenticated("Refresh token is not valid");
        const { session, tokenId } = await issueSession(tx, row, stored.family_id);
        await repo.rotateRefreshToken(tx, stored.id, tokenId, iso());
        return session;
      });
      if (!outcome) throw unauthenticated("Refresh token has been revoked");
      return outcome;
    },

    /** Revokes a refresh token (signing out). Unknown tokens are ignored. */
    async logout(token: string | undefined): Promise<void> {
      if (!token) return;
      const stored = await repo.findRefreshToken(deps.db, await hashRefreshToken(token));
      if (stored) await deps.db.transaction((tx) => repo.revokeToken(tx, stored.id, iso()));
    },

    /** The current user. */
    async me(userId: string): Promise<User> {
      const row = await repo.findUserById(deps.db, userId);
      if (!row) throw unauthenticated();
      return toUser(row, await repo.currentRole(deps.db, userId));
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
