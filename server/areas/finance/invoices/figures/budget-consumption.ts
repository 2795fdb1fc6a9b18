/**
 * Budget consumption: each approved budget whose period includes `today`, its
 * total against committed (sanctioned amounts of approved, unpaid expense lines
 * in its scope and period) and consumed (those of paid lines) as the budgets'
 * own actuals define them (`budget-actuals.ts`), what remains and the share
 * used. Most used first.
 */
import type { Queryable } from "../../../../db/database.ts";
import { budgetStandings } from "../budget-actuals.ts";
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

/** The running approved budgets' consumption on `today`, from the budgets' own actuals. */
export async function budgetConsumption(
  q: Queryable,
  organizationId: string,
  today: string,
): Promise<BudgetConsumption[]> {
  const standings = await budgetStandings(q, organizationId);
  return standings
    .filter((b) => b.period_start <= today && b.period_end >= today)
    .map((b) => {
      const total = money(b.total);
      return {
        id: b.id,
        name: b.name,
        title: b.title,
        period_start: b.period_start,
        period_end: b.period_end,
        action_on_excess: b.action_on_excess,
        total,
        committed: b.committed,
        consumed: b.consumed,
        remaining: b.remaining,
        used_percent: total > 0 ? Math.round((1000 * (b.committed + b.consumed)) / total) / 10 : 0,
      };
    })
    .sort((a, b) => b.used_percent - a.used_percent || a.name.localeCompare(b.name));
}
