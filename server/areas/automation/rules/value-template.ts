/**
 * Values a rule writes, as templates over the trigger's record: `"Call {{ name }}"`
 * fills each `{{ … }}` with an expression of the engine's expression language
 * (no code runs: schemas/records/expression.ts), and a value that is one `{{ … }}`
 * alone keeps its type (`"{{ owner }}"` is the owner's id, `"{{ value * 2 }}"` a
 * number). Anything else is written as given.
 */
import {
  evaluateExpression,
  type Expression,
  fieldsOf,
  parseExpression,
} from "../../../../schemas/records/expression.ts";

const PART = /\{\{(.*?)\}\}/g;
const WHOLE = /^\{\{(.*?)\}\}$/;

/** The expressions a template holds, parsed (throws ExpressionError naming the problem). */
export function templateExpressions(template: string): Expression[] {
  return [...template.matchAll(PART)].map((m) => parseExpression(m[1].trim()));
}

/** The names a value (or, in an object or list, its values) reads. */
export function namesRead(value: unknown): string[] {
  if (typeof value === "string") return templateExpressions(value).flatMap(fieldsOf);
  if (Array.isArray(value)) return value.flatMap(namesRead);
  if (value && typeof value === "object") return Object.values(value).flatMap(namesRead);
  return [];
}

function shown(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") {
    return value.toLocaleString("en", { maximumFractionDigits: 2, useGrouping: true });
  }
  return String(value);
}

/** A value filled in over the record's values. */
export function fillValue(
  value: unknown,
  values: Readonly<Record<string, unknown>>,
  today: string,
): unknown {
  if (typeof value === "string") {
    const whole = WHOLE.exec(value);
    if (whole && !whole[1].includes("}}")) {
      return evaluateExpression(parseExpression(whole[1].trim()), values, { today });
    }
    return value.replace(
      PART,
      (_, source: string) =>
        shown(evaluateExpression(parseExpression(source.trim()), values, { today })),
    );
  }
  if (Array.isArray(value)) return value.map((v) => fillValue(v, values, today));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, fillValue(v, values, today)]),
    );
  }
  return value;
}
