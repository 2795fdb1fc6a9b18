/**
 * The one place an invoice's balance moves: a payment applied to it (positive
 * `delta`) or reversed (negative), inside the caller's transaction. Paid amount,
 * outstanding and the stored payment status change together, the change is
 * audited and announced; a result below zero outstanding (or below zero paid), or
 * an invoice that is not submitted, is refused with 409 naming the invoice and
 * what it has outstanding. Payments (fin-money) call it from submit and cancel.
 */
import type { Queryable } from "../../db/database.ts";
import { conflict, notFound } from "../../platform/errors/app-error.ts";
import { recordAudit } from "../../platform/audit/record.ts";
import { announceRecord } from "../../records/engine/record-store.ts";
import { INVOICE } from "../../records/types/invoice.ts";
import { roundMoney } from "../../../schemas/money/rounding.ts";

/** Money is kept to the cent. */
const cents = roundMoney;

/** The stored payment status of a submitted invoice with this much paid. */
export function paymentStatusOf(
  grandTotal: number,
  paid: number,
): "unpaid" | "partly_paid" | "paid" {
  if (cents(grandTotal - paid) <= 0) return "paid";
  return paid > 0 ? "partly_paid" : "unpaid";
}

/** What an invoice looks like after a payment moved its balance. */
export interface InvoiceBalance {
  id: string;
  name: string;
  grand_total: number;
  paid_amount: number;
  outstanding: number;
  payment_status: string;
  version: number;
}

/** Adds `delta` to what is paid on the invoice and recomputes its outstanding and status. */
export async function applyInvoicePayment(
  tx: Queryable,
  organizationId: string,
  invoiceId: string,
  delta: number,
  options: {
    /** The engine's clock, as the rest of the change is stamped. */
    now: string;
    /** Who moved the balance (the payment's submitter or canceller). */
    actorId: string | null;
    audit?: boolean;
  },
): Promise<InvoiceBalance> {
  const invoice = await tx.get<{
    name: string;
    docstatus: number;
    grand_total: number;
    paid_amount: number;
    outstanding: number;
    payment_status: string;
  }>(
    `SELECT name, docstatus, grand_total, paid_amount, outstanding, payment_status
       FROM invoices WHERE organization_id = ? AND id = ?`,
    [organizationId, invoiceId],
  );
  if (!invoice) throw notFound("Invoice");
  const outstandingNow = cents(invoice.outstanding).toFixed(2);
  if (invoice.docstatus !== 1) {
    throw conflict(
      `Invoice ${invoice.name} is not submitted (outstanding ${outstandingNow}): payments apply only to submitted invoices`,
      { invoice: invoiceId, outstanding: invoice.outstanding },
    );
  }
  const paid = cents(invoice.paid_amount + delta);
  const outstanding = cents(invoice.grand_total - paid);
  if (outstanding < 0 || paid < 0) {
    throw conflict(
      `Invoice ${invoice.name} has ${outstandingNow} outstanding: ${
        cents(Math.abs(delta)).toFixed(2)
      } cannot be ${delta >= 0 ? "applied" : "reversed"}`,
      { invoice: invoiceId, outstanding: invoice.outstanding },
    );
  }
  const status = paymentStatusOf(invoice.grand_total, paid);
  const { now } = options;
  await tx.run(
    `UPDATE invoices SET paid_amount = ?, outstanding = ?, payment_status = ?,
            version = version + 1, updated_at = ?
      WHERE organization_id = ? AND id = ?`,
    [paid, outstanding, status, now, organizationId, invoiceId],
  );
  // The demo seed leaves no audit trail, as for every other record it seeds.
  if (options.audit !== false) {
    await recordAudit(tx, {
      organizationId,
      actorId: options.actorId,
      action: delta >= 0 ? "invoice.payment" : "invoice.payment_reversed",
      resourceType: INVOICE.id,
      resourceId: invoiceId,
      before: {
        paid_amount: invoice.paid_amount,
        outstanding: invoice.outstanding,
        payment_status: invoice.payment_status,
      },
      after: { paid_amount: paid, outstanding, payment_status: status },
      now,
    });
  }
  const row = (await tx.get<{ version: number }>(
    "SELECT version FROM invoices WHERE organization_id = ? AND id = ?",
    [organizationId, invoiceId],
  ))!;
  await announceRecord(tx, organizationId, INVOICE, invoiceId, row.version);
  return {
    id: invoiceId,
    name: invoice.name,
    grand_total: invoice.grand_total,
    paid_amount: paid,
    outstanding,
    payment_status: status,
    version: row.version,
  };
}
