/**
 * The engine's SQL for one record: read it (with its child rows), insert it,
 * update it against its version, delete it, store its child rows and give it its
 * name from the type's naming series. Callers hold the transaction.
 */
import { forUpdate } from "../../db/dialect.ts";
import type { Queryable, Reader, SqlValue } from "../../db/database.ts";
import { advanceVersion } from "../../platform/orgs/organization-versions.ts";
import { newId } from "../../platform/ids.ts";
import { conflict } from "../../platform/errors/app-error.ts";
import type { RecordType } from "../define.ts";
import { duplicateFromViolation } from "./unique-keys.ts";
import {
  attachChildren,
  columnFields,
  type RecordData,
  rowToRecord,
  selectList,
} from "./record-rows.ts";

/** Reads a record of the organisation (with child rows), or undefined. */
export async function loadRecord(
  q: Reader,
  type: RecordType,
  organizationId: string,
  id: string,
  options: {
    /**
     * Locks the record's row until the transaction ends, for a write that will
     * change it: another write of it waits, then reads what this one committed.
     */
    lock?: boolean;
  } = {},
): Promise<RecordData | undefined> {
  const row = await q.get<Record<string, unknown>>(
    `SELECT ${selectList(type)} FROM ${type.table} t WHERE t.organization_id = ? AND t.id = ?${
      options.lock ? ` ${forUpdate(q.dialect)}` : ""
    }`,
    [organizationId, id],
  );
  if (!row) return undefined;
  const record = rowToRecord(type, row);
  await attachChildren(q, type, [record]);
  return record;
}

/**
 * Locks rows of `table` (of the organisation) until the transaction ends, in id
 * order so that two writes locking overlapping rows cannot deadlock: what a
 * rule reads to decide (the invoices a payment goes to, the budgets a claim
 * falls in) cannot change under it, and another write deciding from the same
 * rows waits, then reads what this one committed. SQLite's transactions already
 * hold the whole database.
 */
export async function lockRecords(
  q: Reader,
  table: string,
  organizationId: string,
  ids: readonly string[],
): Promise<void> {
  if (q.dialect === "sqlite" || ids.length === 0) return;
  const unique = [...new Set(ids)].sort();
  await q.all(
    `SELECT id FROM ${table} WHERE organization_id = ? AND id IN (${
      unique.map(() => "?").join(", ")
    }) ORDER BY id ${forUpdate(q.dialect)}`,
    [organizationId, ...unique],
  );
}

/** Records of `type` by id (with their child rows), those of another organisation left out. */
export async function loadRecords(
  q: Queryable,
  type: RecordType,
  organizationId: string,
  ids: readonly string[],
): Promise<RecordData[]> {
  if (ids.length === 0) return [];
  const rows = await q.all<Record<string, unknown>>(
    `SELECT ${selectList(type)} FROM ${type.table} t
     WHERE t.organization_id = ? AND t.id IN (${ids.map(() => "?").join(", ")})`,
    [organizationId, ...ids],
  );
  const records = rows.map((row) => rowToRecord(type, row));
  await attachChildren(q, type, records);
  return records;
}

/** The next name of a series like `TSK-.YYYY.-.#####` (`count` names reserved at once; the first is returned). */
export async function nextSeriesNames(
  q: Queryable,
  organizationId: string,
  series: string,
  now: string,
  count = 1,
): Promise<string[]> {
  const parts = series.split(".");
  const hashes = parts.find((p) => /^#+$/.test(p)) ?? "#####";
  const prefix = parts.slice(0, parts.indexOf(hashes)).map((p) => expand(p, now)).join("");
  const suffix = parts.slice(parts.indexOf(hashes) + 1).map((p) => expand(p, now)).join("");
  const row = await q.get<{ current: number }>(
    `INSERT INTO naming_series (organization_id, prefix, current) VALUES (?, ?, ?)
     ON CONFLICT (organization_id, prefix) DO UPDATE SET current = naming_series.current + ?
     RETURNING current`,
    [organizationId, prefix, count, count],
  );
  const last = Number(row!.current);
  const names: string[] = [];
  for (let n = last - count + 1; n <= last; n++) {
    names.push(`${prefix}${String(n).padStart(hashes.length, "0")}${suffix}`);
  }
  return names;
}

function expand(part: string, now: string): string {
  switch (part) {
    case "YYYY":
      return now.slice(0, 4);
    case "YY":
      return now.slice(2, 4);
    case "MM":
      return now.slice(5, 7);
    case "DD":
      return now.slice(8, 10);
    default:
      return part;
  }
}

/** What is written with every insert besides the fields. */
export interface Stamps {
  id?: string;
  organizationId: string;
  name: string;
  now: string;
  userId: string | null;
  status?: string;
  docstatus?: number;
  amendedFrom?: string | null;
}

/** Inserts a record's row; returns its id. */
export async function insertRecord(
  q: Queryable,
  type: RecordType,
  stamps: Stamps,
  columns: ReadonlyMap<string, SqlValue>,
): Promise<string> {
  const id = stamps.id ?? newId(type.id.replace(/_/g, "").slice(0, 6));
  const names = [
    "id",
    "organization_id",
    "name",
    "version",
    "created_at",
    "created_by",
    "updated_at",
    "updated_by",
  ];
  const values: SqlValue[] = [
    id,
    stamps.organizationId,
    stamps.name,
    1,
    stamps.now,
    stamps.userId,
    stamps.now,
    stamps.userId,
  ];
  if (type.declaration.states) {
    names.push("status");
    values.push(stamps.status ?? type.declaration.states.initial);
  }
  if (type.declaration.submittable) {
    names.push("docstatus", "amended_from");
    values.push(stamps.docstatus ?? 0, stamps.amendedFrom ?? null);
  }
  for (const [column, value] of columns) {
    // A naming field `name` is the standard column, written above.
    if (names.includes(column)) continue;
    names.push(column);
    values.push(value);
  }
  try {
    await q.run(
      `INSERT INTO ${type.table} (${names.join(", ")}) VALUES (${names.map(() => "?").join(", ")})`,
      values,
    );
  } catch (error) {
    throw duplicateFromViolation(type, error) ?? error;
  }
  return id;
}

/**
 * Updates a record's row if it is still at `version`; false when it is not (a
 * stale write), so nothing is changed.
 */
export async function updateRecord(
  q: Queryable,
  type: RecordType,
  target: { organizationId: string; id: string; version: number },
  change: {
    columns: ReadonlyMap<string, SqlValue>;
    now: string;
    userId: string | null;
    name?: string;
  },
): Promise<boolean> {
  const sets = ["version = version + 1", "updated_at = ?", "updated_by = ?"];
  const values: SqlValue[] = [change.now, change.userId];
  if (change.name !== undefined) {
    sets.push("name = ?");
    values.push(change.name);
  }
  for (const [column, value] of change.columns) {
    if (column === "name" && change.name !== undefined) continue;
    sets.push(`${column} = ?`);
    values.push(value);
  }
  try {
    const result = await q.run(
      `UPDATE ${type.table} SET ${
        sets.join(", ")
      } WHERE organization_id = ? AND id = ? AND version = ?`,
      [...values, target.organizationId, target.id, target.version],
    );
    return result.changes === 1;
  } catch (error) {
    throw duplicateFromViolation(type, error) ?? error;
  }
}

/** Replaces a record's child rows of one table field with `rows` (kept in order). */
export async function replaceChildren(
  q: Queryable,
  type: RecordType,
  fieldId: string,
  parent: { organizationId: string; id: string },
  rows: readonly Record<string, SqlValue>[],
): Promise<void> {
  const child = type.field.get(fieldId)!.child!;
  await q.run(`DELETE FROM ${child.table} WHERE ${child.parent_column ?? "parent_id"} = ?`, [
    parent.id,
  ]);
  await insertChildRows(q, type, fieldId, parent, rows.map((row, idx) => ({ row, idx })));
}

/** Inserts child rows of one table field at their positions (`idx`), in batches. */
export async function insertChildRows(
  q: Queryable,
  type: RecordType,
  fieldId: string,
  parent: { organizationId: string; id: string },
  rows: readonly { row: Record<string, SqlValue>; idx: number }[],
): Promise<void> {
  const field = type.field.get(fieldId)!;
  const child = field.child!;
  const parentColumn = child.parent_column ?? "parent_id";
  const columns = (field.childFields ?? []).filter((c) => c.type !== "table").map((c) => c.column);
  const names = ["id", "organization_id", parentColumn, "idx", ...columns];
  const perRow = names.length;
  const chunk = Math.max(1, Math.floor(900 / perRow));
  for (let start = 0; start < rows.length; start += chunk) {
    const slice = rows.slice(start, start + chunk);
    const values: SqlValue[] = [];
    for (const { row, idx } of slice) {
      // A row keeps its id across saves (what a caller cannot see is carried by it).
      const id = typeof row.id === "string" ? row.id : newId("row");
      values.push(id, parent.organizationId, parent.id, idx);
      for (const c of columns) values.push(row[c] ?? null);
    }
    await q.run(
      `INSERT INTO ${child.table} (${names.join(", ")}) VALUES ${
        slice.map(() => `(${names.map(() => "?").join(", ")})`).join(", ")
      }`,
      values,
    );
  }
}

/** Deletes a record's row and its child rows. */
export async function deleteRecord(
  q: Queryable,
  type: RecordType,
  target: { organizationId: string; id: string; version: number },
): Promise<boolean> {
  for (const field of type.fields) {
    if (field.type !== "table" || !field.child) continue;
    await q.run(
      `DELETE FROM ${field.child.table} WHERE ${field.child.parent_column ?? "parent_id"} = ?`,
      [target.id],
    );
  }
  for (const owned of type.declaration.delete_with ?? []) {
    await q.run(`DELETE FROM ${owned.table} WHERE ${owned.column} = ?`, [target.id]);
  }
  const result = await q.run(
    `DELETE FROM ${type.table} WHERE organization_id = ? AND id = ? AND version = ?`,
    [target.organizationId, target.id, target.version],
  );
  return result.changes === 1;
}

export { columnFields };

/** Tells open forms and lists that a record changed (sent with the transaction's commit). */
export async function announceRecord(
  q: Queryable,
  organizationId: string,
  type: RecordType,
  id: string,
  version?: number,
): Promise<void> {
  await q.announce({
    organizationId,
    topics: ["data"],
    records: [{ type: type.id, id, ...(version !== undefined ? { version } : {}) }],
  });
  if (type.declaration.organization_setting) await advanceVersion(q, organizationId, "settings");
}

/**
 * The name of an amendment: the cancelled record's name with the next free `-N`
 * (an amendment of an amendment counts on from the first record's name).
 */
export async function amendedName(
  q: Queryable,
  type: RecordType,
  organizationId: string,
  from: RecordData,
): Promise<string> {
  const base = String(from.name).replace(/-\d+$/, from.amended_from ? "" : "$&");
  for (let n = 1; n < 1000; n++) {
    const name = `${base}-${n}`;
    const taken = await q.get(
      `SELECT 1 AS found FROM ${type.table} WHERE organization_id = ? AND name = ?`,
      [organizationId, name],
    );
    if (!taken) return name;
  }
  throw conflict("Too many amendments of this record");
}
