/**
 * A request body must arrive whole within `timeoutMs` of the request's headers. A
 * client that sends half a body and stalls would otherwise hold its connection, and
 * the request reading it, forever. The router only notes the deadline (wrapping
 * every body in a stream of our own would cost each POST more than its handler);
 * the body is read through `bodyBytesWithin` (body-limit.ts), which answers 408
 * (with `Connection: close`, so the connection and its unread body go) past the
 * deadline.
 */
import type { Context } from "hono";
import type { AppEnv } from "./app-env.ts";

/**
 * Notes when the request's body must have arrived. The app runs it with the checks
 * before authentication.
 */
export function bodyDeadlineNote(options: { timeoutMs: number }): (c: Context<AppEnv>) => void {
  return (c) => {
    if (c.req.raw.body) c.set("bodyDeadline", Date.now() + options.timeoutMs);
  };
}
