/**
 * Row handling of tables: text search over the columns, sorting (missing values
 * last in either direction) and grouping (groups in order of first appearance, the
 * sort order kept inside each group).
 */
import type { NodeOf, ValueLabels } from "../../schemas/descriptor/mod.ts";
import { displayValue, labelOf } from "./formatters.ts";
import { valueAt } from "./value-path.ts";

type Column = NodeOf<"table">["columns"][number];

/** A sort order. */
export interface Sort {
  key: string;
  direction: "asc" | "desc";
}

/** The rows any of whose column texts contains the query (case-insensitive). */
export function searchRows(rows: unknown[], columns: readonly Column[], query: string): unknown[] {
  const q = query.trim().toLowerCase();
  if (q === "") return rows;
  return rows.filter((row) =>
    columns.some((column) => {
      const value = valueAt(row, column.key);
      const text = displayValue(value, column) ?? "";
      return text.toLowerCase().includes(q) || String(value ?? "").toLowerCase().includes(q);
    })
  );
}

/**
 * The rows sorted by one column; an enumerated column (one with labels) sorts by
 * the labels people read, not by the stored codes.
 */
export function sortRows(
  rows: unknown[],
  sort: Sort,
  labels?: Readonly<ValueLabels>,
): unknown[] {
  const factor = sort.direction === "asc" ? 1 : -1;
  const read = (row: unknown) => {
    const value = valueAt(row, sort.key);
    return labels ? labelOf(value, labels) : value;
  };
  return [...rows].sort((rowA, rowB) => {
    const a = read(rowA);
    const b = read(rowB);
    const aMissing = a === undefined || a === null || a === "";
    const bMissing = b === undefined || b === null || b === "";
    if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
    if (typeof a === "number" && typeof b === "number") return factor * (a - b);
    return factor *
      String(a).localeCompare(String(b), "en", { numeric: true, sensitivity: "base" });
  });
}

/** The rows with those of one group together, groups in order of first appearance. */
export function groupRows(rows: unknown[], field: string): unknown[] {
  const groups = new Map<string, unknown[]>();
  for (const row of rows) {
    const key = groupOf(row, field);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()].flat();
}

/** The group label of a row. */
export function groupOf(row: unknown, field: string): string {
  const value = valueAt(row, field);
  return value === undefined || value === null || value === "" ? "Other" : String(value);
}
