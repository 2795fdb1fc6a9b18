/**
 * Text the server refuses rather than store changed: a NUL character (U+0000)
 * would cut the value short in C-string consumers and logs, and an unpaired UTF-16
 * surrogate cannot be encoded as UTF-8 and would be replaced. Both are answered
 * 400 naming the field, wherever they sit in a body or query, keys included.
 */

const NUL = "\u0000";

/** Why a text is refused, or undefined when it is fine. */
function textProblem(text: string): string | undefined {
  if (text.includes(NUL)) return "Must not contain a NUL character (U+0000)";
  if (!text.isWellFormed()) return "Must not contain an unpaired UTF-16 surrogate";
  return undefined;
}

/** Field path (dot-joined, as in validation errors) → message, for every refused text. */
export function unsafeTextFields(value: unknown, what = "body"): Record<string, string> {
  const fields: Record<string, string> = {};
  visit(value, [], fields, what);
  return fields;
}

function visit(
  value: unknown,
  path: (string | number)[],
  fields: Record<string, string>,
  what: string,
): void {
  if (typeof value === "string") {
    const problem = textProblem(value);
    if (problem) fields[path.join(".") || what] ??= problem;
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => visit(item, [...path, index], fields, what));
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const keyProblem = textProblem(key);
      if (keyProblem) fields[[...path, key].join(".")] ??= `Field name: ${keyProblem}`;
      else visit(item, [...path, key], fields, what);
    }
  }
}
