/**
 * The budget figures the budget screens bind to: standings (every budget against
 * its committed and consumed, with a summary and totals by category) and tracking
 * (per month and item, of one budget or every approved one). Readers of budgets
 * only; another organisation's budget id answers 404.
 */
import {
  BudgetStandingsRequest,
  BudgetStandingsResponse,
  BudgetTrackingRequest,
  BudgetTrackingResponse,
} from "../../../../schemas/api/budget.ts";
import type { Database } from "../../../db/database.ts";
import type { Api } from "../../../platform/http/api.ts";
import { requireAuthorized } from "../../../platform/access/authorize.ts";
import { notFound } from "../../../platform/errors/app-error.ts";
import { budgetOverview, budgetTracking } from "./budget-figures.ts";

/** Declares the budget figure endpoints. */
export function budgetRoutes(api: Api, db: Database): void {
  api.route({
    method: "post",
    path: "/budget/standings",
    reads: true,
    tag: "Finance",
    summary: "Every budget against its committed and consumed amounts",
    audience: "staff",
    body: BudgetStandingsRequest,
    response: BudgetStandingsResponse,
  }, async (c, { access }) => {
    requireAuthorized(access, "budget", "read");
    return c.json(await budgetOverview(db, access.organizationId));
  });

  api.route({
    method: "post",
    path: "/budget/tracking",
    reads: true,
    tag: "Finance",
    summary: "Budget against committed and consumed per month and item",
    audience: "staff",
    body: BudgetTrackingRequest,
    response: BudgetTrackingResponse,
  }, async (c, { access, body }) => {
    requireAuthorized(access, "budget", "read");
    if (body.budget_id) {
      const found = await db.get(
        "SELECT 1 AS found FROM budgets WHERE organization_id = ? AND id = ?",
        [access.organizationId, body.budget_id],
      );
      if (!found) throw notFound("Budget");
    }
    return c.json(await budgetTracking(db, access.organizationId, body.budget_id));
  });
}
