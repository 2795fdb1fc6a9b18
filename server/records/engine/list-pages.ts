/**
 * A list's records, page after page, for a caller that reads all of them (the CSV
 * export): the engine's list query — view, filters, search, keyset sort,
 * own-record rules, link titles, derived status, level-1 fields left out — without
 * the capped count `RecordEngine.list` runs for every page, which a walk through
 * every page does not need and which would cost more than the page itself.
 */
import type { SqlValue } from "../../db/database.ts";
import type { Access } from "../../platform/access/access.ts";
import { invalidInput } from "../../platform/errors/app-error.ts";
import type { ListRequest } from "../../../schemas/records/api.ts";
import type { RecordEngine } from "./engine.ts";
import { afterCursor, cursorAfter, sortKeys, whereClause } from "./list-query.ts";
import { type RecordData, rowToRecord, selectList } from "./record-rows.ts";
import { addLinkTitles } from "./link-titles.ts";
import { derivedStatus } from "./record-states.ts";
import { readsField, visibleRecord } from "./record-access.ts";

/** Which records: a list request without its paging. */
export type PagesRequest = Pick<ListRequest, "filters" | "search" | "sort" | "view">;

/**
 * The records the list would show, `pageRows` at a time. The request is checked
 * (permission, view, filter and sort fields) when the first page is asked for.
 */
export async function* listPages(
  engine: RecordEngine,
  access: Access,
  typeId: string,
  request: PagesRequest,
  options: { pageRows: number },
): AsyncGenerator<RecordData[]> {
  const type = engine.typeFor(access, typeId, "read");
  const view = request.view
    ? type.declaration.list.views?.find((v) => v.id === request.view)
    : undefined;
  if (request.view && !view) {
    throw invalidInput(`Unknown view "${request.view}"`, { view: "Unknown view" });
  }
  const today = new Date(engine.clock()).toISOString().slice(0, 10);
  const where = whereClause(type, access, {
    filters: [...(view?.filters ?? []), ...(request.filters ?? [])],
    search: request.search,
    today,
    types: engine.types,
    dialect: engine.db.dialect,
  });
  const keys = sortKeys(type, access, request.sort ?? view?.sort ?? type.declaration.list.sort);
  const fields = type.fields.filter((f) => f.type !== "table" && readsField(type, access, f));
  const order = keys.map((k) => `${k.expression} ${k.dir.toUpperCase()}`).join(", ");
  let after: { sql: string; params: SqlValue[] } | undefined;
  while (true) {
    const rows = await engine.db.all<Record<string, unknown>>(
      `SELECT ${selectList(type, fields)} FROM ${type.table} t
       WHERE ${where.sql}${after ? ` AND ${after.sql}` : ""}
       ORDER BY ${order} LIMIT ${options.pageRows}`,
      [...where.params, ...(after?.params ?? [])],
    );
    const items = rows.map((row) => rowToRecord(type, row, fields));
    await addLinkTitles(engine.db, access.organizationId, fields, items, engine.findType);
    for (const item of items) {
      const status = derivedStatus(type, item, today);
      if (status) item.status = status;
    }
    yield items.map((item) => visibleRecord(type, access, item));
    if (rows.length < options.pageRows) return;
    after = afterRow(keys, rows[rows.length - 1]);
  }
}

/**
 * The keyset condition after a row. When every key runs the same way over a plain
 * column it is one row-value comparison, `(created_at, id) < (?, ?)`, which both
 * databases answer by seeking the sort's index; the general OR form is scanned
 * from the list's start on SQLite, which makes a walk through every page
 * quadratic (all of an import's records share one `created_at`).
 */
function afterRow(
  keys: ReturnType<typeof sortKeys>,
  row: Record<string, unknown>,
): { sql: string; params: SqlValue[] } {
  const dir = keys[0].dir;
  if (keys.some((k) => k.key.nullable || k.dir !== dir)) {
    return afterCursor(keys, cursorAfter(keys, row));
  }
  return {
    sql: `(${keys.map((k) => k.expression).join(", ")}) ${dir === "asc" ? ">" : "<"} (${
      keys.map(() => "?").join(", ")
    })`,
    params: keys.map((k) => row[k.key.column] as SqlValue),
  };
}
