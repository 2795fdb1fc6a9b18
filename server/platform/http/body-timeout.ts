/**
 * Middleware: a request body must arrive whole within `timeoutMs` of the request's
 * headers. A client that sends half a body and stalls would otherwise hold its
 * connection, and the request reading it, forever. Past the deadline the body
 * stream fails with a 408 error (answered with `Connection: close`) and the
 * connection's body is cancelled.
 */
import type { MiddlewareHandler } from "hono";
import { requestTimeout } from "../errors/app-error.ts";
import type { AppEnv } from "./app-env.ts";

/** Bounds the time a request body may take to arrive. */
export function bodyTimeout(options: { timeoutMs: number }): MiddlewareHandler<AppEnv> {
  return async function bodyTimeout(c, next) {
    const source = c.req.raw.body;
    if (!source) return await next();
    const reader = source.getReader();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        timer = setTimeout(() => {
          controller.error(requestTimeout());
          reader.cancel().catch(() => {});
        }, options.timeoutMs);
      },
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            clearTimeout(timer);
            controller.close();
          } else controller.enqueue(value);
        } catch (error) {
          clearTimeout(timer);
          controller.error(error);
        }
      },
      cancel(reason) {
        clearTimeout(timer);
        return reader.cancel(reason);
      },
    });
    c.req.raw = new Request(c.req.raw, { body, duplex: "half" } as RequestInit);
    try {
      await next();
    } finally {
      clearTimeout(timer);
    }
  };
}
