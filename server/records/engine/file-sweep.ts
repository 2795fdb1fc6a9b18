/**
 * Files nobody attached: an upload answers a file id that a form then saves in an
 * attach field; a form left unsaved, or a value replaced or deleted later, leaves
 * the file unreferenced. Each upload removes its organisation's files that no
 * attach field of any declared type (child rows included) names and that are
 * older than a day, so a form still being filled keeps its upload.
 */
import type { Queryable } from "../../db/database.ts";
import type { RecordType } from "../define.ts";

/** How long an unattached file is kept for the form that uploaded it. */
export const UNATTACHED_FILE_GRACE_MS = 24 * 60 * 60 * 1000;

/** Every table and column holding a file id. */
function attachColumns(types: Iterable<RecordType>): { table: string; column: string }[] {
  const columns: { table: string; column: string }[] = [];
  for (const type of types) {
    for (const field of type.fields) {
      if (field.type === "attach") columns.push({ table: type.table, column: field.column });
      if (field.type === "table" && field.child) {
        for (const child of field.childFields ?? []) {
          if (child.type === "attach") {
            columns.push({ table: field.child.table, column: child.column });
          }
        }
      }
    }
  }
  return columns;
}

/** Deletes the organisation's unattached files uploaded before `now` minus the grace; answers how many. */
export async function sweepUnattachedFiles(
  q: Queryable,
  types: Iterable<RecordType>,
  organizationId: string,
  now: number,
): Promise<number> {
  const columns = attachColumns(types);
  const before = new Date(now - UNATTACHED_FILE_GRACE_MS).toISOString();
  const referenced = columns.map(({ table, column }) =>
    `SELECT ${column} FROM ${table} WHERE organization_id = ? AND ${column} <> ''`
  );
  const result = await q.run(
    `DELETE FROM files WHERE organization_id = ? AND created_at < ?${
      referenced.length > 0 ? ` AND id NOT IN (${referenced.join(" UNION ALL ")})` : ""
    }`,
    [organizationId, before, ...columns.map(() => organizationId)],
  );
  return result.changes;
}
