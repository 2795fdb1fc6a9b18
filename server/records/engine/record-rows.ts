/**
 * Between stored rows and records: a row's columns become a record's values by
 * field id (flags as booleans, child rows inline under their table field), and a
 * record's values become columns again.
 */
import type { Reader } from "../../db/database.ts";
import type { RecordField, RecordType } from "../define.ts";
import { storageClass } from "./table-ddl.ts";

/** A record as the engine passes it around: standard keys plus values by field id. */
export type RecordData = Record<string, unknown>;

/** Standard columns every record carries, in the order the API shows them. */
export function standardColumns(type: RecordType): string[] {
  const columns = ["id", "name", "version", "created_at", "created_by", "updated_at", "updated_by"];
  if (type.declaration.states) columns.push("status");
  if (type.declaration.submittable) columns.push("docstatus", "amended_from");
  return columns;
}

/** Fields stored in a column of the type's own table. */
export function columnFields(type: RecordType): RecordField[] {
  return type.fields.filter((f) => storageClass(f) !== null);
}

/** SELECT list of a type's row: standard columns then field columns, unaliased. */
export function selectList(
  type: RecordType,
  fields: readonly RecordField[] = columnFields(type),
): string {
  return [...standardColumns(type), ...fields.map((f) => f.column)].map((c) => `t.${c}`).join(", ");
}

/** The value of a column as the API shows it. */
export function fromColumn(field: RecordField, value: unknown): unknown {
  if (field.type === "check") return value === 1 || value === true;
  if (value === undefined) return null;
  return value;
}

/** A row (as objects keyed by column) to a record. */
export function rowToRecord(
  type: RecordType,
  row: Record<string, unknown>,
  fields: readonly RecordField[] = columnFields(type),
): RecordData {
  const record: RecordData = {};
  for (const c of standardColumns(type)) record[c] = row[c] ?? null;
  for (const f of fields) record[f.id] = fromColumn(f, row[f.column]);
  record.title = String(record[type.declaration.title_field] ?? record.name ?? "");
  return record;
}

/** Loads child rows of the given parents for each table field, inline under the field. */
export async function attachChildren(
  q: Reader,
  type: RecordType,
  records: RecordData[],
  fields: readonly RecordField[] = type.fields,
): Promise<void> {
  if (records.length === 0) return;
  for (const field of fields) {
    if (field.type !== "table" || !field.child || !field.childFields) continue;
    const parent = field.child.parent_column ?? "parent_id";
    const ids = records.map((r) => r.id as string);
    const columns = ["id", parent, "idx", ...field.childFields.map((c) => c.column)];
    const rows = await q.all<Record<string, unknown>>(
      `SELECT ${columns.join(", ")} FROM ${field.child.table}
       WHERE ${parent} IN (${ids.map(() => "?").join(", ")}) ORDER BY ${parent}, idx`,
      ids,
    );
    const byParent = new Map<string, RecordData[]>();
    for (const row of rows) {
      const child: RecordData = { id: row.id };
      for (const c of field.childFields) child[c.id] = fromColumn(c, row[c.column]);
      const list = byParent.get(row[parent] as string) ?? [];
      list.push(child);
      byParent.set(row[parent] as string, list);
    }
    for (const record of records) record[field.id] = byParent.get(record.id as string) ?? [];
  }
}
