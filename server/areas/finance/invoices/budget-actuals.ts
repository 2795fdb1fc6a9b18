/**
 * Budget actuals, the one definition every budget screen, check and report uses:
 * for a budget, the sanctioned amounts of expense claim lines in its scope and
 * period, split into committed (claims approved, not yet paid) and consumed
 * (claims paid). A project budget's scope is the lines naming its project; a
 * category budget's is the lines of its category, or every line when it names
 * none. Invoices are revenue: they never consume a budget. Computed in SQL over
 * the expense_lines indexes by category or project and date.
 */
import type { Reader } from "../../../db/database.ts";
import { roundMoney } from "../../../../schemas/money/rounding.ts";

/** The join condition of a budget `b` and an expense line `l` it covers. */
export const BUDGET_SCOPE = `l.organization_id = b.organization_id
  AND l.expense_date >= b.period_start AND l.expense_date <= b.period_end
  AND ((b.scope = 'project' AND l.project_id = b.project_id)
    OR (b.scope = 'category' AND (b.category = '' OR l.category = b.category)))`;

/** Committed and consumed of one budget in one month and category. */
export interface BudgetActual {
  budget_id: string;
  /** `YYYY-MM` */
  month: string;
  category: string;
  committed: number;
  consumed: number;
}

/** Which budgets: one, or every budget in these states (default: approved ones). */
export interface ActualsScope {
  budgetId?: string;
  states?: readonly string[];
}

function budgetFilter(scope: ActualsScope): { sql: string; params: string[] } {
  if (scope.budgetId) return { sql: "b.id = ?", params: [scope.budgetId] };
  const states = scope.states ?? ["approved"];
  return { sql: `b.status IN (${states.map(() => "?").join(", ")})`, params: [...states] };
}

/** Committed and consumed per budget, month and category. */
export async function budgetActuals(
  q: Reader,
  organizationId: string,
  scope: ActualsScope = {},
): Promise<BudgetActual[]> {
  const filter = budgetFilter(scope);
  const rows = await q.all<BudgetActual>(
    `SELECT b.id AS budget_id, substr(l.expense_date, 1, 7) AS month, l.category AS category,
            SUM(CASE WHEN e.status = 'approved' THEN l.sanctioned_amount ELSE 0 END) AS committed,
            SUM(CASE WHEN e.status = 'paid' THEN l.sanctioned_amount ELSE 0 END) AS consumed
       FROM budgets b
       JOIN expense_lines l ON ${BUDGET_SCOPE}
       JOIN expenses e ON e.id = l.expense_id AND e.status IN ('approved', 'paid')
      WHERE b.organization_id = ? AND ${filter.sql}
      GROUP BY b.id, substr(l.expense_date, 1, 7), l.category
      ORDER BY b.id, month, category`,
    [organizationId, ...filter.params],
  );
  return rows.map((r) => ({
    ...r,
    committed: roundMoney(Number(r.committed)),
    consumed: roundMoney(Number(r.consumed)),
  }));
}

/** A budget's amount against its actuals. */
export interface BudgetStanding {
  id: string;
  name: string;
  title: string;
  scope: string;
  project_id: string | null;
  category: string;
  period_start: string;
  period_end: string;
  action_on_excess: string;
  status: string;
  total: number;
  committed: number;
  consumed: number;
  remaining: number;
}

/** Each budget's total, committed, consumed and what remains. */
export async function budgetStandings(
  q: Reader,
  organizationId: string,
  scope: ActualsScope = {},
): Promise<BudgetStanding[]> {
  const filter = budgetFilter(scope);
  const rows = await q.all<BudgetStanding>(
    `SELECT b.id, b.name, b.title, b.scope, b.project_id, b.category, b.period_start,
            b.period_end, b.action_on_excess, b.status, b.total,
            COALESCE(SUM(CASE WHEN e.status = 'approved' THEN l.sanctioned_amount END), 0) AS committed,
            COALESCE(SUM(CASE WHEN e.status = 'paid' THEN l.sanctioned_amount END), 0) AS consumed
       FROM budgets b
       LEFT JOIN expense_lines l ON ${BUDGET_SCOPE}
       LEFT JOIN expenses e ON e.id = l.expense_id AND e.status IN ('approved', 'paid')
      WHERE b.organization_id = ? AND ${filter.sql}
      GROUP BY b.id, b.name, b.title, b.scope, b.project_id, b.category, b.period_start,
               b.period_end, b.action_on_excess, b.status, b.total
      ORDER BY b.period_start DESC, b.name`,
    [organizationId, ...filter.params],
  );
  return rows.map((r) => {
    const committed = roundMoney(Number(r.committed));
    const consumed = roundMoney(Number(r.consumed));
    const total = Number(r.total);
    return {
      ...r,
      total,
      committed,
      consumed,
      remaining: roundMoney(total - committed - consumed),
    };
  });
}

/** Money rounded to the cent, half away from zero (the product's one money rounding). */
export { roundMoney };
