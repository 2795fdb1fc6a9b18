/**
 * The columns of a report's result and its values in words, from the type's
 * metadata: a link by its record's title, an option or a status by its label, a
 * flag as Yes/No, a date as "Dec 3, 2026", a month as "Mar 2026", money and counts
 * as numbers people read.
 */
import type { FieldMeta, RecordTypeMeta } from "../../../schemas/records/meta.ts";
import { aggregateName, type ReportDraft } from "./report-draft.ts";
import { roundMoney } from "../../../schemas/money/rounding.ts";
import { formatValue } from "../../renderer/formatters.ts";

export interface ResultColumn {
  name: string;
  label: string;
  /** A figure (right-aligned, totalled) rather than a value. */
  figure: boolean;
  /** A sum of money: shown with its cents. */
  money?: boolean;
  text(row: Record<string, unknown>): string;
}

const FUNCTION_WORDS: Record<string, string> = {
  count: "Count of",
  sum: "Sum of",
  avg: "Average",
  min: "Least",
  max: "Most",
};

const NUMBER = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
/** Money always shows its cents: 34,122.60. */
const MONEY = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const MONTH = new Intl.DateTimeFormat("en-US", {
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/**
 * The type's fields, with its status (workflow or derived) as a field of choices,
 * and the options of fields whose choices are the organisation's (a lead's source).
 */
export function fieldsOf(
  meta: RecordTypeMeta,
  options: Readonly<Record<string, { value: string; label: string }[]>> = {},
): FieldMeta[] {
  const status: FieldMeta[] = meta.states && !meta.fields.some((f) => f.id === "status")
    ? [{
      id: "status",
      label: "Status",
      type: "select",
      options: meta.states.map((s) => ({ value: s.id, label: s.label })),
    }]
    : [];
  const fields = meta.fields.map((f) =>
    options[f.id] && !f.options ? { ...f, options: options[f.id] } : f
  );
  return [...fields, ...status];
}

/** A value of a field in words. */
export function valueText(
  field: FieldMeta | undefined,
  name: string,
  row: Record<string, unknown>,
  bucket?: string,
): string {
  const value = row[name];
  if (value === null || value === undefined || value === "") return "(none)";
  const title = row[`${name}__title`];
  if (typeof title === "string" && title !== "") return title;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (bucket === "month" && typeof value === "string" && /^\d{4}-\d{2}$/.test(value)) {
    return MONTH.format(new Date(`${value}-01T00:00:00Z`));
  }
  if (bucket === "week" && typeof value === "string") return `Week of ${value}`;
  const option = field?.options?.find((o) => o.value === value);
  if (option) return option.label;
  // A date as people read it ("Dec 3, 2026"), a day's group too; a moment with its time.
  const day = typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);
  if (field?.type === "date" || bucket === "day" || (field?.type === "datetime" && day)) {
    return formatValue(value, "date") ?? String(value);
  }
  if (field?.type === "datetime") return formatValue(value, "datetime") ?? String(value);
  if (typeof value === "number") return NUMBER.format(value);
  return String(value);
}

/** The columns of the draft's result. */
export function resultColumns(
  draft: ReportDraft,
  fields: readonly FieldMeta[],
  listColumns: readonly string[] = [],
): ResultColumn[] {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const label = (id: string) => byId.get(id)?.label ?? (id === "name" ? "Number" : id);
  if (draft.shape === "records") {
    // Without chosen columns the query answers the list's columns (those the caller may read).
    const names = draft.columns.length > 0
      ? draft.columns
      : listColumns.filter((c) => c === "name" || byId.has(c));
    return names.map((name) => {
      const field = byId.get(name);
      const figure = ["int", "float", "currency", "percent"].includes(field?.type ?? "");
      return { name, label: label(name), figure, text: (row) => valueText(field, name, row) };
    });
  }
  const groups: ResultColumn[] = draft.groups.map((g) => ({
    name: g.field,
    label: g.bucket ? `${label(g.field)} (${g.bucket})` : label(g.field),
    figure: false,
    text: (row) => valueText(byId.get(g.field), g.field, row, g.bucket),
  }));
  const aggregates = draft.aggregates.length > 0 ? draft.aggregates : [{ fn: "count" as const }];
  const seen = new Set<string>();
  const figures: ResultColumn[] = aggregates.flatMap((a) => {
    const name = aggregateName(a);
    if (seen.has(name) || (a.fn !== "count" && !a.field)) return [];
    seen.add(name);
    const format = a.fn !== "count" && byId.get(a.field ?? "")?.type === "currency"
      ? MONEY
      : NUMBER;
    return [{
      name,
      label: a.field ? `${FUNCTION_WORDS[a.fn]} ${label(a.field).toLowerCase()}` : "Count",
      figure: true,
      money: format === MONEY,
      text: (row: Record<string, unknown>) =>
        typeof row[name] === "number" ? format.format(row[name] as number) : "—",
    }];
  });
  return [...groups, ...figures];
}

/** The sum of a figure column over rows, for the totals row (averages, least and most are not summed). */
export function columnTotal(
  column: ResultColumn,
  rows: readonly Record<string, unknown>[],
): string {
  if (!column.figure || /^(avg|min|max)_/.test(column.name)) return "";
  const total = rows.reduce(
    (sum, r) => sum + (typeof r[column.name] === "number" ? r[column.name] as number : 0),
    0,
  );
  return (column.money ? MONEY : NUMBER).format(roundMoney(total));
}

/** The points a grouped result is charted by: each group's values in words, and its first figure. */
export function chartPoints(
  columns: readonly ResultColumn[],
  rows: readonly Record<string, unknown>[],
): { label: string; value: number }[] {
  const figure = columns.find((c) => c.figure);
  if (!figure) return [];
  const groups = columns.filter((c) => !c.figure);
  return rows.map((r) => ({
    label: groups.map((g) => g.text(r)).join(" · ") || "All",
    value: typeof r[figure.name] === "number" ? r[figure.name] as number : 0,
  }));
}
