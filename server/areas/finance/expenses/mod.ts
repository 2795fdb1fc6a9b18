/** Expense claims: the rules the engine runs on them (see expense-rules.ts). */
export { EXPENSE_CONTROLLER } from "./expense-rules.ts";
