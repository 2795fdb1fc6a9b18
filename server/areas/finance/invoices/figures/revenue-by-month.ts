/**
 * Revenue per month: invoiced (grand totals of submitted invoices by issue
 * month; a credit note's negative total lowers its month) and collected (amounts
 * of submitted payments by payment month), with the number of each. Draft and
 * cancelled documents never count. Each is one grouped query of the engine as
 * the caller (figure-reader.ts), over a covering index (organization_id,
 * docstatus, date, amount); a caller who reads no payments sees none collected.
 */
import type { Filter } from "../../../../../schemas/records/meta.ts";
import type { FigureReader } from "../../../../records/engine/figure-reader.ts";
import { money, monthsOf, type Period } from "./period.ts";

/** One month of revenue. */
export interface RevenueMonth {
  month: string;
  invoiced: number;
  invoices: number;
  collected: number;
  payments: number;
}

/** Submitted documents whose date falls in the period. */
export function submittedIn(date: string, period: Period): Filter[] {
  return [
    { field: "docstatus", op: "eq", value: 1 },
    { field: date, op: "gte", value: period.from },
    { field: date, op: "lte", value: period.to },
  ];
}

/** A sum and a count per month of a type's date, keyed `YYYY-MM`. */
async function monthly(
  read: FigureReader,
  type: string,
  fields: { date: string; amount: string },
  period: Period,
): Promise<Map<string, { amount: number; n: number }>> {
  if (!read.reads(type, fields.date, fields.amount)) return new Map();
  const rows = await read.all(type, {
    filters: submittedIn(fields.date, period),
    group_by: [{ field: fields.date, bucket: "month" }],
    aggregates: [{ fn: "sum", field: fields.amount, as: "amount" }, { fn: "count", as: "n" }],
  });
  return new Map(
    rows.map((r) => [String(r[fields.date]), { amount: Number(r.amount ?? 0), n: Number(r.n) }]),
  );
}

/** Invoiced and collected per month of the period (every month, zero when nothing). */
export async function revenueByMonth(read: FigureReader, period: Period): Promise<RevenueMonth[]> {
  const inv = await monthly(read, "invoice", { date: "issue_date", amount: "grand_total" }, period);
  const col = await monthly(read, "payment", { date: "date", amount: "amount" }, period);
  return monthsOf(period).map((month) => ({
    month,
    invoiced: money(inv.get(month)?.amount),
    invoices: inv.get(month)?.n ?? 0,
    collected: money(col.get(month)?.amount),
    payments: col.get(month)?.n ?? 0,
  }));
}
