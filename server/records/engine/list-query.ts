/**
 * A record list as SQL: the caller's organisation and own-record rule, filters,
 * search over the type's search fields, a multi-column sort ending on `id` so
 * every row has one place, and keyset paging (the cursor carries the last row's
 * sort values, so page 200 costs what page 1 costs). The count is capped: exact
 * up to COUNT_EXACT_LIMIT rows, "more than" beyond, so a list of millions answers
 * as fast as a list of thousands.
 */
import type { Dialect, Queryable, SqlValue } from "../../db/database.ts";
import { containsMatch, containsPattern } from "../../db/dialect.ts";
import { relativeDate } from "./relative-dates.ts";
import type { MembershipAccess } from "../../platform/access/access.ts";
import { invalidInput } from "../../platform/errors/app-error.ts";
import { COUNT_EXACT_LIMIT, LIST_LIMIT_DEFAULT } from "../../../schemas/records/api.ts";
import type { Filter, Sort } from "../../../schemas/records/meta.ts";
import type { RecordField, RecordType } from "../define.ts";
import { nullable, storageClass } from "./table-ddl.ts";
import { decodeBase64, encodeBase64Url } from "../../platform/auth/base64.ts";
import { remembered } from "../../db/remembered.ts";
import { readableClause, type ReadContext, readsField } from "./record-access.ts";
import { derivedStatusIn, derivedStatusSql } from "./derived-status-sql.ts";

/** A filterable or sortable key: a field, or a standard column. */
export interface Key {
  column: string;
  /** Its SQL when it is not the column of the list's row (`t.<column>`): a derived status, a joined record's field. */
  expression?: string;
  field?: RecordField;
  kind: "TEXT" | "INTEGER" | "REAL";
  nullable: boolean;
  /** A link of a child table's rows (`allocations.invoice`): the record has a row naming it. */
  child?: { table: string; parentColumn: string };
  /** A derived status: records holding one of these statuses, as a condition indexes answer. */
  statusIn?: (statuses: readonly string[]) => string;
}

const STANDARD_KEYS: Record<string, Omit<Key, "column">> = {
  // A link's picker asks for one record by id, to show the title of a value it was given.
  id: { kind: "TEXT", nullable: false },
  name: { kind: "TEXT", nullable: false },
  created_at: { kind: "TEXT", nullable: false },
  updated_at: { kind: "TEXT", nullable: false },
  created_by: { kind: "TEXT", nullable: true },
  status: { kind: "TEXT", nullable: false },
  docstatus: { kind: "INTEGER", nullable: false },
};

/** The key a caller names, or a 400 naming it. */
export function keyOf(
  type: RecordType,
  access: MembershipAccess,
  id: string,
  what: string,
  derived?: { today: string; dialect: Dialect },
): Key {
  const child = what === "filters" ? childLinkKey(type, access, id) : undefined;
  if (child) return child;
  if (id === "status" && derived) {
    const expression = derivedStatusSql(type, "t", derived.today, derived.dialect);
    if (expression) {
      const statusIn = (statuses: readonly string[]) =>
        derivedStatusIn(type, "t", derived.today, derived.dialect, statuses)!;
      return { column: "status", expression, kind: "TEXT", nullable: true, statusIn };
    }
  }
  const field = type.field.get(id);
  if (field) {
    const kind = storageClass(field);
    if (kind && readsField(type, access, field)) {
      return { column: field.column, field, kind, nullable: nullable(field) };
    }
  } else if (Object.hasOwn(STANDARD_KEYS, id)) {
    if (id === "status" && !type.declaration.states) {
      throw invalidInput(`Unknown field "${id}" in ${what}`, { [what]: `Unknown field "${id}"` });
    }
    if (id === "docstatus" && !type.declaration.submittable) {
      throw invalidInput(`Unknown field "${id}" in ${what}`, { [what]: `Unknown field "${id}"` });
    }
    return { column: id, ...STANDARD_KEYS[id] };
  }
  throw invalidInput(`Unknown field "${id}" in ${what}`, { [what]: `Unknown field "${id}"` });
}

/**
 * Whether `id` is a key lists of the type may filter and sort by, for every caller
 * who sees it (a check of declarations at start-up; `keyOf` decides per caller).
 */
export function isListKey(type: RecordType, id: string): boolean {
  const field = type.field.get(id);
  if (field) return storageClass(field) !== null;
  if (id === "status") return type.declaration.states !== undefined;
  if (id === "docstatus") return type.declaration.submittable === true;
  return Object.hasOwn(STANDARD_KEYS, id);
}

/**
 * A child table's link as a filter key (`allocations.invoice`: payments with an
 * allocation to this invoice), so a record lists the records whose rows name it.
 */
function childLinkKey(type: RecordType, access: MembershipAccess, id: string): Key | undefined {
  const [tableId, columnId, ...rest] = id.split(".");
  if (columnId === undefined || rest.length > 0) return undefined;
  const table = type.field.get(tableId);
  const column = table?.childFields?.find((c) => c.id === columnId);
  if (!table?.child || !column || column.type !== "link") return undefined;
  if (!readsField(type, access, table) || !readsField(type, access, column)) return undefined;
  return {
    column: column.column,
    field: column,
    kind: "TEXT",
    nullable: true,
    child: { table: table.child.table, parentColumn: table.child.parent_column ?? "parent_id" },
  };
}

/** A filter on a child table's link: some row of the record names the value (or one of them). */
function childFilterClause(
  key: Key & { child: NonNullable<Key["child"]> },
  filter: Filter,
): { sql: string; params: SqlValue[] } {
  const values = filter.op === "eq" ? [filter.value] : filter.op === "in" ? filter.value : null;
  if (!Array.isArray(values) || values.length === 0 || values.some((v) => typeof v !== "string")) {
    throw invalidInput(
      `Filter on "${filter.field}" takes "eq" or "in" with record ids`,
      { filters: `${filter.field}: "eq" or "in" with record ids` },
    );
  }
  return {
    sql: `EXISTS (SELECT 1 FROM ${key.child.table} c WHERE c.organization_id = t.organization_id
      AND c.${key.child.parentColumn} = t.id AND c.${key.column} IN (${
      values.map(() => "?").join(", ")
    }))`,
    params: values as string[],
  };
}

/** What a list query is asked. */
export interface ListQuery {
  filters: readonly Filter[];
  search?: string;
  sort: readonly Sort[];
  limit?: number;
  cursor?: string;
  today: string;
}

/**
 * The WHERE clause (with its parameters) of a list: the records the caller may
 * read (record-access.ts: organisation, own-record rule, attached records), then
 * filters and search.
 */
export function whereClause(
  type: RecordType,
  access: MembershipAccess,
  query: Pick<ListQuery, "filters" | "search" | "today"> & Pick<ReadContext, "types"> & {
    dialect: Dialect;
  },
): { sql: string; params: SqlValue[] } {
  const readable = readableClause(query, access, type);
  const parts = [readable.sql];
  const params: SqlValue[] = [...readable.params];
  for (const filter of query.filters) {
    const key = keyOf(type, access, filter.field, "filters", query);
    const clause = filterClause(key, filter, access, query.today);
    parts.push(clause.sql);
    params.push(...clause.params);
  }
  const search = query.search?.trim();
  if (search) {
    const columns = [
      "name",
      ...type.declaration.search_fields.map((f) => type.field.get(f)?.column ?? f),
    ];
    const unique = [...new Set(columns)];
    parts.push(`(${unique.map((c) => containsMatch(`t.${c}`)).join(" OR ")})`);
    for (const _ of unique) params.push(containsPattern(search));
  }
  return { sql: parts.join(" AND "), params };
}

/** A date, or the start of a date-time, as filters compare them. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/;

function filterValue(key: Key, value: unknown, access: MembershipAccess, today: string): SqlValue {
  if (value === "@me") return access.user.id;
  if (typeof value === "string") {
    const relative = relativeDate(value, today);
    if (relative) return relative;
  }
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value === null || value === undefined) return null;
  const type = key.field?.type;
  if ((type === "date" || type === "datetime") && !ISO_DATE.test(String(value))) {
    const id = key.field?.id ?? key.column;
    const why = `Filter on "${id}" needs a date (YYYY-MM-DD) or a relative date (@today-30)`;
    throw invalidInput(why, { filters: why });
  }
  if (key.kind !== "TEXT") {
    const n = typeof value === "number" ? value : Number(value);
    if (!Number.isFinite(n)) {
      const why = `Filter on "${key.field?.id ?? key.column}" needs a number`;
      throw invalidInput(why, { filters: why });
    }
    return n;
  }
  return String(value);
}

/** One filter as SQL over the key's column (or expression). */
export function filterClause(
  key: Key,
  filter: Filter,
  access: MembershipAccess,
  today: string,
): { sql: string; params: SqlValue[] } {
  if (key.child) return childFilterClause({ ...key, child: key.child }, filter);
  const c = key.expression ?? `t.${key.column}`;
  const one = () => filterValue(key, filter.value, access, today);
  const list = () => {
    if (!Array.isArray(filter.value) || filter.value.length === 0) {
      throw invalidInput(`Filter "${filter.op}" on "${filter.field}" needs a list of values`, {
        filters: `${filter.field}: needs a list of values`,
      });
    }
    return filter.value.map((v) => filterValue(key, v, access, today));
  };
  const empty = key.nullable ? `${c} IS NULL` : key.kind === "TEXT" ? `${c} = ''` : `${c} = 0`;
  switch (filter.op) {
    case "eq": {
      const v = one();
      if (v === null) return { sql: empty, params: [] };
      if (key.statusIn && typeof v === "string") return { sql: key.statusIn([v]), params: [] };
      return { sql: `${c} = ?`, params: [v] };
    }
    case "ne": {
      const v = one();
      if (v === null) return { sql: `NOT (${empty})`, params: [] };
      return key.nullable
        ? { sql: `(${c} IS NULL OR ${c} <> ?)`, params: [v] }
        : { sql: `${c} <> ?`, params: [v] };
    }
    case "lt":
    case "lte":
    case "gt":
    case "gte": {
      const v = one();
      if (v === null) {
        throw invalidInput(`Filter on "${filter.field}" needs a value`, { filters: filter.field });
      }
      const op = { lt: "<", lte: "<=", gt: ">", gte: ">=" }[filter.op];
      return { sql: `${c} ${op} ?`, params: [v] };
    }
    case "between": {
      const [from, to] = list();
      if (from === undefined || to === undefined) {
        throw invalidInput(`Filter "between" on "${filter.field}" needs two values`, {
          filters: filter.field,
        });
      }
      return { sql: `${c} BETWEEN ? AND ?`, params: [from, to] };
    }
    case "in": {
      const values = list();
      if (key.statusIn && values.every((v) => typeof v === "string")) {
        return { sql: key.statusIn(values as string[]), params: [] };
      }
      return { sql: `${c} IN (${values.map(() => "?").join(", ")})`, params: values };
    }
    case "not_in": {
      const values = list();
      const sql = `${c} NOT IN (${values.map(() => "?").join(", ")})`;
      return { sql: key.nullable ? `(${c} IS NULL OR ${sql})` : sql, params: values };
    }
    case "contains": {
      if (key.kind !== "TEXT") {
        throw invalidInput(`Filter "contains" needs a text field`, { filters: filter.field });
      }
      return { sql: containsMatch(c), params: [containsPattern(String(filter.value ?? ""))] };
    }
    case "is_set":
      return { sql: `NOT (${empty})`, params: [] };
    case "is_not_set":
      return { sql: empty, params: [] };
  }
}

/**
 * What an empty (NULL) value sorts as, so that empties come last whichever way the
 * list runs and both databases agree: '' before every value when descending, '~'
 * after every value when ascending (nullable columns hold ids, dates and times,
 * whose characters all sort before '~' in byte order).
 */
function emptySortsAs(dir: "asc" | "desc"): string {
  return dir === "asc" ? "~" : "";
}

/** A sort column as SQL: a nullable column sorts its empties last (`emptySortsAs`). */
function sortExpression(key: Key, dir: "asc" | "desc"): string {
  return key.nullable ? `COALESCE(t.${key.column}, '${emptySortsAs(dir)}')` : `t.${key.column}`;
}

/** The ORDER BY keys of a list: the asked sort, then `id` as the tie-break. */
export function sortKeys(
  type: RecordType,
  access: MembershipAccess,
  sort: readonly Sort[],
): { expression: string; dir: "asc" | "desc"; key: Key }[] {
  const keys = sort.map((s) => {
    const key = keyOf(type, access, s.field, "sort");
    return { expression: sortExpression(key, s.dir), dir: s.dir, key };
  });
  const last = keys.at(-1)?.dir ?? "asc";
  keys.push({
    expression: "t.id",
    dir: last,
    key: { column: "id", kind: "TEXT", nullable: false },
  });
  return keys;
}

/** The keyset condition after a cursor's row. */
export function afterCursor(
  keys: ReturnType<typeof sortKeys>,
  cursor: string,
): { sql: string; params: SqlValue[] } {
  let values: unknown;
  try {
    const base64 = cursor.replaceAll("-", "+").replaceAll("_", "/");
    values = JSON.parse(
      new TextDecoder().decode(decodeBase64(base64 + "=".repeat((4 - base64.length % 4) % 4))),
    );
  } catch {
    throw invalidInput("The cursor is not one this list gave", { cursor: "Unknown cursor" });
  }
  if (
    !Array.isArray(values) || values.length !== keys.length ||
    !values.every((v) => typeof v === "string" || typeof v === "number")
  ) {
    throw invalidInput("The cursor is not one this list gave", { cursor: "Unknown cursor" });
  }
  if (keys.every((k) => k.dir === keys[0].dir)) {
    // One direction: a row-value comparison, which both databases answer by seeking the index.
    return {
      sql: `(${keys.map((k) => k.expression).join(", ")}) ${keys[0].dir === "asc" ? ">" : "<"} (${
        keys.map(() => "?").join(", ")
      })`,
      params: values as SqlValue[],
    };
  }
  const ors: string[] = [];
  const params: SqlValue[] = [];
  for (let i = 0; i < keys.length; i++) {
    const ands: string[] = [];
    for (let j = 0; j < i; j++) {
      ands.push(`${keys[j].expression} = ?`);
      params.push(values[j] as SqlValue);
    }
    ands.push(`${keys[i].expression} ${keys[i].dir === "asc" ? ">" : "<"} ?`);
    params.push(values[i] as SqlValue);
    ors.push(`(${ands.join(" AND ")})`);
  }
  return { sql: `(${ors.join(" OR ")})`, params };
}

/** The cursor after a row: its sort values. */
export function cursorAfter(
  keys: ReturnType<typeof sortKeys>,
  row: Record<string, unknown>,
): string {
  const values = keys.map((k) => {
    const v = row[k.key.column];
    return k.key.nullable ? (v ?? emptySortsAs(k.dir)) : v;
  });
  return encodeBase64Url(new TextEncoder().encode(JSON.stringify(values)));
}

/**
 * The capped count of a list's rows. It is remembered until records or access
 * change (server/db/remembered.ts): paging through a list, or several people
 * opening the same one, counts it once.
 */
export async function cappedCount(
  q: Queryable,
  table: string,
  where: { sql: string; params: SqlValue[] },
): Promise<{ count: number; exact: boolean }> {
  const sql =
    `SELECT COUNT(*) AS n FROM (SELECT 1 AS one FROM ${table} t WHERE ${where.sql} LIMIT ${
      COUNT_EXACT_LIMIT + 1
    }) capped`;
  const key = `count ${sql} ${JSON.stringify(where.params)}`;
  const row = await remembered(q, key, () => q.get<{ n: number }>(sql, where.params));
  const n = Number(row?.n ?? 0);
  return n > COUNT_EXACT_LIMIT
    ? { count: COUNT_EXACT_LIMIT, exact: false }
    : { count: n, exact: true };
}

export { LIST_LIMIT_DEFAULT };

/**
 * The type's declared list order without the fields the caller may not see; when
 * nothing is left, newest first.
 */
export function defaultSort(type: RecordType, access: MembershipAccess): readonly Sort[] {
  const visible = type.declaration.list.sort.filter((s) => {
    const field = type.field.get(s.field);
    return !field || readsField(type, access, field);
  });
  return visible.length > 0 ? visible : [{ field: "created_at", dir: "desc" }];
}
