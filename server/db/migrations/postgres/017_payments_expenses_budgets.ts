/** PostgreSQL text of migration 017: payments, expense claims, budgets (see ../017_payments_expenses_budgets.ts). */
export default `SELECT 1;`;
