/**
 * A report as the builder edits it, and the query call it stands for. A report
 * shows either records (chosen columns) or groups (one or two group fields, a date
 * by a period, with counts, sums, averages, least and most values); filters narrow
 * either; an order (by a column, a group field or a figure) and "at most N rows" make a
 * top ten. The draft is plain data, so the preview's query key is the query itself.
 */
import type { FieldMeta, Sort } from "../../../schemas/records/meta.ts";
import type { Filter } from "../../../schemas/records/meta.ts";
import type {
  AggregateFunction,
  DateBucket,
  QueryRequest,
} from "../../../schemas/records/query.ts";

export interface DraftGroup {
  field: string;
  bucket?: DateBucket;
}

export interface DraftAggregate {
  fn: AggregateFunction;
  field?: string;
}

export interface ReportDraft {
  title: string;
  recordType: string;
  /** Records (columns) or groups (group fields and aggregates). */
  shape: "records" | "groups";
  columns: string[];
  groups: DraftGroup[];
  aggregates: DraftAggregate[];
  filters: Filter[];
  chart: string;
  sharing: string;
  roles: string[];
  /** The order of the rows, else the query's own (records by the type's order, groups by their fields). */
  sort?: Sort;
  /** At most this many rows (a top ten), else all the preview shows. */
  top?: number;
}

/** Rows the preview reads: records, groups. */
const PREVIEW_ROWS = { records: 500, groups: 2_000 };

/** A new report of a type: its records grouped by nothing yet, counted. */
export function newDraft(recordType: string): ReportDraft {
  return {
    title: "",
    recordType,
    shape: "groups",
    columns: [],
    groups: [],
    aggregates: [{ fn: "count" }],
    filters: [],
    chart: "table",
    sharing: "private",
    roles: [],
  };
}

/** The name a row holds an aggregate under: `count`, `sum_grand_total`. */
export function aggregateName(a: DraftAggregate): string {
  return a.field ? `${a.fn}_${a.field.replace(/\./g, "_")}` : a.fn;
}

/** The query the draft stands for (a filter still being typed, with no value, is left out). */
export function queryOf(draft: ReportDraft): QueryRequest {
  const filters = draft.filters.filter((f) =>
    f.op === "is_set" || f.op === "is_not_set" || (f.value !== undefined && f.value !== "")
  );
  const common = filters.length > 0 ? { filters } : {};
  const sort = draft.sort && orderChoices(draft).includes(draft.sort.field)
    ? { sort: [draft.sort] }
    : {};
  const limit = (most: number) => draft.top !== undefined && draft.top < most ? draft.top : most;
  if (draft.shape === "records") {
    return {
      ...common,
      ...(draft.columns.length > 0 ? { columns: draft.columns } : {}),
      ...sort,
      limit: limit(PREVIEW_ROWS.records),
    };
  }
  const aggregates = uniqueAggregates(draft.aggregates);
  return {
    ...common,
    ...(draft.groups.length > 0 ? { group_by: draft.groups } : {}),
    aggregates: aggregates.length > 0
      ? aggregates.map((a) => ({ ...a, as: aggregateName(a) }))
      : [{ fn: "count", as: "count" }],
    ...sort,
    limit: limit(PREVIEW_ROWS.groups),
  };
}

/**
 * What the rows may be ordered by: a records report's columns; a groups report's
 * group fields and figures (by the names its rows hold them under).
 */
export function orderChoices(draft: ReportDraft): string[] {
  if (draft.shape === "records") return draft.columns;
  const figures = uniqueAggregates(draft.aggregates).map(aggregateName);
  return [...draft.groups.map((g) => g.field), ...(figures.length > 0 ? figures : ["count"])];
}

function uniqueAggregates(list: DraftAggregate[]): DraftAggregate[] {
  const seen = new Set<string>();
  return list.filter((a) => {
    if ((a.fn !== "count" && !a.field) || seen.has(aggregateName(a))) return false;
    seen.add(aggregateName(a));
    return true;
  });
}

/** The draft a saved report's values make. */
export function draftOfReport(values: Record<string, unknown>): ReportDraft {
  let query: QueryRequest = {};
  try {
    query = JSON.parse(String(values.definition ?? "{}")) as QueryRequest;
  } catch {
    // A definition that does not parse opens as a new draft of its type.
  }
  const grouped = query.group_by !== undefined || query.aggregates !== undefined;
  return {
    title: String(values.name ?? ""),
    recordType: String(values.record_type ?? ""),
    shape: grouped ? "groups" : "records",
    columns: query.columns ?? [],
    groups: query.group_by ?? [],
    aggregates: (query.aggregates ?? []).map(({ fn, field }) => (field ? { fn, field } : { fn })),
    filters: query.filters ?? [],
    chart: String(values.chart ?? "table"),
    sharing: String(values.sharing ?? "private"),
    roles: Array.isArray(values.shared_roles)
      ? (values.shared_roles as { role?: unknown }[]).map((r) => String(r.role ?? ""))
      : [],
    ...(query.sort?.[0] ? { sort: query.sort[0] } : {}),
    ...(query.limit !== undefined ? { top: query.limit } : {}),
  };
}

/** The report's values to save. */
export function valuesOf(draft: ReportDraft): Record<string, unknown> {
  const { limit, ...rest } = queryOf(draft);
  // A report keeps its own limit only when it is a top N; else it is the whole result.
  const definition = draft.top !== undefined ? { ...rest, limit } : rest;
  return {
    name: draft.title.trim(),
    record_type: draft.recordType,
    definition: JSON.stringify(definition),
    chart: draft.chart,
    sharing: draft.sharing,
    shared_roles: draft.sharing === "roles" ? draft.roles.map((role) => ({ role })) : [],
  };
}

const GROUPABLE = new Set(["select", "link", "date", "datetime", "check", "data", "int"]);
const NUMERIC = new Set(["int", "float", "currency", "percent"]);

/** Fields a report may group by: choices, links, dates, flags, short text. */
export function groupFields(fields: readonly FieldMeta[]): FieldMeta[] {
  return fields.filter((f) => GROUPABLE.has(f.type) && !f.hidden);
}

/** Fields a report may sum or average. */
export function numberFields(fields: readonly FieldMeta[]): FieldMeta[] {
  return fields.filter((f) => NUMERIC.has(f.type));
}

/** Fields a report may show as columns or filter by (not tables, not long text). */
export function plainFields(fields: readonly FieldMeta[]): FieldMeta[] {
  return fields.filter((f) => f.type !== "table" && f.type !== "long_text" && !f.hidden);
}

/** Whether a field is a date (it groups by a period). */
export function isDate(field: FieldMeta | undefined): boolean {
  return field?.type === "date" || field?.type === "datetime";
}

/** The first and last day of the period a group's value names (`2026-03`, `2026-Q1`, a week's Monday…). */
export function periodRange(bucket: DateBucket, value: string): [string, string] {
  const day = (y: number, m: number, d: number) =>
    new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);
  const y = Number(value.slice(0, 4));
  switch (bucket) {
    case "day":
      return [value, value];
    case "week": {
      const [, m, d] = value.split("-").map(Number);
      return [value, day(y, m - 1, d + 6)];
    }
    case "month": {
      const m = Number(value.slice(5, 7));
      return [day(y, m - 1, 1), day(y, m, 0)];
    }
    case "quarter": {
      const q = Number(value.slice(-1));
      return [day(y, (q - 1) * 3, 1), day(y, q * 3, 0)];
    }
    case "year":
      return [day(y, 0, 1), day(y, 11, 31)];
  }
}

/** The filters that keep one group's records. */
export function drillFilters(draft: ReportDraft, row: Record<string, unknown>): Filter[] {
  return draft.groups.map((g): Filter => {
    const value = row[g.field];
    if (value === null || value === undefined || value === "") {
      return { field: g.field, op: "is_not_set" };
    }
    if (g.bucket) {
      return { field: g.field, op: "between", value: periodRange(g.bucket, String(value)) };
    }
    return { field: g.field, op: "eq", value: value as string | number | boolean };
  });
}
