/** Expense claims: the rules the engine runs on them (see expense-rules.ts). */
export { addExpenseRules } from "./expense-rules.ts";
