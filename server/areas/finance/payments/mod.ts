/** Payments: allocation to invoices and the rules the engine runs on payments (payment-rules.ts). */
export { PAYMENT_CONTROLLER } from "./payment-rules.ts";
