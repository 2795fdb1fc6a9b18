/**
 * Secure headers with an explicit Content-Security-Policy: scripts and styles only
 * from this origin, no inline script, no framing, no plugins. The header list is
 * built once; each response gets the same pairs.
 */
import type { MiddlewareHandler } from "hono";
import { isFinished } from "./finished-answer.ts";

/** The Content-Security-Policy every response carries. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** Every security header and its value. */
export const SECURITY_HEADERS: readonly [string, string][] = [
  ["Content-Security-Policy", CONTENT_SECURITY_POLICY],
  ["X-Content-Type-Options", "nosniff"],
  ["X-Frame-Options", "DENY"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["Cross-Origin-Opener-Policy", "same-origin"],
  ["Cross-Origin-Resource-Policy", "same-origin"],
  ["Strict-Transport-Security", "max-age=15552000; includeSubDomains"],
  ["Permissions-Policy", "camera=(), microphone=(), geolocation=()"],
];

/**
 * Adds the security headers to every response with content. A 304 has none: the
 * browser keeps the stored response, security headers included (RFC 9111 §4.3.4).
 * A finished answer (a prepared one) carries them already.
 */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status === 304 || isFinished(c.res)) return;
    const headers = c.res.headers;
    for (const [name, value] of SECURITY_HEADERS) {
      // A page with an inline script of its own sends its policy naming it (static-client.ts).
      if (name === "Content-Security-Policy" && headers.has(name)) continue;
      headers.set(name, value);
    }
  };
}
