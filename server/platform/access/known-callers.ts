/**
 * Callers already known: the access of an Authorization header whose token was
 * verified before and whose access is cached and current, found with one lookup by
 * the header as sent. The fast lanes ask this on every request they look at, so it
 * does no slicing, no second lookup and no key building once a caller is known.
 *
 * An entry holds while its token has not expired and the database's change stamp
 * has not moved since the entry was made; the stamp moves on every write through
 * this server and on a commit by another process (noticed by the resolver's poll),
 * so a revoked permission or a deactivated member is never answered from here after
 * the write that revoked it. Past either, the caller goes the long way (the token
 * cache and the access cache) and is remembered again.
 */
import type { Access } from "./access.ts";
import type { AccessResolver } from "./resolver.ts";
import type { AccessTokenVerifier } from "../auth/tokens.ts";

/** The access of an Authorization header, when known without waiting. */
export type KnownCallers = (authorization: string | null) => Access | undefined;

interface Known {
  access: Access;
  /** The resolver's stamp the access belongs to. */
  stamp: string;
  /** When the token expires, in ms. */
  expiresAt: number;
}

/** Builds the lookup over the token verifier and the access resolver. */
export function createKnownCallers(deps: {
  verifier: AccessTokenVerifier;
  resolver: AccessResolver;
  clock: () => number;
  /** Headers remembered at most; past it the memo starts afresh. */
  max?: number;
}): KnownCallers {
  const { verifier, resolver, clock } = deps;
  const max = deps.max ?? 10_000;
  const memo = new Map<string, Known>();
  return (authorization) => {
    if (authorization === null) return undefined;
    const stamp = resolver.stamp();
    const known = memo.get(authorization);
    if (known !== undefined && known.stamp === stamp && known.expiresAt > clock()) {
      return known.access;
    }
    if (!authorization.startsWith("Bearer ")) return undefined;
    const claims = verifier.peek(authorization.slice(7).trim());
    const access = claims && resolver.peek(claims.sub);
    if (!claims || !access) {
      if (known !== undefined) memo.delete(authorization);
      return undefined;
    }
    if (memo.size >= max) memo.clear();
    memo.set(authorization, { access, stamp, expiresAt: claims.exp * 1000 });
    return access;
  };
}
