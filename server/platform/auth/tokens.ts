/**
 * Access tokens: HS256 JWTs that carry `sub`, `sid` (the server-side session they
 * belong to), `iat` and `exp` and live at most 15 minutes; verification pins the
 * algorithm and requires `exp` and `sid`. Refresh tokens are
 * random 256-bit strings; only their SHA-256 is stored.
 */
import { sign, verify } from "hono/jwt";
import { encodeBase64Url } from "./base64.ts";

/** The one algorithm accepted. */
export const ACCESS_TOKEN_ALGORITHM = "HS256" as const;

/** Claims of an access token. */
export interface AccessClaims {
  sub: string;
  sid: string;
  iat: number;
  exp: number;
  typ: "access";
}

/**
 * Signs an access token for a user's session. The same claims at the same instant
 * give the same token, which lets a refresh within the grace window answer the
 * pair it answered before.
 */
export function signAccessToken(
  session: { userId: string; sessionId: string },
  secret: string,
  options: { ttlSeconds: number; now: number },
): Promise<string> {
  const iat = Math.floor(options.now / 1000);
  const claims: AccessClaims = {
    sub: session.userId,
    sid: session.sessionId,
    iat,
    exp: iat + options.ttlSeconds,
    typ: "access",
  };
  return sign({ ...claims }, secret, ACCESS_TOKEN_ALGORITHM);
}

/** Verifies access tokens: the claims of a good one, null otherwise. */
export type AccessTokenVerifier = (token: string) => Promise<AccessClaims | null>;

/**
 * Verifies tokens, remembering good ones until they expire so that a busy client
 * does not pay for HMAC on every request. Expiry is still checked on every use.
 */
export function createAccessTokenVerifier(
  secret: string,
  clock: () => number,
): AccessTokenVerifier {
  const verified = new Map<string, AccessClaims>();
  return async function verifyAccessToken(token: string): Promise<AccessClaims | null> {
    const nowSeconds = Math.floor(clock() / 1000);
    const known = verified.get(token);
    if (known) {
      if (known.exp > nowSeconds) return known;
      verified.delete(token);
      return null;
    }
    let payload: Record<string, unknown>;
    try {
      // Time claims are checked below against the app's clock, not hono's wall clock,
      // so that the issuer and the verifier agree on what "now" is.
      payload = await verify(token, secret, {
        alg: ACCESS_TOKEN_ALGORITHM,
        exp: false,
        iat: false,
        nbf: false,
      }) as Record<string, unknown>;
    } catch {
      return null;
    }
    if (
      typeof payload.sub !== "string" || typeof payload.sid !== "string" ||
      typeof payload.exp !== "number" ||
      typeof payload.iat !== "number" || payload.typ !== "access" ||
      payload.exp <= nowSeconds || payload.iat > nowSeconds
    ) {
      return null;
    }
    if (verified.size > 10_000) verified.clear();
    const claims = payload as unknown as AccessClaims;
    verified.set(token, claims);
    return claims;
  };
}

/** A fresh refresh token. */
export function newRefreshToken(): string {
  return encodeBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

/** The stored form of a refresh token. */
export async function hashRefreshToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return encodeBase64Url(new Uint8Array(digest));
}
