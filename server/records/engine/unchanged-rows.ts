/**
 * A child row a save sends back exactly as it is stored. A form sends a table
 * whole, so editing one line of a 1,000-line proposal sends 999 rows that did not
 * change: those are kept as stored, neither checked again (their values were
 * checked when stored and their computed values were made from the same inputs)
 * nor written (child-row-writes.ts), so a save costs what its changed rows cost.
 * A table keeps rows only when nothing of a row is made from outside it but
 * values fetched through links to records: no computed value reads today's
 * date, no value is fetched from a file. A fetched value is looked up again (once
 * per linked record, not per row): a row whose linked record now gives another
 * value is not unchanged, and goes through the checks as any changed row.
 */
import type { SqlValue } from "../../db/database.ts";
import type { RecordField } from "../define.ts";
import { emptyStored, isEmpty } from "./field-values.ts";
import { fromColumn } from "./record-rows.ts";
import type { ValidationScope } from "./validate-record.ts";
import { readsToday } from "./conditions.ts";
import type { RecordData } from "./record-rows.ts";
import { storageClass } from "./table-ddl.ts";

const keeps = new WeakMap<RecordField, boolean>();

/** Whether a table field's unchanged rows may be kept as stored. */
export function keepsUnchangedRows(field: RecordField): boolean {
  let known = keeps.get(field);
  if (known === undefined) {
    const fields = field.childFields ?? [];
    known = fields.every((c) =>
      c.type !== "table" &&
      !(c.computed && "expression" in c.computed && readsToday(c.computed.expression)) &&
      (!c.fetch_from || fields.find((f) => f.id === c.fetch_from!.split(".")[0])?.type === "link")
    );
    keeps.set(field, known);
  }
  return known;
}

/**
 * Whether a sent value is the stored value as stored: strictly (a number sent as
 * text is left to the checks, which may refuse it); empty equals empty.
 */
function sameValue(field: RecordField, sent: unknown, stored: unknown): boolean {
  if (isEmpty(sent) && isEmpty(stored)) return true;
  if (field.type === "check") {
    return (sent === undefined || sent === null || typeof sent === "boolean") &&
      Boolean(sent) === Boolean(stored);
  }
  if (typeof sent !== "object" || sent === null) return sent === stored;
  return JSON.stringify(sent) === JSON.stringify(stored);
}

/**
 * Whether `row`, sent for the stored row `was`, changes nothing the caller sets:
 * every column the caller may set is sent with its stored value (a column left
 * out of a stored row is cleared, so it must be empty already), and nothing else
 * is sent but the row's id and link titles. Columns the caller may not set
 * (`settable` false) keep their stored values either way.
 */
export function rowUnchanged(
  childFields: readonly RecordField[],
  row: RecordData,
  was: RecordData,
  settable: (field: RecordField) => boolean,
): boolean {
  let known = 1; // the id
  for (const c of childFields) {
    if (!storageClass(c)) continue;
    if (Object.hasOwn(row, c.id)) known++;
    if (!settable(c)) continue;
    const sent = row[c.id];
    // A form sends a new row's declared default token (`@today`): not a stored value.
    if (typeof sent === "string" && sent.startsWith("@")) return false;
    if (!sameValue(c, sent, was[c.id])) return false;
  }
  for (const key of Object.keys(row)) {
    if (!key.endsWith("__title")) continue;
    const link = key.slice(0, -"__title".length);
    if (childFields.some((c) => c.id === link && c.type === "link")) known++;
  }
  return Object.keys(row).length === known;
}

/** Fetched values already looked up in one save, by linked type, record and field. */
export type FetchMemo = Map<string, SqlValue>;

/**
 * Whether the stored row `was` holds the values its links give now, for every
 * field fetched through a link (in declared order, so a fetched link feeds the
 * fields fetched through it; a `fetch_if_empty` field only where it is empty).
 */
export async function fetchedUnchanged(
  scope: ValidationScope,
  childFields: readonly RecordField[],
  was: RecordData,
  memo: FetchMemo,
): Promise<boolean> {
  // Values fetched anew, over the stored row (a fetched link feeds the fields fetched through it).
  const fetched = new Map<string, unknown>();
  const valueOf = (id: string) => fetched.has(id) ? fetched.get(id) : was[id];
  for (const field of childFields) {
    if (!field.fetch_from) continue;
    if (field.fetch_if_empty && !isEmpty(was[field.id])) continue;
    const [linkId, targetField] = field.fetch_from.split(".");
    const link = childFields.find((f) => f.id === linkId)!;
    const id = valueOf(linkId);
    let value: SqlValue = emptyStored(field);
    if (!isEmpty(id) && link.link && link.link !== "user") {
      const target = scope.findType(link.link);
      const column = target?.field.get(targetField)?.column ??
        (targetField === "name" ? targetField : undefined);
      if (target && column) {
        const key = `${target.id}\u0000${id}\u0000${column}`;
        if (!memo.has(key)) {
          const row = await scope.q.get<{ v: SqlValue }>(
            `SELECT ${column} AS v FROM ${target.table} WHERE organization_id = ? AND id = ?`,
            [scope.access.organizationId, id as string],
          );
          memo.set(key, row?.v ?? emptyStored(field));
        }
        value = memo.get(key)!;
      }
    }
    const now = fromColumn(field, value);
    if (!(isEmpty(now) && isEmpty(was[field.id])) && now !== was[field.id]) return false;
    fetched.set(field.id, now);
  }
  return true;
}
