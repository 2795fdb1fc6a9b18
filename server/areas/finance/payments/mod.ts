/** Payments: allocation to invoices and the rules the engine runs on payments (payment-rules.ts). */
export { addPaymentRules } from "./payment-rules.ts";
