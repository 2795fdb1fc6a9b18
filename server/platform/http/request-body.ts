/**
 * Reads a call's request body in the format the call declares. JSON calls read
 * only `application/json` (an optional `charset` must be UTF-8), so a cross-site
 * HTML form (`text/plain`, `application/x-www-form-urlencoded`) cannot reach them;
 * calls that take files declare `multipart/form-data`. Anything else is 415. A
 * request without a body is read as `{}`, as before. Bytes that are not UTF-8 are
 * refused rather than replaced.
 */
import type { Context } from "hono";
import type { z } from "zod";
import { invalidInput, unsupportedMediaType } from "../errors/app-error.ts";
import type { AppEnv } from "./app-env.ts";
import { parseJson, validate } from "./json-body.ts";
import { bodyBytesWithin, type BodyLimit } from "./body-limit.ts";

/** The body formats a call may declare. */
export type BodyFormat = "json" | "multipart";

const MEDIA_TYPE: Record<BodyFormat, string> = {
  json: "application/json",
  multipart: "multipart/form-data",
};

/** Reads and validates the body of a call declared with `format`, within the call's size limit. */
export async function readRequestBody<T extends z.ZodType>(
  c: Context<AppEnv>,
  schema: T,
  options: { format?: BodyFormat; limit: BodyLimit },
): Promise<z.infer<T>> {
  const { format = "json", limit } = options;
  const request = c.req.raw;
  if (!request.body || request.headers.get("content-length") === "0") return validate({}, schema);
  if (!declares(request.headers.get("content-type"), format)) {
    throw unsupportedMediaType(MEDIA_TYPE[format]);
  }
  const bytes = await bodyBytesWithin(c, limit);
  if (format === "multipart") return validate(formFields(await readForm(request, bytes)), schema);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw invalidInput("The request body is not valid UTF-8", { body: "Not valid UTF-8" });
  }
  return parseJson(text, schema);
}

/** Whether a Content-Type header names the format's media type (and UTF-8, for JSON). */
function declares(header: string | null, format: BodyFormat): boolean {
  if (!header) return false;
  const [type, ...parameters] = header.split(";").map((part) => part.trim().toLowerCase());
  if (type !== MEDIA_TYPE[format]) return false;
  if (format === "multipart") return true;
  const charset = parameters.find((p) => p.startsWith("charset="))?.slice("charset=".length);
  return charset === undefined || charset.replace(/"/g, "") === "utf-8";
}

async function readForm(request: Request, bytes: Uint8Array<ArrayBuffer>): Promise<FormData> {
  try {
    return await new Response(bytes, { headers: request.headers }).formData();
  } catch {
    throw invalidInput("The request body is not a valid multipart form", {
      body: "Not a valid multipart form",
    });
  }
}

/** A form's fields as an object: files stay `File`s; a repeated name becomes a list. */
function formFields(form: FormData): Record<string, FormDataEntryValue | FormDataEntryValue[]> {
  const fields: Record<string, FormDataEntryValue | FormDataEntryValue[]> = {};
  for (const name of new Set(form.keys())) {
    const values = form.getAll(name);
    fields[name] = values.length === 1 ? values[0] : values;
  }
  return fields;
}
