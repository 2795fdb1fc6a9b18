/**
 * Per-address limits on the writes anyone may make without signing in. Every
 * public POST belongs to a class with its own limit (configurable, see Config):
 * error reports and chat feedback, the contact and demo forms, registration, and
 * the calls that spend or ask for an emailed link (invitations, password resets),
 * and signing by a mailed link with the check of a signed PDF. A request is
 * counted before its body is read, so malformed floods are limited too; past the
 * limit it is answered 429 with Retry-After. A path with a parameter (a signing
 * link's token) is counted as its route, so trying many links counts as one.
 * Contact and demo forms also have a limit over all addresses per day, which bounds
 * what many addresses together can store.
 */
import type { Hono, MiddlewareHandler } from "hono";
import type { AnonymousWriteClass, RateLimitSetting } from "../../config.ts";
import { AppError } from "../errors/app-error.ts";
import { SlidingWindowLimiter } from "../auth/rate-limit.ts";
import type { AppEnv } from "./app-env.ts";
import { clientLimitKey } from "./client-address.ts";

/** The class of each public POST. */
export const ANONYMOUS_WRITES: Readonly<Record<string, AnonymousWriteClass>> = {
  "/ui/errors": "reports",
  "/ui/chat-feedback": "reports",
  "/public/contact": "forms",
  "/public/schedule-demo": "forms",
  "/auth/register": "registration",
  "/auth/accept-invitation": "invitation",
  "/auth/invitation/preview": "invitation",
  "/auth/password/forgot": "invitation",
  "/auth/password/reset": "invitation",
  "/api/signing/:token": "signing",
  "/api/signing/:token/sign": "signing",
  "/api/signing/:token/decline": "signing",
  "/api/signature-verification": "signing",
};

/**
 * Public POSTs with no limit here, and why: sign-in has its own failure throttle;
 * refresh and logout write only for the holder of a valid refresh token, and an
 * invalid one costs one SHA-256 and one indexed read; an automation rule's incoming
 * webhook is called by other systems, from any address, with its secret.
 */
export const UNLIMITED_PUBLIC_POSTS: Readonly<Record<string, string>> = {
  "/auth/login": "failed sign-ins are limited per account and per address",
  "/auth/refresh": "writes only with a valid refresh token",
  "/auth/logout": "writes only with a valid refresh token",
  "/api/automation/hooks/:secret":
    "runs only with a rule's 256-bit secret (an unknown one costs one indexed read); the rule's own rate cap limits its runs",
};

/** The forms' limit over every address together: what a day may store. */
export const FORMS_PER_DAY: RateLimitSetting = { max: 1000, windowSeconds: 24 * 60 * 60 };

/** 429 for a caller over a limit. */
export function tooManyRequests(retryAfterSeconds: number): AppError {
  return new AppError(
    429,
    "too_many_requests",
    `Too many requests. Try again in ${retryAfterSeconds} seconds.`,
    {
      headers: { "Retry-After": String(retryAfterSeconds) },
      details: { retry_after_seconds: retryAfterSeconds },
    },
  );
}

/** What the limits need. */
export interface AnonymousLimitOptions {
  limits: Record<AnonymousWriteClass, RateLimitSetting>;
  trustedProxies: number;
  clock: () => number;
}

function limiterOf(setting: RateLimitSetting, clock: () => number): SlidingWindowLimiter {
  return new SlidingWindowLimiter(
    { max: setting.max, windowMs: setting.windowSeconds * 1000 },
    clock,
  );
}

/** The middleware limiting one path's requests per client address (and over all, if given). */
export function anonymousWriteLimit(
  perAddress: SlidingWindowLimiter,
  options: { trustedProxies: number; overall?: SlidingWindowLimiter; route?: string },
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = `${options.route ?? c.req.path}|${clientLimitKey(c, options.trustedProxies)}`;
    const wait = Math.max(
      perAddress.retryAfterSeconds(key),
      options.overall?.retryAfterSeconds(c.req.path) ?? 0,
    );
    if (wait > 0) throw tooManyRequests(wait);
    perAddress.record(key);
    options.overall?.record(c.req.path);
    await next();
  };
}

/** Puts the limit of its class in front of every anonymous write; call before the routes. */
export function limitAnonymousWrites(app: Hono<AppEnv>, options: AnonymousLimitOptions): void {
  const limiters = new Map<AnonymousWriteClass, SlidingWindowLimiter>();
  const overallForms = limiterOf(FORMS_PER_DAY, options.clock);
  for (const [path, kind] of Object.entries(ANONYMOUS_WRITES)) {
    if (!limiters.has(kind)) limiters.set(kind, limiterOf(options.limits[kind], options.clock));
    app.post(
      path,
      anonymousWriteLimit(limiters.get(kind)!, {
        trustedProxies: options.trustedProxies,
        overall: kind === "forms" ? overallForms : undefined,
        route: path,
      }),
    );
  }
}
