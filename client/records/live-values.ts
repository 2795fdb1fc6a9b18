/**
 * A form's computed values while the user types: each child row's expressions
 * (in declared order, over the row), then the record's sums of child columns and
 * its expressions, with the shared expression language and the server's rounding
 * (half away from zero at the field's precision), so the totals shown are the
 * totals the server will store.
 */
import {
  evaluateExpression,
  type Expression,
  parseExpression,
} from "../../schemas/records/expression.ts";
import { roundHalfAway } from "../../schemas/money/rounding.ts";
import type { FieldMeta, RecordTypeMeta } from "../../schemas/records/meta.ts";

type Values = Record<string, unknown>;

const parsed = new Map<string, Expression | null>();

/** A formula's parsed expression, parsed once; null when it does not parse. */
export function compiledFormula(source: string): Expression | null {
  if (!parsed.has(source)) {
    try {
      parsed.set(source, parseExpression(source));
    } catch {
      parsed.set(source, null);
    }
  }
  return parsed.get(source)!;
}

/** A formula's value as the server stores it in the field: numbers at its precision, else empty. */
export function stored(field: FieldMeta, value: unknown): unknown {
  if (typeof value === "number" && Number.isFinite(value)) {
    return field.type === "int" ? Math.round(value) : roundHalfAway(value, field.precision ?? 2);
  }
  if (field.type === "date" && typeof value === "string") return value;
  return NUMBERS.includes(field.type) ? 0 : null;
}

const NUMBERS = ["int", "float", "currency", "percent"];

/** Values as the server reads them when computing: an empty number is 0, an empty check false. */
export function asStored(fields: readonly FieldMeta[], values: Values): Values {
  const read: Values = { ...values };
  for (const field of fields) {
    const value = read[field.id];
    if (value !== null && value !== undefined && value !== "") continue;
    if (NUMBERS.includes(field.type)) read[field.id] = 0;
    else if (field.type === "check") read[field.id] = false;
  }
  return read;
}

/** Applies a field list's expressions to one set of values (a row, or the record). */
function applyExpressions(fields: readonly FieldMeta[], values: Values, today: string): Values {
  let out = values;
  const read = asStored(fields, values);
  for (const field of fields) {
    const formula = field.formula;
    if (!formula || !("expression" in formula)) continue;
    const expression = compiledFormula(formula.expression);
    if (!expression) continue;
    const value = stored(field, evaluateExpression(expression, read, { today }));
    read[field.id] = value;
    if (out[field.id] !== value) out = { ...out, [field.id]: value };
  }
  return out;
}

/** Whether a type has anything to compute in the form. */
export function hasFormulas(meta: RecordTypeMeta): boolean {
  return meta.fields.some((f) => f.formula || f.fields?.some((c) => c.formula));
}

/** The values with every computed field recomputed from the others. */
export function withComputed(meta: RecordTypeMeta, values: Values, today: string): Values {
  let out = values;
  for (const field of meta.fields) {
    if (field.type !== "table" || !field.fields?.some((c) => c.formula)) continue;
    const rows = out[field.id];
    if (!Array.isArray(rows)) continue;
    const next = rows.map((row) => applyExpressions(field.fields!, row as Values, today));
    if (next.some((row, i) => row !== rows[i])) out = { ...out, [field.id]: next };
  }
  for (const field of meta.fields) {
    const formula = field.formula;
    if (!formula || !("sum" in formula)) continue;
    const [table, column] = formula.sum.split(".");
    const rows = out[table];
    const total = Array.isArray(rows)
      ? rows.reduce((sum: number, row) => sum + (Number((row as Values)[column]) || 0), 0)
      : 0;
    const value = stored(field, total);
    if (out[field.id] !== value) out = { ...out, [field.id]: value };
  }
  return applyExpressions(meta.fields, out, today);
}
