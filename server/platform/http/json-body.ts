/**
 * Reads and validates a JSON body with zod. Malformed JSON is a 400 naming the
 * problem; schema failures are a 400 whose details map each field to its message.
 * Unknown fields are refused because every request schema is strict.
 */
import type { z } from "zod";
import { invalidInput } from "../errors/app-error.ts";

/** Field path → message, from a zod error. */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        const path = [...issue.path, key].join(".");
        fields[path] = "Unknown field";
      }
      continue;
    }
    const path = issue.path.join(".") || "body";
    fields[path] ??= issue.message;
  }
  return fields;
}

/** Parses text as JSON and validates it. Empty text is read as `{}`. */
export function parseJson<T extends z.ZodType>(text: string, schema: T, what = "body"): z.infer<T> {
  let value: unknown = {};
  if (text.trim() !== "") {
    try {
      value = JSON.parse(text);
    } catch {
      throw invalidInput(`Malformed JSON in request ${what}`);
    }
  }
  return validate(value, schema, what);
}

/** Validates a value; a failure is a 400 listing the fields. */
export function validate<T extends z.ZodType>(
  value: unknown,
  schema: T,
  what = "body",
): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const fields = fieldMessages(result.error);
    const names = Object.keys(fields);
    throw invalidInput(
      `Invalid request ${what}: ${names.map((n) => `${n} (${fields[n]})`).join(", ")}`,
      fields,
    );
  }
  return result.data;
}
