/**
 * The expense report: claimed, approved and paid per category over a period
 * (`expensesByCategory`), and the same per month for its chart.
 */
import type { z } from "zod";
import type { FinanceReport, ReportColumn } from "../../../../schemas/api/finance-reports.ts";
import { expensesByCategory, expensesByMonth } from "../invoices/figures/expenses-by-category.ts";
import type { FigureReader } from "../../../records/engine/figure-reader.ts";
import type { Period } from "../invoices/figures/period.ts";
import { projectRows, totalsOf } from "./invoice-reports.ts";

type Column = z.infer<typeof ReportColumn>;

/** The expense report's columns (the screen and the CSV read them). */
export const EXPENSE_REPORT_COLUMNS: Column[] = [
  { key: "label", label: "Category", format: "text" },
  { key: "lines", label: "Lines", format: "integer" },
  { key: "claimed", label: "Claimed", format: "currency" },
  { key: "approved", label: "Approved", format: "currency" },
  { key: "paid", label: "Paid", format: "currency" },
];

/** The expense report the caller may read, with the months of the period. */
export async function expenseReport(
  read: FigureReader,
  options: Period & { now: string },
): Promise<z.infer<typeof FinanceReport> & { by_month: Record<string, string | number>[] }> {
  const period = { from: options.from, to: options.to };
  const rows = projectRows(
    (await expensesByCategory(read, period)).map((r) => ({ ...r })),
    EXPENSE_REPORT_COLUMNS,
  );
  return {
    report_type: "by-category",
    title: "Expenses by category",
    generated_at: options.now,
    period,
    columns: EXPENSE_REPORT_COLUMNS,
    rows,
    totals: totalsOf(rows, EXPENSE_REPORT_COLUMNS),
    by_month: (await expensesByMonth(read, period)).map((r) => ({ ...r })),
  };
}
