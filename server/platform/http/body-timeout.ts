/**
 * A request body must arrive whole within `timeoutMs` of the request's headers. A
 * client that sends half a body and stalls would otherwise hold its connection, and
 * the request reading it, forever. The middleware only notes the deadline (wrapping
 * every body in a stream of our own would cost each POST more than its handler);
 * the body is read through `bodyBytesWithin`, which answers 408 (with
 * `Connection: close`, so the connection and its unread body go) past the deadline.
 */
import type { Context, MiddlewareHandler } from "hono";
import { requestTimeout } from "../errors/app-error.ts";
import type { AppEnv } from "./app-env.ts";
import { chunkReader } from "./chunk-reader.ts";

/** Notes when the request's body must have arrived. */
export function bodyTimeout(options: { timeoutMs: number }): MiddlewareHandler<AppEnv> {
  return async function bodyTimeout(c, next) {
    if (c.req.raw.body) c.set("bodyDeadline", Date.now() + options.timeoutMs);
    await next();
  };
}

/** The request's body bytes, or a 408 once its deadline has passed. */
export async function bodyBytesWithin(c: Context<AppEnv>): Promise<ArrayBuffer> {
  const reading = c.req.raw.arrayBuffer();
  const deadline = c.get("bodyDeadline");
  if (deadline === undefined) return await reading;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(requestTimeout()), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([reading, late]);
  } finally {
    clearTimeout(timer);
    // A read left behind ends with the connection; its failure is nobody's to hear.
    reading.catch(() => {});
  }
}

/** How much of a streamed body one read takes. */
const CHUNK_BYTES = 64 * 1024;

/**
 * The request's body chunk by chunk as it arrives, or a 408 once its deadline has
 * passed; for bodies read as a stream (multipart forms), never held whole. Each
 * chunk is valid only until the next is asked for (chunk-reader.ts).
 */
export async function* bodyChunksWithin(c: Context<AppEnv>): AsyncGenerator<Uint8Array> {
  const body = c.req.raw.body;
  if (!body) return;
  const reader = chunkReader(body, CHUNK_BYTES);
  const deadline = c.get("bodyDeadline");
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = deadline === undefined ? undefined : new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(requestTimeout()), Math.max(0, deadline - Date.now()));
  });
  late?.catch(() => {});
  try {
    while (true) {
      const reading = reader.read();
      // A read left behind ends with the connection; its failure is nobody's to hear.
      reading.catch(() => {});
      const chunk = late ? await Promise.race([reading, late]) : await reading;
      if (!chunk) return;
      yield chunk;
    }
  } finally {
    clearTimeout(timer);
    await reader.cancel();
  }
}
