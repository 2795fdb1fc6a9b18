/**
 * Payments with their allocations to invoices, expense claims with their lines,
 * budgets with their monthly items, and budget templates with their shares. Their
 * tables, and the indexes their reports read, are their declarations' own
 * (server/records/types/payment.ts, expense.ts, budget.ts, budget-template.ts),
 * made at start-up by server/records/engine/table-sync.ts; the number stays so
 * databases that applied it keep counting.
 */
export default `SELECT 1;`;
