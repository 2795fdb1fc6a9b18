/**
 * The access of a bearer token, through its session: the token is verified, its
 * session must be live (not signed out, revoked or idle — see session-store.ts),
 * and the access is the user's in the session's current organisation. When that
 * membership has ended since, the session falls back to another active membership
 * of the user, or ends with a reason the user is told.
 */
import type { Database } from "../../db/database.ts";
import type { AccessTokenVerifier } from "../auth/tokens.ts";
import { sessionEnded, type SessionStore } from "../auth/session-store.ts";
import { isActiveMember, moveSessionsOff } from "../orgs/session-fallback.ts";
import type { Access, MembershipAccess } from "./access.ts";
import type { AccessResolver } from "./resolver.ts";

/**
 * The access of an Authorization header: null without a valid bearer token; a 401
 * `AppError` when the token's session is over. With `touch` the request counts as
 * the session's activity.
 */
export type SessionAuthenticator = (
  authorization: string | null | undefined,
  options: { touch: boolean },
) => Promise<Access | null>;

/** Builds the authenticator. */
export function createSessionAuthenticator(deps: {
  db: Database;
  verify: AccessTokenVerifier;
  sessions: SessionStore;
  resolve: AccessResolver;
  clock: () => number;
}): SessionAuthenticator {
  // One access object per session and membership access, so that an unchanged
  // caller is the same object from request to request (caches key on it).
  const perSession = new Map<string, { base: MembershipAccess; access: Access }>();

  async function membershipAccess(
    sessionId: string,
    userId: string,
    organizationId: string,
  ): Promise<MembershipAccess> {
    const access = await deps.resolve(userId, organizationId);
    if (access) return access;
    const now = new Date(deps.clock()).toISOString();
    if (await isActiveMember(deps.db, userId, organizationId)) {
      await deps.sessions.revoke(sessionId, "user_deactivated");
      throw sessionEnded("user_deactivated");
    }
    const moved = await deps.db.transaction((tx) =>
      moveSessionsOff(tx, { userId, organizationId, now, sessionId })
    );
    const fallback = moved.to && await deps.resolve(userId, moved.to);
    if (!fallback) throw sessionEnded("membership_ended");
    return fallback;
  }

  return async (authorization, options) => {
    if (!authorization?.startsWith("Bearer ")) return null;
    const claims = await deps.verify(authorization.slice(7).trim());
    if (!claims) return null;
    const session = await deps.sessions.live(claims.sid, claims.sub, options);
    const base = await membershipAccess(session.id, claims.sub, session.organization_id);
    const known = perSession.get(session.id);
    if (known?.base === base) return known.access;
    const access = { ...base, sessionId: session.id };
    if (perSession.size > 10_000) perSession.clear();
    perSession.set(session.id, { base, access });
    return access;
  };
}
