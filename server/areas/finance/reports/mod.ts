/**
 * Finance figures for people: the finance dashboard, the invoice reports
 * (summary, aging, by client, by month, tax summary) and the expense report, as
 * JSON and CSV. Every figure comes from its one definition in
 * `finance/figures/`, a query of the record engine as the caller
 * (records/engine/figure-reader.ts); the staff dashboard's finance figures too
 * (`dashboardFinanceFigures`).
 */
export { financeReportRoutes } from "./routes.ts";
export { dashboardFinanceFigures } from "./dashboard.ts";
