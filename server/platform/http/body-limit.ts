/**
 * Reads a request's body within its limits, the one place bodies are read: the
 * size its call declares (1 MiB unless the call declares more) and the deadline
 * body-timeout.ts noted. The size is checked before a byte is read when the
 * request says its length (`Content-Length`), and counted as the bytes arrive
 * otherwise, the read stopping at the first byte past the limit; both answer 413.
 * A body left unread or half read goes with its connection (Deno closes a
 * connection whose request body was not read to its end), so an oversize upload
 * costs the server at most its limit in memory.
 */
import type { Context } from "hono";
import { AppError, requestTimeout } from "../errors/app-error.ts";
import type { AppEnv } from "./app-env.ts";
import { chunkReader } from "./chunk-reader.ts";

/** How large a call's body may be, and what a caller sending more is told. */
export interface BodyLimit {
  bytes: number;
  message: string;
}

/** The limit of every call that declares none. */
export function defaultBodyLimit(bytes: number): BodyLimit {
  return { bytes, message: `Request body is larger than ${mebibytes(bytes)}` };
}

/** `1 MiB`, `64 MiB`, or the bytes when not a whole number of MiB. */
export function mebibytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return Number.isInteger(mib) ? `${mib} MiB` : `${bytes.toLocaleString("en")} bytes`;
}

function tooLarge(limit: BodyLimit): AppError {
  return new AppError(413, "payload_too_large", limit.message, {
    details: { max_bytes: limit.bytes },
  });
}

/** The length the request declares, if it declares a usable one. */
function declaredLength(c: Context<AppEnv>): number | undefined {
  const header = c.req.header("content-length");
  const length = header === undefined ? NaN : Number(header);
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

/** The request's body bytes: 413 past the limit, 408 once the body's deadline has passed. */
export async function bodyBytesWithin(
  c: Context<AppEnv>,
  limit: BodyLimit,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = declaredLength(c);
  if (declared !== undefined && declared > limit.bytes) throw tooLarge(limit);
  const reading = readUpTo(c.req.raw.body!.getReader(), limit, declared);
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

/**
 * Reads into one buffer sized by the declared length when there is one, so a large
 * body is held once; without one, the chunks are kept as they come and joined at
 * the end, so a body refused at the limit never held more than the limit.
 */
async function readUpTo(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  limit: BodyLimit,
  declared: number | undefined,
): Promise<Uint8Array<ArrayBuffer>> {
  const buffer = declared === undefined ? undefined : new Uint8Array(declared);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.length > limit.bytes || (buffer && size + value.length > buffer.length)) {
      reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    if (buffer) buffer.set(value, size);
    else chunks.push(value);
    size += value.length;
  }
  if (buffer) return size === buffer.length ? buffer : buffer.subarray(0, size);
  const joined = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks.splice(0)) {
    joined.set(chunk, offset);
    offset += chunk.length;
  }
  return joined;
}

/** How much of a streamed body one read takes. */
const CHUNK_BYTES = 64 * 1024;

/**
 * The request's body chunk by chunk as it arrives, for bodies read as a stream
 * (multipart forms, whose files are spooled to disk), never held whole: 413 past
 * the limit (before a byte is read when `Content-Length` says so), 408 once the
 * body's deadline has passed. Each chunk is valid only until the next is asked
 * for (chunk-reader.ts).
 */
export async function* bodyChunksWithin(
  c: Context<AppEnv>,
  limit: BodyLimit,
): AsyncGenerator<Uint8Array> {
  const declared = declaredLength(c);
  if (declared !== undefined && declared > limit.bytes) throw tooLarge(limit);
  const body = c.req.raw.body;
  if (!body) return;
  const reader = chunkReader(body, CHUNK_BYTES);
  const deadline = c.get("bodyDeadline");
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = deadline === undefined ? undefined : new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(requestTimeout()), Math.max(0, deadline - Date.now()));
  });
  late?.catch(() => {});
  let size = 0;
  try {
    while (true) {
      const reading = reader.read();
      // A read left behind ends with the connection; its failure is nobody's to hear.
      reading.catch(() => {});
      const chunk = late ? await Promise.race([reading, late]) : await reading;
      if (!chunk) return;
      size += chunk.length;
      if (size > limit.bytes) throw tooLarge(limit);
      yield chunk;
    }
  } finally {
    clearTimeout(timer);
    await reader.cancel();
  }
}
