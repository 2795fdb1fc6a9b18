/**
 * Revenue per month: invoiced (grand totals of submitted invoices by issue
 * month; a credit note's negative total lowers its month) and collected (amounts
 * of submitted payments by payment month), with the number of each. Draft and
 * cancelled documents never count. Each sum is one aggregate over a covering
 * index (organization_id, docstatus, date, amount).
 */
import type { Queryable } from "../../../../db/database.ts";
import { money, monthsOf, type Period } from "./period.ts";

/** One month of revenue. */
export interface RevenueMonth {
  month: string;
  invoiced: number;
  invoices: number;
  collected: number;
  payments: number;
}

/** Invoiced and collected per month of the period (every month, zero when nothing). */
export async function revenueByMonth(
  q: Queryable,
  organizationId: string,
  period: Period,
): Promise<RevenueMonth[]> {
  const invoiced = await q.all<{ month: string; amount: number; n: number }>(
    `SELECT substr(issue_date, 1, 7) AS month, SUM(grand_total) AS amount, COUNT(*) AS n
       FROM invoices
      WHERE organization_id = ? AND docstatus = 1 AND issue_date >= ? AND issue_date <= ?
      GROUP BY substr(issue_date, 1, 7)`,
    [organizationId, period.from, period.to],
  );
  const collected = await q.all<{ month: string; amount: number; n: number }>(
    `SELECT substr(payment_date, 1, 7) AS month, SUM(amount) AS amount, COUNT(*) AS n
       FROM payments
      WHERE organization_id = ? AND docstatus = 1 AND payment_date >= ? AND payment_date <= ?
      GROUP BY substr(payment_date, 1, 7)`,
    [organizationId, period.from, period.to],
  );
  const inv = new Map(invoiced.map((r) => [r.month, r]));
  const col = new Map(collected.map((r) => [r.month, r]));
  return monthsOf(period).map((month) => ({
    month,
    invoiced: money(inv.get(month)?.amount),
    invoices: Number(inv.get(month)?.n ?? 0),
    collected: money(col.get(month)?.amount),
    payments: Number(col.get(month)?.n ?? 0),
  }));
}
