/**
 * A record's document status (0 draft, 1 final, 2 cancelled). Submittable types
 * store it; a type with workflow states takes it from the state the record is in,
 * as declared: an approved budget or a paid expense claim is as final as a
 * submitted invoice, so it cannot be deleted either.
 */
import type { RecordType } from "../define.ts";
import type { RecordData } from "./record-rows.ts";

/** The document status of `record` of `type`. */
export function documentStatusOf(type: RecordType, record: RecordData): 0 | 1 | 2 {
  if (type.declaration.submittable) return Number(record.docstatus ?? 0) as 0 | 1 | 2;
  const state = type.declaration.states?.list.find((s) => s.id === record.status);
  return state?.docstatus ?? 0;
}

/** The name of the workflow state `record` is in, in lower case for a sentence. */
export function stateLabelOf(type: RecordType, record: RecordData): string {
  const state = type.declaration.states?.list.find((s) => s.id === record.status);
  return (state?.label ?? String(record.status ?? "")).toLowerCase();
}
