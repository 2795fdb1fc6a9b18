/**
 * Reads and validates a JSON body with zod. Malformed JSON is a 400 naming the
 * problem; schema failures are a 400 whose details map each field to its message.
 * Unknown fields are refused because every request schema is strict, and text that
 * would be stored changed (NUL, unpaired surrogates) is refused the same way. JSON
 * nested deeper than MAX_JSON_DEPTH is refused before it is parsed.
 */
import type { z } from "zod";
import { invalidInput } from "../errors/app-error.ts";
import { unsafeTextFields } from "./unsafe-text.ts";
import { nestsDeeperThan, TOO_DEEP } from "./json-nesting.ts";

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
    if (nestsDeeperThan(text)) throw invalidFields({ [what]: TOO_DEEP }, what);
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
  const unsafe = unsafeTextFields(value, what);
  if (Object.keys(unsafe).length > 0) throw invalidFields(unsafe, what);
  const result = schema.safeParse(value);
  if (!result.success) throw invalidFields(fieldMessages(result.error), what);
  return result.data;
}

function invalidFields(fields: Record<string, string>, what: string) {
  const names = Object.keys(fields);
  return invalidInput(
    `Invalid request ${what}: ${names.map((n) => `${n} (${fields[n]})`).join(", ")}`,
    fields,
  );
}
