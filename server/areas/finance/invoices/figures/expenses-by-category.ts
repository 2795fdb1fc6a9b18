/**
 * Expenses by category over a period (by the date of each claim line): claimed
 * (the amounts of lines of claims submitted, approved or paid), approved (the
 * sanctioned amounts of approved or paid claims) and paid (the sanctioned
 * amounts of paid claims). Drafts and rejected claims never count. A category is
 * shown by its type master label (kind `expense_category`), else its code.
 */
import type { Queryable } from "../../../../db/database.ts";
import { money, monthsOf, type Period } from "./period.ts";

/** Expenses of one category (or one month). */
export interface ExpenseTotals {
  claimed: number;
  approved: number;
  paid: number;
  lines: number;
}

const SUMS = `SUM(l.amount) AS claimed,
  SUM(CASE WHEN e.status IN ('approved', 'paid') THEN l.sanctioned_amount ELSE 0 END) AS approved,
  SUM(CASE WHEN e.status = 'paid' THEN l.sanctioned_amount ELSE 0 END) AS paid,
  COUNT(*) AS n`;

const COUNTED = "e.status IN ('submitted', 'approved', 'paid')";

type Row = { key: string; claimed: number; approved: number; paid: number; n: number };

function totals(r: Row | undefined): ExpenseTotals {
  return {
    claimed: money(r?.claimed),
    approved: money(r?.approved),
    paid: money(r?.paid),
    lines: Number(r?.n ?? 0),
  };
}

/** Claimed, approved and paid per category, largest approved first. */
export async function expensesByCategory(
  q: Queryable,
  organizationId: string,
  period: Period,
): Promise<({ category: string; label: string } & ExpenseTotals)[]> {
  const rows = await q.all<Row & { label: string | null }>(
    `SELECT s.key, t.label, s.claimed, s.approved, s.paid, s.n
       FROM (SELECT l.category AS key, ${SUMS}
               FROM expense_lines l JOIN expenses e ON e.id = l.expense_id
              WHERE l.organization_id = ? AND ${COUNTED}
                AND l.expense_date >= ? AND l.expense_date <= ?
              GROUP BY l.category) s
       LEFT JOIN type_masters t
         ON t.organization_id = ? AND t.kind = 'expense_category' AND t.code = s.key
      ORDER BY s.approved DESC, s.key`,
    [organizationId, period.from, period.to, organizationId],
  );
  return rows.map((r) => ({
    category: r.key,
    label: r.label ?? (r.key || "Uncategorised"),
    ...totals(r),
  }));
}

/** Claimed, approved and paid per month of the period (every month). */
export async function expensesByMonth(
  q: Queryable,
  organizationId: string,
  period: Period,
): Promise<({ month: string } & ExpenseTotals)[]> {
  const rows = await q.all<Row>(
    `SELECT substr(l.expense_date, 1, 7) AS key, ${SUMS}
       FROM expense_lines l JOIN expenses e ON e.id = l.expense_id
      WHERE l.organization_id = ? AND ${COUNTED}
        AND l.expense_date >= ? AND l.expense_date <= ?
      GROUP BY substr(l.expense_date, 1, 7)`,
    [organizationId, period.from, period.to],
  );
  const by = new Map(rows.map((r) => [r.key, r]));
  return monthsOf(period).map((month) => ({ month, ...totals(by.get(month)) }));
}
