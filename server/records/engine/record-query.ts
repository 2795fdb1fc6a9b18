/**
 * The engine's query (`POST /api/records/{type}/query`, DESIGN.md §8): columns,
 * filters, grouping, aggregates, a condition on the groups, sort and limit, as one
 * SQL statement over exactly the records the caller's list holds — the same
 * readable clause (organisation, own-record rule, attached records), the same
 * filters and search, the same fields (a level-1 field is unknown without level 1)
 * and the same derived status, compiled from the declaration. Reports, dashboards,
 * board columns and exports are queries, so none of them re-codes a rule.
 *
 * Without `group_by` or `aggregates` a query answers records (one row per record,
 * or per child row when it names a child table's field), each with its `id`, its
 * columns and the titles of its links (`<column>__title`). With them it answers
 * groups: each row holds its group fields under their names (a date's period as
 * text, dialect.ts `dateBucket`) and each aggregate under its `as`.
 */
import type { Dialect, Reader, SqlValue } from "../../db/database.ts";
import { dateBucket } from "../../db/dialect.ts";
import type { MembershipAccess } from "../../platform/access/access.ts";
import { invalidInput } from "../../platform/errors/app-error.ts";
import {
  QUERY_LIMIT_DEFAULT,
  type QueryAggregate,
  type QueryRequest,
  type QueryResponse,
} from "../../../schemas/records/query.ts";
import type { Filter } from "../../../schemas/records/meta.ts";
import { roundHalfAway } from "../../../schemas/money/rounding.ts";
import type { RecordType } from "../define.ts";
import { typeFor } from "./record-access.ts";
import { defaultSort, filterClause, keyOf, whereClause } from "./list-query.ts";
import { type KeyScope, type QueryKey, queryKey } from "./query-keys.ts";
import { titlesOf } from "./link-titles.ts";
import { type OrderTerm, type Output, type QueryPlan, queryStatement } from "./query-statement.ts";
import { fromColumn, type RecordData } from "./record-rows.ts";

/** What a query runs over: the database, the declared types and the clock. */
export interface QuerySource {
  db: Reader;
  types: ReadonlyMap<string, RecordType>;
  clock: () => number;
}

/** The rows of a query the caller may see. */
export async function runQuery(
  source: QuerySource,
  access: MembershipAccess,
  typeId: string,
  request: QueryRequest,
  q: Reader = source.db,
): Promise<QueryResponse> {
  const plan = planQuery(source, access, typeId, request, q.dialect);
  const limit = plan.limit ?? QUERY_LIMIT_DEFAULT;
  const { sql, params } = queryStatement(plan, { limit: limit + 1 });
  const found = await q.all<Record<string, unknown>>(sql, params);
  const rows = await queryRows(q, access, source, plan, found.slice(0, limit));
  return { rows, more: found.length > limit };
}

/** Compiles a query for the caller: every name resolved, every refusal a 400 naming its part. */
export function planQuery(
  source: Omit<QuerySource, "db">,
  access: MembershipAccess,
  typeId: string,
  request: QueryRequest,
  dialect: Dialect,
): QueryPlan {
  const type = typeFor(source.types, access, typeId, "read");
  const today = new Date(source.clock()).toISOString().slice(0, 10);
  const scope: KeyScope = { access, type, types: source.types, today, dialect, joins: new Map() };
  const grouped = request.group_by !== undefined || request.aggregates !== undefined;
  const groups = (request.group_by ?? []).map((g) => groupOutput(scope, g));
  const aggregates = (request.aggregates ?? []).map((a) => aggregateOutput(scope, a));
  const columns = grouped ? checkedColumns(request, groups) : recordColumns(scope, request);
  checkNames([...groups, ...aggregates]);
  refuseRepeatedSums(aggregates, scope);
  const filters = filterClauses(scope, request.filters ?? []);
  const readable = whereClause(type, access, {
    filters: [],
    search: request.search,
    today,
    types: source.types,
    dialect,
  });
  const outputs = grouped ? [...groups, ...aggregates] : columns;
  const order = orderBy(scope, request, grouped, outputs);
  const joins = [...scope.joins.values()];
  return {
    grouped,
    outputs,
    from: `FROM ${type.table} t
    ${joins.map((j) => j.sql).join("\n")}
    WHERE ${[readable.sql, ...filters.map((f) => f.sql)].join(" AND ")}`,
    groupBy: groups.length > 0 ? `GROUP BY ${groups.map((g) => g.sql).join(", ")}` : "",
    having: havingClause(request, aggregates),
    order,
    params: [
      ...joins.flatMap((j) => j.params),
      ...readable.params,
      ...filters.flatMap((f) => f.params),
    ],
    limit: request.limit,
  };
}

/** Rows as the API shows them, link titles added. */
export async function queryRows(
  q: Reader,
  access: MembershipAccess,
  source: Omit<QuerySource, "db">,
  plan: QueryPlan,
  found: readonly Record<string, unknown>[],
): Promise<RecordData[]> {
  const rows = found.map((row) => {
    const out: RecordData = plan.grouped ? {} : { id: row.id };
    plan.outputs.forEach((o, i) => (out[o.name] = outputValue(o, row[`o${i}`])));
    return out;
  });
  await addTitles(q, access, source, plan.outputs, rows);
  return rows;
}

function bad(part: string, message: string): Error {
  return invalidInput(message, { [part]: message });
}

/** The columns of a records query: those asked, or the type's list columns the caller may read. */
function recordColumns(scope: KeyScope, request: QueryRequest): Output[] {
  if (request.having) throw bad("having", "A condition on groups needs group_by or aggregates");
  if (request.columns) {
    return request.columns.map((name) => {
      const key = queryKey(scope, name, "columns");
      return { name, sql: key.sql, key };
    });
  }
  return scope.type.declaration.list.columns.flatMap((name) => {
    try {
      const key = queryKey(scope, name, "columns");
      return [{ name, sql: key.sql, key }];
    } catch {
      return []; // a list column the caller may not read is left out, as the list leaves it out
    }
  });
}

/** A grouped query's columns may only repeat its group fields. */
function checkedColumns(request: QueryRequest, groups: Output[]): Output[] {
  for (const name of request.columns ?? []) {
    if (!groups.some((g) => g.name === name)) {
      throw bad("columns", `"${name}" is not a group field; a grouped query shows its groups`);
    }
  }
  return [];
}

const DATE_TYPES = new Set(["date", "datetime"]);

function isDate(key: QueryKey): boolean {
  return key.field
    ? DATE_TYPES.has(key.field.type)
    : /(^|\.)(created_at|updated_at)$/.test(key.name);
}

function groupOutput(scope: KeyScope, group: NonNullable<QueryRequest["group_by"]>[number]) {
  const key = queryKey(scope, group.field, "group_by");
  if (key.field?.type === "long_text") {
    throw bad("group_by", `"${group.field}" is long text; group by a shorter field`);
  }
  if (group.bucket && !isDate(key)) {
    throw bad("group_by", `"${group.field}" is not a date; only dates group by ${group.bucket}`);
  }
  const bucket = group.bucket ?? (isDate(key) && key.field?.type !== "date" ? "day" : undefined);
  const sql = bucket ? dateBucket(scope.dialect, key.sql, bucket) : key.sql;
  return { name: group.field, sql, key: bucket ? { ...key, field: undefined } : key };
}

const NUMBER_KINDS = new Set(["int", "float", "currency", "percent"]);

function aggregateOutput(scope: KeyScope, aggregate: QueryAggregate): Output {
  if (!aggregate.field) {
    if (aggregate.fn !== "count") {
      throw bad("aggregates", `${aggregate.fn} needs a field ("${aggregate.as}")`);
    }
    return { name: aggregate.as, sql: "COUNT(*)", aggregate };
  }
  const key = queryKey(scope, aggregate.field, "aggregates");
  const fn = aggregate.fn;
  if ((fn === "sum" || fn === "avg") && !NUMBER_KINDS.has(key.field?.type ?? "")) {
    throw bad(
      "aggregates",
      `${fn} needs a number field; "${aggregate.field}" is ${key.field?.type ?? "not a number"}`,
    );
  }
  if (fn === "count") {
    const set = key.kind === "TEXT"
      ? `${key.sql} IS NOT NULL AND ${key.sql} <> ''`
      : `${key.sql} IS NOT NULL`;
    return { name: aggregate.as, sql: `COUNT(CASE WHEN ${set} THEN 1 END)`, key, aggregate };
  }
  if (aggregate.weight !== undefined) {
    if (fn !== "sum") throw bad("aggregates", `only a sum is weighted ("${aggregate.as}")`);
    return {
      name: aggregate.as,
      sql: `SUM(${key.sql} * ${weightOf(scope, aggregate.weight)})`,
      key,
      aggregate,
    };
  }
  return { name: aggregate.as, sql: `${fn.toUpperCase()}(${key.sql})`, key, aggregate };
}

/**
 * The weight, as a fraction, of the value a record holds in a weighted select
 * (`weights_from`): its row's percent among the organisation's records of the
 * weighing type, 0 without one.
 */
function weightOf(scope: KeyScope, fieldId: string): string {
  const field = scope.type.field.get(fieldId);
  const from = field?.weights_from;
  if (!field || !from) {
    throw bad(
      "aggregates",
      `"${fieldId}" is not a weighted field of ${scope.type.declaration.plural.toLowerCase()}`,
    );
  }
  const key = queryKey(scope, fieldId, "aggregates");
  const weighing = scope.types.get(from.type)!;
  const column = (id: string) => weighing.field.get(id)!.column;
  return `COALESCE((SELECT w.${column(from.percent)} FROM ${weighing.table} w
     WHERE w.organization_id = t.organization_id AND w.${
    column(from.key)
  } = ${key.sql}), 0) / 100.0`;
}

/** Every group and aggregate has its own name. */
function checkNames(outputs: Output[]): void {
  const seen = new Set<string>();
  for (const o of outputs) {
    if (seen.has(o.name)) {
      throw bad(o.aggregate ? "aggregates" : "group_by", `"${o.name}" is named twice`);
    }
    seen.add(o.name);
  }
}

/**
 * Over a child table's rows, a record's own number repeats on each of its rows: a
 * sum or average of it would count a record once per row, so it is refused.
 */
function refuseRepeatedSums(aggregates: Output[], scope: KeyScope): void {
  const child = [...scope.joins.keys()].find((a) => a.startsWith("c_"));
  if (!child) return;
  for (const a of aggregates) {
    if ((a.aggregate?.fn === "sum" || a.aggregate?.fn === "avg") && !a.key?.child) {
      throw bad(
        "aggregates",
        `${a.aggregate.fn} of "${a.aggregate.field}" would count each record once per ${
          child.slice(2)
        } row; sum a field of ${child.slice(2)}, or query without it`,
      );
    }
  }
}

/** The filters as SQL: a query's names, or a child link (rows naming a record), as the list reads it. */
function filterClauses(scope: KeyScope, filters: readonly Filter[]) {
  return filters.map((filter) => {
    const [head] = filter.field.split(".");
    const table = scope.type.field.get(head);
    const overRows = table?.type === "table" && scope.joins.has(`c_${head}`);
    if (table?.type === "table" && !overRows) {
      const key = keyOf(scope.type, scope.access, filter.field, "filters");
      return filterClause(key, filter, scope.access, scope.today);
    }
    const key = queryKey(scope, filter.field, "filters");
    return filterClause(
      {
        column: key.name,
        expression: key.sql,
        kind: key.kind,
        nullable: key.nullable,
        field: key.field,
        statusIn: key.statusIn,
      },
      filter,
      scope.access,
      scope.today,
    );
  });
}

const COMPARE = { eq: "=", ne: "<>", lt: "<", lte: "<=", gt: ">", gte: ">=" } as const;

function havingClause(request: QueryRequest, aggregates: Output[]) {
  if (!request.having || request.having.length === 0) return undefined;
  const parts: string[] = [];
  const params: SqlValue[] = [];
  for (const h of request.having) {
    const a = aggregates.find((o) => o.name === h.field);
    if (!a) throw bad("having", `"${h.field}" is not an aggregate of the query`);
    parts.push(`${a.sql} ${COMPARE[h.op]} ?`);
    params.push(h.value);
  }
  return { sql: parts.join(" AND "), params };
}

/**
 * ORDER BY: the asked sort, then what makes the order total — the record's id (and
 * the child row's), or every group field not sorted by yet — so pages never skip or
 * repeat a row. Empties sort last on both databases (queryStatement).
 */
function orderBy(
  scope: KeyScope,
  request: QueryRequest,
  grouped: boolean,
  outputs: Output[],
): OrderTerm[] {
  const set = filteredSet(request.filters ?? []);
  if (grouped) {
    const sort = request.sort ??
      outputs.filter((o) => !o.aggregate).map((o) => ({ field: o.name, dir: "asc" as const }));
    const terms = sort.map((s) => {
      const output = outputs.find((o) => o.name === s.field);
      if (!output) throw bad("sort", `"${s.field}" is neither a group field nor an aggregate`);
      return { output, dir: s.dir };
    });
    const rest = outputs.filter((o) => !o.aggregate && !terms.some((t) => t.output === o));
    return [...terms, ...rest.map((output) => ({ output, dir: "asc" as const }))].map((
      { output, dir },
    ) => ({
      sql: output.sql,
      dir,
      nullable: output.aggregate ? true : !set.has(output.name) && (output.key?.nullable ?? true),
      aggregate: output.aggregate !== undefined,
    }));
  }
  const sort = request.sort ?? defaultSort(scope.type, scope.access);
  const keys = sort.map((s) => {
    const key = outputs.find((o) => o.name === s.field)?.key ?? queryKey(scope, s.field, "sort");
    return { sql: key.sql, dir: s.dir, nullable: key.nullable && !set.has(s.field) };
  });
  const child = [...scope.joins.keys()].find((a) => a.startsWith("c_"));
  const last = sort.at(-1)?.dir ?? "asc";
  return [
    ...keys,
    { sql: "t.id", dir: last, nullable: false },
    ...(child ? [{ sql: `${child}.id`, dir: "asc" as const, nullable: false }] : []),
  ];
}

/**
 * The names the filters keep set: a comparison, a range, a list or an equality with a
 * value matches no empty value, so the order need not place empties (and an index on
 * the name can give the order).
 */
function filteredSet(filters: readonly Filter[]): Set<string> {
  const set = new Set<string>();
  for (const f of filters) {
    const valued = f.value !== null && f.value !== undefined && f.value !== "";
    if (["lt", "lte", "gt", "gte", "between", "in"].includes(f.op) && valued) set.add(f.field);
    if (f.op === "eq" && valued) set.add(f.field);
    if (f.op === "is_set") set.add(f.field);
  }
  return set;
}

/** A value as the API shows it: flags as booleans, numbers as numbers, sums to the field's precision. */
function outputValue(output: Output, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  const fn = output.aggregate?.fn;
  if (fn === "count") return Number(value);
  const key = output.key;
  if (!key) return value;
  if (fn === "sum" || fn === "avg") {
    const n = Number(value);
    return key.field?.precision !== undefined && key.field.type !== "int"
      ? roundHalfAway(n, key.field.precision)
      : n;
  }
  if (key.kind !== "TEXT" && typeof value !== "number") value = Number(value);
  return key.field ? fromColumn(key.field, value) : value;
}

/** `<name>__title` for each link output: the linked records' titles, as lists show them. */
async function addTitles(
  q: Reader,
  access: MembershipAccess,
  source: Omit<QuerySource, "db">,
  outputs: Output[],
  rows: RecordData[],
): Promise<void> {
  for (const o of outputs) {
    const field = o.aggregate ? undefined : o.key?.field;
    if (field?.type !== "link" || !field.link) continue;
    const ids = [...new Set(rows.map((r) => r[o.name]).filter((v) => typeof v === "string"))];
    const titles = await titlesOf(
      q,
      access.organizationId,
      field.link,
      ids as string[],
      (id) => source.types.get(id),
    );
    for (const row of rows) {
      const id = row[o.name];
      if (typeof id === "string") row[`${o.name}__title`] = titles.get(id) ?? "";
    }
  }
}
