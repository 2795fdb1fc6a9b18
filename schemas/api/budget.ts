/** Payloads of the budget figures (`/budget/standings`, `/budget/tracking`). */
import { z } from "zod";

export const BudgetStandingsRequest = z.object({}).strict();

const Standing = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  scope: z.string(),
  project_id: z.string().nullable(),
  project_name: z.string().nullable(),
  category: z.string(),
  category_label: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  action_on_excess: z.string(),
  status: z.string(),
  total: z.number(),
  committed: z.number(),
  consumed: z.number(),
  remaining: z.number(),
  /** Committed and consumed as a percentage of the total (0 when the total is 0). */
  percent_used: z.number(),
  /** Past its total (remaining below 0): what "Over budget" counts. */
  over_limit: z.boolean(),
  /** 90 % used or more, and not over: what "Near their limit" counts. */
  near_limit: z.boolean(),
}).strict();

export const BudgetStandingsResponse = z.object({
  summary: z.object({
    budgets: z.number().int(),
    total: z.number(),
    committed: z.number(),
    consumed: z.number(),
    remaining: z.number(),
    percent_used: z.number(),
    near_limit: z.number().int().describe("budgets listed at 90 % or more, not over"),
    over: z.number().int().describe("budgets listed past their total"),
    pending_approval: z.number().int(),
  }).strict(),
  budgets: z.array(Standing),
  by_category: z.array(
    z.object({
      category: z.string(),
      category_label: z.string(),
      total: z.number(),
      committed: z.number(),
      consumed: z.number(),
    }).strict(),
  ),
}).strict();

export const BudgetTrackingRequest = z.object({
  budget_id: z.string().min(1).max(64).optional(),
}).strict();

export const BudgetTrackingResponse = z.object({
  months: z.array(
    z.object({
      month: z.string(),
      budget: z.number(),
      committed: z.number(),
      consumed: z.number(),
      actual: z.number(),
    }).strict(),
  ),
  lines: z.array(
    z.object({
      budget_id: z.string(),
      budget_name: z.string(),
      budget_title: z.string(),
      month: z.string(),
      category: z.string(),
      category_label: z.string(),
      description: z.string(),
      amount: z.number(),
      committed: z.number(),
      consumed: z.number(),
      remaining: z.number(),
    }).strict(),
  ),
}).strict();
