/**
 * Editable defaults in the form (`default_formula`): while a field is empty and the
 * person has not touched it, it shows its formula's value over the values being
 * edited — an invoice's due date follows its issue date and the client's payment
 * terms as they change. Once the person edits the field, their value stays (even
 * emptied, so a date being retyped is not filled in under their cursor); a value the
 * form started with or the record has stored is kept as well. A default the person
 * left alone is not sent: the server makes it from what it stores, as the form did.
 */
import { evaluateExpression } from "../../schemas/records/expression.ts";
import type { FieldMeta, RecordTypeMeta } from "../../schemas/records/meta.ts";
import { asStored, compiledFormula, stored } from "./live-values.ts";

type Values = Record<string, unknown>;

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === "";
}

/**
 * Whether `field` shows its default formula's value: it has one, the person has
 * not edited it (`edits`) and the record's own value (`base`: what it started
 * with, or stored) is empty.
 */
export function followsFormula(field: FieldMeta, base: Values | undefined, edits: Values): boolean {
  return field.default_formula !== undefined && !Object.hasOwn(edits, field.id) &&
    isEmpty(base?.[field.id]);
}

/** Whether a type has editable defaults for the form to follow. */
export function hasDefaultFormulas(meta: RecordTypeMeta): boolean {
  return meta.fields.some((f) => f.default_formula !== undefined);
}

/**
 * The values being edited (`base` with `edits` over it), each field that follows
 * its formula set to the formula's value, in declared order as the server fills them.
 */
export function withDefaultFormulas(
  meta: RecordTypeMeta,
  state: { base: Values | undefined; edits: Values },
  today: string,
): Values {
  let out: Values = { ...state.base, ...state.edits };
  for (const field of meta.fields) {
    if (!followsFormula(field, state.base, state.edits)) continue;
    const expression = compiledFormula(field.default_formula!);
    if (!expression) continue;
    const value = stored(
      field,
      evaluateExpression(expression, asStored(meta.fields, out), { today }),
    );
    if (out[field.id] !== value) out = { ...out, [field.id]: value };
  }
  return out;
}
