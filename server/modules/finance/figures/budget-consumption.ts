/**
 * Budget consumption: each approved budget whose period includes `today`, its
 * total against committed (sanctioned amounts of approved, unpaid expense lines
 * in its scope and period) and consumed (those of paid lines), what remains and
 * the share used. Most used first.
 */
import type { Queryable } from "../../../db/database.ts";
import { money } from "./period.ts";

/** One budget's consumption. */
export interface BudgetConsumption {
  id: string;
  name: string;
  title: string;
  period_start: string | null;
  period_end: string | null;
  action_on_excess: string;
  total: number;
  committed: number;
  consumed: number;
  remaining: number;
  used_percent: number;
}

/** The scope of a budget `b` over expense lines `l`: its project, or its category (all when none). */
const SCOPE = `l.organization_id = b.organization_id
  AND l.expense_date >= b.period_start AND l.expense_date <= b.period_end
  AND ((b.scope = 'project' AND l.project_id = b.project_id)
    OR (b.scope = 'category' AND (b.category = '' OR l.category = b.category)))`;

/** The running approved budgets' consumption on `today`. */
export async function budgetConsumption(
  q: Queryable,
  organizationId: string,
  today: string,
): Promise<BudgetConsumption[]> {
  const rows = await q.all<{
    id: string;
    name: string;
    title: string;
    period_start: string | null;
    period_end: string | null;
    action_on_excess: string;
    total: number;
    committed: number;
    consumed: number;
  }>(
    `SELECT b.id, b.name, b.title, b.period_start, b.period_end, b.action_on_excess, b.total,
            COALESCE(SUM(CASE WHEN e.status = 'approved' THEN l.sanctioned_amount END), 0) AS committed,
            COALESCE(SUM(CASE WHEN e.status = 'paid' THEN l.sanctioned_amount END), 0) AS consumed
       FROM budgets b
       LEFT JOIN expense_lines l ON ${SCOPE}
       LEFT JOIN expenses e ON e.id = l.expense_id AND e.status IN ('approved', 'paid')
      WHERE b.organization_id = ? AND b.status = 'approved'
        AND b.period_start <= ? AND b.period_end >= ?
      GROUP BY b.id, b.name, b.title, b.period_start, b.period_end, b.action_on_excess, b.total`,
    [organizationId, today, today],
  );
  return rows.map((r) => {
    const committed = money(r.committed);
    const consumed = money(r.consumed);
    const total = money(r.total);
    return {
      ...r,
      total,
      committed,
      consumed,
      remaining: money(total - committed - consumed),
      used_percent: total > 0 ? Math.round((1000 * (committed + consumed)) / total) / 10 : 0,
    };
  }).sort((a, b) => b.used_percent - a.used_percent || a.name.localeCompare(b.name));
}
