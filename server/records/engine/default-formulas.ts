/**
 * Editable defaults (`default_formula`): a field a write would leave empty — a
 * create that does not send it, a caller clearing it, a stored record that never
 * had it — takes its formula's value over the record's values as sent and fetched
 * (an invoice's due date: its issue date plus the client's payment terms). A value
 * the caller sends is theirs and was checked as any other; a stored value is kept.
 * The formula's value is checked by the field's type as a sent one is; one that does
 * not fit (no date from an empty issue date) leaves the field empty, for the
 * required check to name — unless a field the formula reads was refused, which is
 * then the one problem named.
 */
import type { SqlValue } from "../../db/database.ts";
import type { RecordType } from "../define.ts";
import { fieldsOf, parseExpression } from "../../../schemas/records/expression.ts";
import { evaluateComputed } from "./conditions.ts";
import { checkFieldValue, isEmpty } from "./field-values.ts";
import { fromColumn, type RecordData } from "./record-rows.ts";

/** What the formulas read and fill: the write's values and the columns it stores. */
export interface DefaultFormulaWrite {
  values: RecordData;
  columns: Map<string, SqlValue>;
  /** The fields the write leaves empty (before an empty number became 0). */
  leftEmpty: ReadonlySet<string>;
  /** Fields already refused: their own value is wrong, so no default replaces it. */
  errors: Readonly<Record<string, string>>;
  now: string;
}

/**
 * Fills the empty fields of `type` that have a default formula, in declared order.
 * Returns the fields left empty because a field their formula reads was refused:
 * that field's problem is the one to name, not that these are required.
 */
export function fillDefaultFormulas(type: RecordType, write: DefaultFormulaWrite): Set<string> {
  const { values, columns, leftEmpty, errors, now } = write;
  const waiting = new Set<string>();
  for (const field of type.fields) {
    if (field.default_formula === undefined || !leftEmpty.has(field.id) || errors[field.id]) {
      continue;
    }
    if (formulaFields(field.default_formula).some((id) => errors[id] || waiting.has(id))) {
      waiting.add(field.id);
      continue;
    }
    const value = evaluateComputed(field.default_formula, values, now);
    if (isEmpty(value)) continue;
    const checked = checkFieldValue(field, value);
    if (!checked.ok) continue;
    columns.set(field.column, checked.value);
    values[field.id] = fromColumn(field, checked.value);
  }
  return waiting;
}

const read = new Map<string, string[]>();

/** The fields a formula reads (parsed once per text; define.ts checked it parses). */
function formulaFields(source: string): string[] {
  let ids = read.get(source);
  if (!ids) {
    ids = fieldsOf(parseExpression(source));
    read.set(source, ids);
  }
  return ids;
}
