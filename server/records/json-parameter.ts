/**
 * A query parameter carrying JSON (a list's filters or sort in a GET): parsed and
 * checked against its schema, or a 400 naming the parameter (also when it nests
 * deeper than JSON bodies may).
 */
import type { z } from "zod";
import { invalidInput } from "../platform/errors/app-error.ts";
import { nestsDeeperThan, TOO_DEEP } from "../platform/http/json-nesting.ts";

/** The parameter's value as `schema` reads it; undefined when it is absent. */
export function jsonParameter<T extends z.ZodType>(
  text: string | undefined,
  schema: T,
  name: string,
): z.infer<T> | undefined {
  if (text === undefined) return undefined;
  if (nestsDeeperThan(text)) throw invalidInput(`${name}: ${TOO_DEEP}`, { [name]: TOO_DEEP });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidInput(`${name} is not JSON`, { [name]: "Must be JSON" });
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const at = issue.path.length > 0 ? `${name}[${issue.path.join("].")}` : name;
    throw invalidInput(`${at}: ${issue.message}`, { [name]: `${at}: ${issue.message}` });
  }
  return parsed.data;
}
