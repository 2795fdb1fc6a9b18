/**
 * The rules of an invoice the declaration cannot hold, because they read its
 * payments: an invoice with payments applied cannot be cancelled until they are
 * (as ERPNext and Odoo ask). Its Cancel says so before anyone confirms — "This
 * invoice has $400.00 paid by PAY-2026-00003: cancel those payments first", with
 * a link to each payment — and the cancel itself is refused with the same words.
 * The paid amount is the invoice's own (its row is locked by the action); the
 * payments named are the submitted ones allocated to it.
 */
import type { Reader } from "../../../db/database.ts";
import { conflict } from "../../../platform/errors/app-error.ts";
import { documentFormats } from "../../../platform/orgs/document-formats.ts";
import { readLetterhead } from "../../../platform/orgs/letterhead.ts";
import { defineController } from "../../../records/engine/controller.ts";
import { INVOICE } from "../types/invoice.ts";
import { cancelInvoice, creditNote, submitInvoice } from "./invoice-actions.ts";
import type {
  ActionContext,
  ActionExplanation,
  ExplainContext,
} from "../../../records/engine/record-rules.ts";
import type { RecordData } from "../../../records/engine/record-rows.ts";
import { PAYMENT } from "../types/payment.ts";

/** A submitted payment allocated to an invoice, with what it applies to it. */
export interface AppliedPayment {
  id: string;
  name: string;
  amount: number;
}

/** The submitted payments applied to an invoice, by number. */
export async function appliedPayments(
  q: Reader,
  organizationId: string,
  invoiceId: string,
): Promise<AppliedPayment[]> {
  return await q.all<AppliedPayment>(
    `SELECT p.id, p.name, SUM(a.amount) AS amount
       FROM payment_allocations a
       JOIN payments p ON p.organization_id = a.organization_id AND p.id = a.payment_id
      WHERE a.organization_id = ? AND a.invoice_id = ? AND p.docstatus = 1
      GROUP BY p.id, p.name
      ORDER BY p.name`,
    [organizationId, invoiceId],
  );
}

/** Whether payments stand in the way of cancelling this invoice. */
function hasPaymentsApplied(invoice: RecordData): boolean {
  return !invoice.is_return && Number(invoice.paid_amount ?? 0) !== 0;
}

/** Why the invoice cannot be cancelled: what is paid, and by which payments. */
async function paymentsInTheWay(
  q: Reader,
  organizationId: string,
  invoice: RecordData,
): Promise<{ reason: string; payments: AppliedPayment[] }> {
  const { locale } = await readLetterhead(q, organizationId);
  const format = documentFormats(locale);
  const money = (amount: number) => format.money(amount, String(invoice.currency ?? ""));
  const payments = await appliedPayments(q, organizationId, String(invoice.id));
  const paid = money(Number(invoice.paid_amount));
  if (payments.length === 0) {
    return { reason: `has ${paid} paid: cancel its payments first`, payments };
  }
  const by = payments.length === 1
    ? payments[0].name
    : payments.map((p) => `${p.name} (${money(p.amount)})`).join(", ");
  return { reason: `has ${paid} paid by ${by}: cancel those payments first`, payments };
}

async function explainAction(ctx: ExplainContext): Promise<ActionExplanation | undefined> {
  if (ctx.action !== "cancel" || !hasPaymentsApplied(ctx.record)) return undefined;
  const { reason, payments } = await paymentsInTheWay(
    ctx.read,
    ctx.access.organizationId,
    ctx.record,
  );
  const route = PAYMENT.declaration.form_route ?? `${PAYMENT.module}/:id`;
  return {
    blocked: {
      reason: `This invoice ${reason}.`,
      links: payments.map((p) => ({
        label: `Open ${p.name}`,
        path: `/app/${route.replace(":id", encodeURIComponent(p.id))}`,
      })),
    },
  };
}

async function afterAction(ctx: ActionContext): Promise<void> {
  if (ctx.action !== "cancel" || !hasPaymentsApplied(ctx.before)) return;
  const { reason } = await paymentsInTheWay(ctx.read, ctx.access.organizationId, ctx.before);
  throw conflict(`Invoice ${ctx.before.name} ${reason}`);
}

/** The controller of invoices: its actions, and the rules that read its payments. */
export const INVOICE_CONTROLLER = defineController({
  type: INVOICE,
  actions: { submit: submitInvoice, cancel: cancelInvoice, credit_note: creditNote },
  // The cancel decides from the invoice's own paid amount, its row locked by the action.
  decides: ["cancel"],
  afterAction,
  explainAction,
});
