/**
 * Budgets: the rules the engine runs on budget records (draft-only changes,
 * period and months, items from a template), the check of expense claims against
 * budgets, and the figures of the budget screens.
 */
export { BUDGET_CONTROLLER } from "./budget-rules.ts";
export { budgetRoutes } from "./routes.ts";
