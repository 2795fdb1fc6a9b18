/** Gives every request an id, echoed in `X-Request-Id` and every log line. */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env.ts";

const INCOMING = /^[A-Za-z0-9._-]{8,64}$/;

/** A middleware that sets `requestId`, reusing a well-formed incoming one. */
export function requestId(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const id = incoming && INCOMING.test(incoming) ? incoming : crypto.randomUUID();
    c.set("requestId", id);
    c.header("X-Request-Id", id);
    await next();
  };
}
