/**
 * Writing an update's child rows when some were sent back unchanged
 * (unchanged-rows.ts): only what changed is written. Rows gone and rows changed
 * are deleted by id, changed and new rows inserted (keeping their ids), and kept
 * rows that moved get their new position; a kept row in place is not touched.
 * With nothing kept, the table is replaced as a whole (record-store.ts).
 */
import type { Queryable, SqlValue } from "../../db/database.ts";
import type { RecordType } from "../define.ts";
import { insertChildRows, replaceChildren } from "./record-store.ts";
import type { KeptRows } from "./validate-record.ts";

/** Rows per statement (both databases take far more parameters than this needs). */
const CHUNK = 400;

/** Stores a record's rows of one table field after an update. */
export async function writeChildren(
  q: Queryable,
  type: RecordType,
  fieldId: string,
  parent: { organizationId: string; id: string },
  rows: readonly Record<string, SqlValue>[],
  kept: KeptRows | undefined,
): Promise<void> {
  if (!kept || kept.rows !== rows || kept.kept.size === 0) {
    return await replaceChildren(q, type, fieldId, parent, rows);
  }
  const child = type.field.get(fieldId)!.child!;
  const parentColumn = child.parent_column ?? "parent_id";
  const position = new Map(kept.previous.map((id, index) => [id, index]));
  const staying = new Set(rows.map((row) => row.id).filter((id) => typeof id === "string"));
  const deleted = kept.previous.filter((id) => !staying.has(id));
  const written: { row: Record<string, SqlValue>; idx: number }[] = [];
  const moved: [string, number][] = [];
  for (const [idx, row] of rows.entries()) {
    if (!kept.kept.has(idx)) {
      written.push({ row, idx });
      if (typeof row.id === "string" && position.has(row.id)) deleted.push(row.id);
    } else if (position.get(row.id as string) !== idx) moved.push([row.id as string, idx]);
  }
  for (let start = 0; start < deleted.length; start += CHUNK) {
    const ids = deleted.slice(start, start + CHUNK);
    await q.run(
      `DELETE FROM ${child.table} WHERE ${parentColumn} = ? AND id IN (${
        ids.map(() => "?").join(", ")
      })`,
      [parent.id, ...ids],
    );
  }
  await insertChildRows(q, type, fieldId, parent, written);
  for (let start = 0; start < moved.length; start += CHUNK) {
    const slice = moved.slice(start, start + CHUNK);
    await q.run(
      `UPDATE ${child.table} SET idx = CASE id ${
        slice.map(() => "WHEN ? THEN CAST(? AS INTEGER)").join(" ")
      } END WHERE ${parentColumn} = ? AND id IN (${slice.map(() => "?").join(", ")})`,
      [...slice.flat(), parent.id, ...slice.map(([id]) => id)],
    );
  }
}
