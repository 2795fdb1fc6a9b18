/**
 * A report's result as people read it: each column's heading (a field's label, a
 * linked record's field as "Client: Name", a date's period as "Issue date
 * (month)", an aggregate as "Sum of grand total") and each value in words (a link's title, an option's
 * label, the organisation's label of a value from one of its lists, a status's label, Yes/No), for
 * the CSV download and the scheduled mail. The lists are read once per result, not per row.
 */
import type { QueryRequest } from "../../../../schemas/records/query.ts";
import type { RecordField, RecordType } from "../../../records/define.ts";
import type { CsvCell } from "../../../records/csv/mod.ts";
import type { Queryable } from "../../../db/database.ts";
import { optionMap, selectOptions } from "../../../records/engine/select-options.ts";

/** A column of a report's result. */
export interface ReportColumn {
  name: string;
  heading: string;
  cell(row: Record<string, unknown>): CsvCell;
}

/** How a figure's heading starts, as the builder words it: "Sum of grand total". */
const FUNCTION_WORDS = {
  count: "Count of",
  sum: "Sum of",
  avg: "Average",
  min: "Least",
  max: "Most",
};

function fieldOf(type: RecordType, types: ReadonlyMap<string, RecordType>, name: string) {
  const [head, tail] = name.split(".");
  const field = type.field.get(head);
  if (tail === undefined) return { field, heading: field?.label ?? humanised(head) };
  if (field?.type === "table") {
    const child = field.childFields?.find((c) => c.id === tail);
    return { field: child, heading: `${field.label}: ${child?.label ?? humanised(tail)}` };
  }
  const target = field?.link ? types.get(field.link) : undefined;
  const inner = target?.field.get(tail);
  return {
    field: inner,
    heading: `${field?.label ?? humanised(head)}: ${inner?.label ?? humanised(tail)}`,
  };
}

function humanised(id: string): string {
  const words = id.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A value in words: options by label, links by title, flags as Yes/No. */
function inWords(
  labels: ReadonlyMap<string, string> | undefined,
  statusLabels: Map<string, string>,
  name: string,
  row: Record<string, unknown>,
): CsvCell {
  const value = row[name];
  if (value === null || value === undefined) return "";
  if (typeof row[`${name}__title`] === "string") return row[`${name}__title`] as string;
  // A workflow's or a derived status's label; a status that is a plain choice reads as one.
  const state = name === "status" ? statusLabels.get(String(value)) : undefined;
  if (state !== undefined) return state;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  const label = labels?.get(String(value));
  if (label !== undefined) return label;
  return typeof value === "number" ? value : String(value);
}

/** A select's values → labels in the organisation (its own options or one of its lists). */
async function labelsOf(
  field: RecordField | undefined,
  lists: { q: Queryable; organizationId: string },
): Promise<ReadonlyMap<string, string> | undefined> {
  if (!field?.options && !field?.options_from) return undefined;
  return optionMap(await selectOptions(lists.q, lists.organizationId, field));
}

/** The columns of a report's result, in the order the query names them. */
export async function reportColumns(
  type: RecordType,
  types: ReadonlyMap<string, RecordType>,
  query: QueryRequest,
  lists: { q: Queryable; organizationId: string },
): Promise<ReportColumn[]> {
  const statusLabels = new Map<string, string>([
    ...(type.declaration.states?.list ?? []).map((s) => [s.id, s.label] as [string, string]),
    ...(type.declaration.derived_status ?? []).map((r) =>
      [r.status, r.label ?? r.status] as [string, string]
    ),
  ]);
  const grouped = query.group_by !== undefined || query.aggregates !== undefined;
  const names: { name: string; bucket?: string }[] = grouped
    ? (query.group_by ?? []).map((g) => ({ name: g.field, bucket: g.bucket }))
    : (query.columns ?? type.declaration.list.columns).map((name) => ({ name }));
  const columns: ReportColumn[] = [];
  for (const { name, bucket } of names) {
    const { field, heading } = fieldOf(type, types, name);
    const labels = await labelsOf(field, lists);
    columns.push({
      name,
      heading: `${name === "status" ? "Status" : heading}${bucket ? ` (${bucket})` : ""}`,
      cell: (row) => inWords(labels, statusLabels, name, row),
    });
  }
  for (const a of query.aggregates ?? []) {
    const of = a.field ? fieldOf(type, types, a.field).heading.toLowerCase() : "records";
    columns.push({
      name: a.as,
      heading: a.fn === "count" && !a.field ? "Count" : `${FUNCTION_WORDS[a.fn]} ${of}`,
      cell: (row) => (row[a.as] ?? "") as CsvCell,
    });
  }
  return columns;
}
