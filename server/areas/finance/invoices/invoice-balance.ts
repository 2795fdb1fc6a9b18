/**
 * The one place an invoice's balance moves: a payment applied to it (positive
 * `delta`) or reversed (negative), inside the caller's transaction. Paid amount,
 * outstanding and the stored payment status change together in one conditional
 * update of the stored values (never an absolute value computed from an earlier
 * read), the change is audited and announced; a result below zero outstanding
 * (or below zero paid), or an invoice that is not submitted, is refused with 409
 * naming the invoice and what it has outstanding. Payments call it from submit
 * and cancel, naming themselves, so the invoice's timeline says which payment
 * applied or reversed how much.
 */
import type { Queryable } from "../../../db/database.ts";
import { conflict, notFound } from "../../../platform/errors/app-error.ts";
import { recordAudit } from "../../../platform/audit/record.ts";
import { announceRecord } from "../../../records/engine/record-store.ts";
import { INVOICE } from "../types/invoice.ts";
import { roundMoney } from "../../../../schemas/money/rounding.ts";
import { documentFormats } from "../../../platform/orgs/document-formats.ts";
import { readLetterhead } from "../../../platform/orgs/letterhead.ts";

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

/** Money rounded to the cent in SQL, the same on both databases (PostgreSQL rounds numerics only). */
const CENTS = (expression: string) => `ROUND(CAST(${expression} AS NUMERIC), 2)`;

/**
 * The balance move itself: one conditional update that adds `delta` to what the
 * stored row has paid, so two payments can never both start from the same
 * balance, and that changes nothing unless the invoice is submitted and the
 * result stays within 0 … grand total. The payment status follows in the same
 * statement. (Parameters: delta ×5, now, organization, id, delta ×2.)
 */
const MOVE_BALANCE = `UPDATE invoices
    SET paid_amount = ${CENTS("paid_amount + ?")},
        outstanding = ${CENTS("grand_total - (paid_amount + ?)")},
        payment_status = CASE
          WHEN ${CENTS("grand_total - (paid_amount + ?)")} <= 0 THEN 'paid'
          WHEN ${CENTS("paid_amount + ?")} > 0 THEN 'partly_paid'
          ELSE 'unpaid' END,
        version = version + 1, updated_at = ?
  WHERE organization_id = ? AND id = ? AND docstatus = 1
    AND ${CENTS("grand_total - (paid_amount + ?)")} >= 0 AND ${CENTS("paid_amount + ?")} >= 0`;

interface BalanceRow {
  name: string;
  currency: string;
  docstatus: number;
  grand_total: number;
  paid_amount: number;
  outstanding: number;
  payment_status: string;
  version: number;
}

function readBalance(tx: Queryable, organizationId: string, invoiceId: string) {
  return tx.get<BalanceRow>(
    `SELECT name, currency, docstatus, grand_total, paid_amount, outstanding, payment_status, version
       FROM invoices WHERE organization_id = ? AND id = ?`,
    [organizationId, invoiceId],
  );
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
    /** The record that moved it (a payment), named in the invoice's timeline. */
    cause?: BalanceCause;
  },
): Promise<InvoiceBalance> {
  const amount = cents(delta);
  const { now } = options;
  const moved = await tx.run(MOVE_BALANCE, [
    amount,
    amount,
    amount,
    amount,
    now,
    organizationId,
    invoiceId,
    amount,
    amount,
  ]);
  const after = await readBalance(tx, organizationId, invoiceId);
  if (!after) throw notFound("Invoice");
  if (moved.changes !== 1) throw refusal(after, invoiceId, amount);
  const before = {
    paid_amount: cents(after.paid_amount - amount),
    outstanding: cents(after.outstanding + amount),
    payment_status: paymentStatusOf(after.grand_total, cents(after.paid_amount - amount)),
  };
  // The demo seed leaves no audit trail, as for every other record it seeds.
  if (options.audit !== false) {
    await recordAudit(tx, {
      organizationId,
      actorId: options.actorId,
      action: amount >= 0 ? "invoice.payment" : "invoice.payment_reversed",
      resourceType: INVOICE.id,
      resourceId: invoiceId,
      before,
      after: {
        paid_amount: after.paid_amount,
        outstanding: after.outstanding,
        payment_status: after.payment_status,
        ...(options.cause
          ? { cause: await causeOf(tx, organizationId, options.cause, amount, after.currency) }
          : {}),
      },
      now,
    });
  }
  await announceRecord(tx, organizationId, INVOICE, invoiceId, after.version);
  return {
    id: invoiceId,
    name: after.name,
    grand_total: after.grand_total,
    paid_amount: after.paid_amount,
    outstanding: after.outstanding,
    payment_status: after.payment_status,
    version: after.version,
  };
}

/** A record that moves an invoice's balance: a payment, by its type's label and its number. */
export interface BalanceCause {
  type: string;
  label: string;
  id: string;
  name: string;
}

/**
 * What the invoice's timeline says of a move, written when it happens in the
 * organisation's locale: "Payment PAY-2026-00003 applied $400.00", or "reversed";
 * and, for readers who may not read the payment, the same without naming it
 * ("Payment applied $400.00").
 */
async function causeOf(
  tx: Queryable,
  organizationId: string,
  cause: BalanceCause,
  amount: number,
  currency: string,
) {
  const { locale } = await readLetterhead(tx, organizationId);
  const money = documentFormats(locale).money(Math.abs(amount), currency);
  const moved = `${amount >= 0 ? "applied" : "reversed"} ${money}`;
  return {
    type: cause.type,
    id: cause.id,
    name: cause.name,
    summary: `${cause.label} ${cause.name} ${moved}`,
    unnamed_summary: `${cause.label} ${moved}`,
  };
}

/** Why a balance move changed nothing: the invoice is not submitted, or the move does not fit. */
function refusal(invoice: BalanceRow, invoiceId: string, delta: number) {
  const outstandingNow = cents(invoice.outstanding).toFixed(2);
  const details = { invoice: invoiceId, outstanding: invoice.outstanding };
  if (invoice.docstatus !== 1) {
    return conflict(
      `Invoice ${invoice.name} is not submitted (outstanding ${outstandingNow}): payments apply only to submitted invoices`,
      details,
    );
  }
  return conflict(
    `Invoice ${invoice.name} has ${outstandingNow} outstanding: ${
      cents(Math.abs(delta)).toFixed(2)
    } cannot be ${delta >= 0 ? "applied" : "reversed"}`,
    details,
  );
}
