/**
 * What a record's state lets change. A draft changes freely. A final record
 * (document status 1) keeps every field but those declared `allow_on_submit`. A
 * state past the draft that is not final yet (a claim waiting for approval) may
 * declare the few fields that still change in it (`editable`; `[]` for none), a
 * child table's column as `<table>.<column>`, whose rows then can be neither
 * added nor removed. Validation refuses a change to anything else (409, with the
 * reason), and the record's GET lists it as read-only, so a form shows it so.
 */
import type { RecordType } from "../define.ts";
import { documentStatusOf, stateLabelOf } from "./document-status.ts";
import type { RecordData } from "./record-rows.ts";

/** What a record's state does not let change, and why. */
export interface StateLock {
  /** Why, as a caller is told: "Only a draft can be changed: this expense claim is submitted". */
  reason: string;
  /** Fields that cannot change (tables whose rows are fixed but some columns open are not here). */
  fields: ReadonlySet<string>;
  /** Tables of which only some columns change: table id → those columns. */
  openColumns: ReadonlyMap<string, ReadonlySet<string>>;
}

/** The lock of `record`'s state, or undefined when its state lets every field change. */
export function stateLock(type: RecordType, record: RecordData): StateLock | undefined {
  const docstatus = documentStatusOf(type, record);
  const label = type.declaration.label.toLowerCase();
  if (docstatus !== 0) {
    const state = type.declaration.submittable
      ? (docstatus === 1 ? "submitted" : "cancelled")
      : stateLabelOf(type, record);
    return {
      reason: `Only a draft can be changed: this ${label} is ${state}`,
      fields: new Set(type.fields.filter((f) => !f.allow_on_submit).map((f) => f.id)),
      openColumns: new Map(),
    };
  }
  const state = type.declaration.states?.list.find((s) => s.id === record.status);
  if (!state?.editable) return undefined;
  const open = new Set<string>();
  const openColumns = new Map<string, Set<string>>();
  for (const path of state.editable) {
    const [table, column] = path.split(".");
    if (column === undefined) open.add(table);
    else openColumns.set(table, new Set([...(openColumns.get(table) ?? []), column]));
  }
  return {
    reason: `Only a draft can be changed: this ${label} is ${stateLabelOf(type, record)}`,
    fields: new Set(
      type.fields.filter((f) => !open.has(f.id) && !openColumns.has(f.id)).map((f) => f.id),
    ),
    openColumns,
  };
}
