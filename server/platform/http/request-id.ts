/** Gives every request an id, echoed in `X-Request-Id` and every log line. */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env.ts";
import { isFinished } from "./finished-answer.ts";

const INCOMING = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Fresh ids are this process's random prefix and a decimal counter (as chi's
 * RequestID middleware makes them): unique within the process, told apart across
 * restarts and instances by the prefix, and cheaper than a UUID per request. The
 * counter stays decimal: formatting in another radix is a runtime call in V8.
 */
const PREFIX = Array.from(
  crypto.getRandomValues(new Uint8Array(8)),
  (b) => b.toString(16).padStart(2, "0"),
).join("") + "-";
let counter = 0;

/** The id of a request: a well-formed incoming `X-Request-Id`, else a fresh one. */
export function requestIdFor(incoming: string | null | undefined): string {
  if (incoming && INCOMING.test(incoming)) return incoming;
  return PREFIX + ++counter;
}

/**
 * A middleware that sets `requestId`, and `X-Request-Id` on the answer, whatever
 * made it (a handler, the error handler, the not-found handler); a finished answer
 * carries it already.
 */
export function requestId(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = requestIdFor(c.req.header("x-request-id"));
    c.set("requestId", id);
    await next();
    if (!isFinished(c.res)) c.res.headers.set("X-Request-Id", id);
  };
}
