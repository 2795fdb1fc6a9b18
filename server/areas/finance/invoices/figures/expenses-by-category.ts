/**
 * Expenses by category over a period (by the date of each claim line): claimed
 * (the amounts of lines of claims submitted, approved or paid), approved (the
 * sanctioned amounts of approved or paid claims) and paid (the sanctioned
 * amounts of paid claims). Drafts and rejected claims never count. Each is a
 * query of the engine as the caller over the claims' lines (figure-reader.ts),
 * so a claimant confined to their own claims counts only theirs; a caller who may
 * not read sanctioned amounts (level 1) sees no expense figures. A category is
 * shown by its type master label (kind `expense_category`), else its code.
 */
import type { QueryGroup } from "../../../../../schemas/records/query.ts";
import type { RecordData } from "../../../../records/engine/record-rows.ts";
import type { FigureReader } from "../../../../records/engine/figure-reader.ts";
import { money, monthsOf, type Period } from "./period.ts";

/** Expenses of one category (or one month). */
export interface ExpenseTotals {
  claimed: number;
  approved: number;
  paid: number;
  lines: number;
}

/** The three sums, each over the claims in its states: claimed, approved, paid. */
const SUMS = [
  { as: "claimed", states: ["submitted", "approved", "paid"], field: "lines.amount" },
  { as: "approved", states: ["approved", "paid"], field: "lines.sanctioned_amount" },
  { as: "paid", states: ["paid"], field: "lines.sanctioned_amount" },
] as const;

/** Totals per group (a category, or a month): keyed by the group's value. */
async function totalsBy(
  read: FigureReader,
  period: Period,
  group: QueryGroup,
): Promise<Map<string, ExpenseTotals> | undefined> {
  if (!read.reads("expense", "lines.date", "lines.amount", "lines.sanctioned_amount")) {
    return undefined;
  }
  const by = new Map<string, ExpenseTotals>();
  for (const sum of SUMS) {
    const rows: RecordData[] = await read.all("expense", {
      filters: [
        { field: "status", op: "in", value: [...sum.states] },
        { field: "lines.date", op: "gte", value: period.from },
        { field: "lines.date", op: "lte", value: period.to },
      ],
      group_by: [group],
      aggregates: [{ fn: "sum", field: sum.field, as: "amount" }, { fn: "count", as: "n" }],
    });
    for (const row of rows) {
      const key = String(row[group.field] ?? "");
      const totals = by.get(key) ?? { claimed: 0, approved: 0, paid: 0, lines: 0 };
      totals[sum.as] = money(row.amount);
      if (sum.as === "claimed") totals.lines = Number(row.n);
      by.set(key, totals);
    }
  }
  return by;
}

/** Claimed, approved and paid per category, largest approved first. */
export async function expensesByCategory(
  read: FigureReader,
  period: Period,
): Promise<({ category: string; label: string } & ExpenseTotals)[]> {
  const by = await totalsBy(read, period, { field: "lines.category" });
  if (!by) return [];
  const labels = await read.labels("expense", "lines.category");
  return [...by.entries()]
    .filter(([, t]) => t.lines > 0)
    .map(([category, t]) => ({
      category,
      label: labels.get(category) ?? (category || "Uncategorised"),
      ...t,
    }))
    .sort((a, b) => b.approved - a.approved || a.category.localeCompare(b.category));
}

/** Claimed, approved and paid per month of the period (every month). */
export async function expensesByMonth(
  read: FigureReader,
  period: Period,
): Promise<({ month: string } & ExpenseTotals)[]> {
  const by = await totalsBy(read, period, { field: "lines.date", bucket: "month" });
  const none = { claimed: 0, approved: 0, paid: 0, lines: 0 };
  return monthsOf(period).map((month) => ({ month, ...(by?.get(month) ?? none) }));
}
