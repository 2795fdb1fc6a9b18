/**
 * The finance dashboard's figures, each from its one definition in
 * `finance/figures/`: revenue invoiced and collected per month, outstanding by
 * age, overdue invoices and expenses by category — queries of the record engine
 * as the caller (figure-reader.ts) — and budget consumption (the budgets' own
 * actuals, budget-actuals.ts).
 */
import type { z } from "zod";
import type { FinanceDashboard } from "../../../../schemas/api/finance-reports.ts";
import type { Queryable } from "../../../db/database.ts";
import { outstandingByAge } from "../invoices/figures/aging.ts";
import { budgetConsumption } from "../invoices/figures/budget-consumption.ts";
import { expensesByCategory } from "../invoices/figures/expenses-by-category.ts";
import type { FigureReader } from "../../../records/engine/figure-reader.ts";
import { overdueInvoices } from "../invoices/figures/overdue-invoices.ts";
import { lastMonths, money } from "../invoices/figures/period.ts";
import { revenueByMonth } from "../invoices/figures/revenue-by-month.ts";

/** The most overdue invoices the dashboard lists. */
export const DASHBOARD_OVERDUE_INVOICES = 10;

/** The finance dashboard of an organisation on `now`, over the last `months` months. */
export async function financeDashboard(
  read: FigureReader,
  q: Queryable,
  organizationId: string,
  options: { now: string; months: number },
): Promise<z.infer<typeof FinanceDashboard>> {
  const today = options.now.slice(0, 10);
  const period = lastMonths(today, options.months);
  const revenue = await revenueByMonth(read, period);
  const aging = await outstandingByAge(read, today);
  const overdue = await overdueInvoices(read, { today, limit: DASHBOARD_OVERDUE_INVOICES });
  const expenses = await expensesByCategory(read, period);
  const budgets = await budgetConsumption(q, organizationId, today);
  const sum = (values: number[]) => money(values.reduce((a, b) => a + b, 0));
  return {
    as_of: options.now,
    period,
    totals: {
      invoiced: sum(revenue.map((m) => m.invoiced)),
      collected: sum(revenue.map((m) => m.collected)),
      outstanding: sum(aging.map((b) => b.outstanding)),
      overdue_invoices: overdue.count,
      overdue_outstanding: overdue.outstanding,
      approved_expenses: sum(expenses.map((e) => e.approved)),
    },
    revenue_by_month: revenue,
    aging,
    overdue_invoices: overdue.oldest,
    expenses_by_category: expenses,
    budgets,
  };
}

/** The finance figures the staff dashboard shows, from the same definitions. */
export async function dashboardFinanceFigures(
  read: FigureReader,
  now: string,
): Promise<
  {
    outstanding: number;
    overdue_invoices: number;
    overdue_outstanding: number;
    collected_this_month: number;
  }
> {
  const today = now.slice(0, 10);
  const aging = await outstandingByAge(read, today);
  const overdue = await overdueInvoices(read, { today, limit: 0 });
  const [month] = await revenueByMonth(read, lastMonths(today, 1));
  return {
    outstanding: money(aging.reduce((a, b) => a + b.outstanding, 0)),
    overdue_invoices: overdue.count,
    overdue_outstanding: overdue.outstanding,
    collected_this_month: month.collected,
  };
}
