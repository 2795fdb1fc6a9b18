/**
 * Text the server refuses rather than store changed: a NUL character (U+0000)
 * would cut the value short in C-string consumers and logs, and an unpaired UTF-16
 * surrogate cannot be encoded as UTF-8 and would be replaced. Both are answered
 * 400 naming the field, wherever they sit in a body or query, keys included.
 *
 * The walk is iterative and builds a field's path only when it names a problem,
 * so its cost is the value's size whatever its depth; a value nested deeper than
 * MAX_JSON_DEPTH is named there and not descended into.
 */
import { MAX_JSON_DEPTH, TOO_DEEP } from "./json-nesting.ts";

const NUL = "\u0000";

/** Why a text is refused, or undefined when it is fine. */
function textProblem(text: string): string | undefined {
  if (text.includes(NUL)) return "Must not contain a NUL character (U+0000)";
  if (!text.isWellFormed()) return "Must not contain an unpaired UTF-16 surrogate";
  return undefined;
}

/** A value met on the walk: where it sits is kept as a link to its parent. */
interface Place {
  value: unknown;
  key: string | number | undefined;
  parent: Place | undefined;
  depth: number;
}

function pathOf(place: Place, key?: string): string {
  const keys: (string | number)[] = key === undefined ? [] : [key];
  for (let at: Place | undefined = place; at?.key !== undefined; at = at.parent) {
    keys.push(at.key);
  }
  return keys.reverse().join(".");
}

/** Field path (dot-joined, as in validation errors) → message, for every refused text. */
export function unsafeTextFields(value: unknown, what = "body"): Record<string, string> {
  const fields: Record<string, string> = {};
  const stack: Place[] = [{ value, key: undefined, parent: undefined, depth: 0 }];
  while (stack.length > 0) {
    const place = stack.pop()!;
    const { value, depth } = place;
    if (typeof value === "string") {
      const problem = textProblem(value);
      if (problem) fields[pathOf(place) || what] ??= problem;
      continue;
    }
    if (!value || typeof value !== "object") continue;
    if (depth >= MAX_JSON_DEPTH) {
      fields[pathOf(place) || what] ??= TOO_DEEP;
      continue;
    }
    const children: Place[] = [];
    if (Array.isArray(value)) {
      value.forEach((item, index) =>
        children.push({ value: item, key: index, parent: place, depth: depth + 1 })
      );
    } else {
      for (const [key, item] of Object.entries(value)) {
        const keyProblem = textProblem(key);
        if (keyProblem) fields[pathOf(place, key)] ??= `Field name: ${keyProblem}`;
        else children.push({ value: item, key, parent: place, depth: depth + 1 });
      }
    }
    // Pushed last first, so fields are met in the order they were written.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return fields;
}
