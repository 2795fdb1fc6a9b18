/**
 * The dashboard analytics service answers `{ success, message, data, metadata }`
 * (document 2, §7). This middleware gives its refusals (400, 401, 403, …) the same
 * envelope: `{ success: false, message, error: { code, message, details? } }` —
 * the API's usual error object is kept, so generic clients still read it.
 */
import type { MiddlewareHandler } from "hono";

/** Wraps error answers of the routes it is mounted on. */
export function successEnvelope(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status < 400) return;
    const body = await c.res.clone().json().catch(() => null) as
      | { error?: { message?: string } }
      | null;
    if (!body?.error) return;
    const { status, headers } = c.res;
    c.res = undefined;
    c.res = new Response(
      JSON.stringify({ success: false, message: body.error.message ?? "", error: body.error }),
      { status, headers },
    );
  };
}
