/**
 * Assertions on API answers shared by the HTTP tests: a status with its JSON body,
 * the JSON error shape `{ error: { code, message, details? } }`, and a 400 that
 * names the offending field. Each failure message carries the body it saw.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";

/** The JSON error body every refused call answers. */
export interface ErrorBody {
  code: string;
  message: string;
  details?: { fields?: Record<string, string> } & Record<string, unknown>;
}

/** Checks the status and returns the parsed JSON body. */
export async function jsonOf<T = Record<string, unknown>>(
  res: Response,
  status = 200,
): Promise<T> {
  const text = await res.text();
  assertEquals(res.status, status, `expected ${status}, got ${res.status}: ${text.slice(0, 500)}`);
  ok(
    (res.headers.get("content-type") ?? "").startsWith("application/json"),
    `expected JSON, got ${res.headers.get("content-type")}`,
  );
  return JSON.parse(text) as T;
}

/** Checks the status and error code; returns the error. */
export async function errorOf(res: Response, status: number, code: string): Promise<ErrorBody> {
  const body = await jsonOf<{ error: ErrorBody }>(res, status);
  assertEquals(body.error.code, code, JSON.stringify(body));
  assertEquals(typeof body.error.message, "string");
  ok(body.error.message.length > 0, "the error message is empty");
  return body.error;
}

/**
 * Checks a 400 invalid_input whose details name every given field. Its message
 * names the field: by its id (a request's shape), or, for a record's values, in
 * the sentence the details give it ("Title is required"), the first of them.
 */
export async function assertInvalidFields(res: Response, ...fields: string[]): Promise<ErrorBody> {
  const error = await errorOf(res, 400, "invalid_input");
  const given = error.details?.fields ?? {};
  const named = Object.keys(given);
  const sentences = Object.values(given).filter((v): v is string => typeof v === "string");
  for (const field of fields) {
    ok(named.includes(field), `expected field "${field}" in ${JSON.stringify(error)}`);
    ok(
      error.message.includes(field) || sentences.some((s) => error.message.startsWith(s)),
      `expected "${field}" or its sentence in message "${error.message}"`,
    );
  }
  return error;
}

/** The payload of a JWT, without verifying it. */
export function jwtPayload(token: string): Record<string, unknown> {
  const part = token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/");
  return JSON.parse(atob(part.padEnd(Math.ceil(part.length / 4) * 4, "=")));
}
