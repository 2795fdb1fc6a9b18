/**
 * Reads a call's request body in the format the call declares. JSON calls read
 * only `application/json` (an optional `charset` must be UTF-8), so a cross-site
 * HTML form (`text/plain`, `application/x-www-form-urlencoded`) cannot reach them;
 * calls that take files declare `multipart/form-data`. Anything else is 415. A
 * request without a body is read as `{}`, as before. Bytes that are not UTF-8 are
 * refused rather than replaced. A multipart form is read as it arrives, its files
 * spooled to disk (multipart-form.ts), so an upload is never held in memory.
 */
import type { Context } from "hono";
import type { z } from "zod";
import { invalidInput, unsupportedMediaType } from "../errors/app-error.ts";
import type { AppEnv } from "./app-env.ts";
import { parseJson, validate } from "./json-body.ts";
import { bodyBytesWithin, bodyChunksWithin, type BodyLimit } from "./body-limit.ts";
import { boundaryOf, type FormFields, readMultipartForm } from "./multipart-form.ts";
import { Uploads } from "./uploaded-file.ts";
import type { BodyMemory } from "./body-memory.ts";

/** The body formats a call may declare. */
export type BodyFormat = "json" | "multipart";

const MEDIA_TYPE: Record<BodyFormat, string> = {
  json: "application/json",
  multipart: "multipart/form-data",
};

/** How a call's body is read. */
export interface BodyReading {
  /** The format the call declares (default JSON). */
  format?: BodyFormat;
  /** The most the body may hold (the call's declared limit). */
  limit: BodyLimit;
  /** Where a multipart form's files are spooled; the caller removes them once answered. */
  uploads?: Uploads;
  /** The call's validated JSON bodies by text, when it keeps them (body-memory.ts). */
  memory?: BodyMemory;
}

/** Reads and validates the body of a call declared with `reading.format`, within its size limit. */
export async function readRequestBody<T extends z.ZodType>(
  c: Context<AppEnv>,
  schema: T,
  reading: BodyReading,
): Promise<z.infer<T>> {
  const format = reading.format ?? "json";
  const { limit } = reading;
  const request = c.req.raw;
  if (!request.body || request.headers.get("content-length") === "0") return validate({}, schema);
  if (!declares(request.headers.get("content-type"), format)) {
    throw unsupportedMediaType(MEDIA_TYPE[format]);
  }
  if (format === "multipart") {
    return validate(await readForm(c, limit, reading.uploads ?? new Uploads()), schema);
  }
  const text = utf8Text(await bodyBytesWithin(c, limit));
  const { memory } = reading;
  if (!memory) return parseJson(text, schema);
  return (memory.recall(text) as z.infer<T> | undefined) ??
    memory.keep(text, parseJson(text, schema));
}

/** Refuses bytes that are not UTF-8 rather than replacing them. */
const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** The longest body decoded without the decoder when it is all ASCII. */
const SHORT_BODY_BYTES = 4096;

/** The text of a body; 400 when it is not UTF-8. */
function utf8Text(bytes: Uint8Array): string {
  // A short ASCII body (most JSON calls) is its own text: every byte is its character.
  if (bytes.length <= SHORT_BODY_BYTES && isAscii(bytes)) {
    return String.fromCharCode.apply(null, bytes as unknown as number[]);
  }
  try {
    return UTF8.decode(bytes);
  } catch {
    throw invalidInput("The request body is not valid UTF-8", { body: "Not valid UTF-8" });
  }
}

function isAscii(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i] > 0x7f) return false;
  return true;
}

/** Whether a Content-Type header names the format's media type (and UTF-8, for JSON). */
function declares(header: string | null, format: BodyFormat): boolean {
  if (!header) return false;
  if (header === MEDIA_TYPE[format]) return true;
  const [type, ...parameters] = header.split(";").map((part) => part.trim().toLowerCase());
  if (type !== MEDIA_TYPE[format]) return false;
  if (format === "multipart") return true;
  const charset = parameters.find((p) => p.startsWith("charset="))?.slice("charset=".length);
  return charset === undefined || charset.replace(/"/g, "") === "utf-8";
}

function readForm(c: Context<AppEnv>, limit: BodyLimit, uploads: Uploads): Promise<FormFields> {
  const boundary = boundaryOf(c.req.header("content-type") ?? null);
  if (!boundary) {
    throw invalidInput("The request body is not a valid multipart form: it names no boundary", {
      body: "Not a valid multipart form",
    });
  }
  return readMultipartForm(bodyChunksWithin(c, limit), boundary, uploads);
}
