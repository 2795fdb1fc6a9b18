/**
 * The record engine's query call (`POST /api/records/{type}/query`): columns, filters,
 * grouping (by fields, and by a date's day, week, month, quarter or year),
 * aggregates, a condition on the groups, sort and limit, over the records the caller
 * may read, exactly as the list reads them. Reports, dashboards, board columns and
 * exports ask it; the answer is `{rows}`, each row holding its columns (or group
 * fields) under their names and each aggregate under its `as`.
 */
import { z } from "zod";
import { Filter } from "./meta.ts";

/** Rows a query answers when it does not say. */
export const QUERY_LIMIT_DEFAULT = 1_000;
/** Most rows one query answers (a grouped report of every client by month fits; exports stream). */
export const QUERY_LIMIT_MAX = 10_000;

/** The periods a date groups by. Rows name them `2026-03-14`, the week's Monday, `2026-03`, `2026-Q1`, `2026`. */
export const DATE_BUCKETS = ["day", "week", "month", "quarter", "year"] as const;
export type DateBucket = typeof DATE_BUCKETS[number];

/** The aggregate functions. `count` needs no field (it counts rows) or counts a field's set values. */
export const AGGREGATE_FUNCTIONS = ["count", "sum", "avg", "min", "max"] as const;
export type AggregateFunction = typeof AGGREGATE_FUNCTIONS[number];

/**
 * A column: a field of the type, one hop through a link (`client.name`), or a field
 * of a child table's rows (`lines.amount`, one row per child row).
 */
const ColumnPath = z.string().min(1).max(129).regex(
  /^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)?$/,
  "a field id, or two joined by a dot",
);

export const QueryGroup = z.object({
  field: ColumnPath,
  /** A date field's period; a date groups by its day when none is given. */
  bucket: z.enum(DATE_BUCKETS).optional(),
}).strict();
export type QueryGroup = z.infer<typeof QueryGroup>;

/** A name a row holds a value under: a field id or a snake_case alias. */
const RowName = z.string().min(1).max(64).regex(/^[a-z_][a-z0-9_]*$/, "snake_case");

export const QueryAggregate = z.object({
  fn: z.enum(AGGREGATE_FUNCTIONS),
  field: ColumnPath.optional(),
  /**
   * A sum only: a weighted select of the type (its field metadata says `weighted`)
   * whose value's weight, as a fraction, multiplies each record's number.
   */
  weight: RowName.optional(),
  as: RowName,
}).strict();
export type QueryAggregate = z.infer<typeof QueryAggregate>;

/** A condition on an aggregate of a group (SQL's HAVING): `{field: "total", op: "gt", value: 1000}`. */
export const QueryHaving = z.object({
  field: RowName,
  op: z.enum(["eq", "ne", "lt", "lte", "gt", "gte"]),
  value: z.number(),
}).strict();
export type QueryHaving = z.infer<typeof QueryHaving>;

/** A sort of rows: a column, a group field or an aggregate's `as`. */
export const QuerySort = z.object({
  field: z.string().min(1).max(129),
  dir: z.enum(["asc", "desc"]),
}).strict();
export type QuerySort = z.infer<typeof QuerySort>;

export const QueryRequest = z.object({
  columns: z.array(ColumnPath).min(1).max(50).optional(),
  filters: z.array(Filter).max(50).optional(),
  search: z.string().max(200).optional(),
  group_by: z.array(QueryGroup).min(1).max(3).optional(),
  aggregates: z.array(QueryAggregate).min(1).max(20).optional(),
  having: z.array(QueryHaving).max(10).optional(),
  sort: z.array(QuerySort).max(5).optional(),
  limit: z.number().int().min(1).max(QUERY_LIMIT_MAX).optional(),
}).strict();
export type QueryRequest = z.infer<typeof QueryRequest>;

export const QueryResponse = z.object({
  rows: z.array(z.record(z.string(), z.unknown())),
  /** True when more rows matched than `limit` let through. */
  more: z.boolean(),
}).strict();
export type QueryResponse = z.infer<typeof QueryResponse>;
