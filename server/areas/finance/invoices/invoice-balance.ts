/**
 * The one place an invoice's balance moves: a payment applied to it (positive
 * `delta`) or reversed (negative), inside the payment's transaction and through
 * the engine. Paid amount, outstanding and the stored payment status change
 * together, computed from the invoice's row read under its lock (never from an
 * earlier read), and the change is versioned, audited and announced; a result
 * below zero outstanding (or below zero paid), or an invoice that is not
 * submitted, is refused with 409 naming the invoice and what it has outstanding.
 * Payments call it from submit and cancel, naming themselves, so the invoice's
 * timeline says which payment applied or reversed how much.
 */
import type { Reader } from "../../../db/database.ts";
import { conflict } from "../../../platform/errors/app-error.ts";
import type { ActionContext } from "../../../records/engine/record-rules.ts";
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

/** What a balance move reads of the invoice, as stored under its lock. */
interface StoredBalance {
  name: string;
  currency: string;
  docstatus: number;
  grand_total: number;
  paid_amount: number;
  outstanding: number;
}

/**
 * The invoice after `delta` more is paid on it (less, when negative): refused
 * unless the invoice is submitted and the result stays within 0 … grand total.
 */
export function movedBalance(
  invoiceId: string,
  stored: StoredBalance,
  delta: number,
): { paid_amount: number; outstanding: number; payment_status: string } {
  const paid = cents(Number(stored.paid_amount) + delta);
  const outstanding = cents(Number(stored.grand_total) - paid);
  if (Number(stored.docstatus) !== 1 || outstanding < 0 || paid < 0) {
    throw refusal(stored, invoiceId, delta);
  }
  return {
    paid_amount: paid,
    outstanding,
    payment_status: paymentStatusOf(Number(stored.grand_total), paid),
  };
}

/**
 * Adds `delta` to what is paid on the invoice and recomputes its outstanding and
 * status, through the engine: the invoice's row is locked and read, the new
 * figures are computed from what it stores (so racing payments take turns and
 * each starts from the other's result), and the change is versioned, audited
 * under `invoice.payment` (or `invoice.payment_reversed`, naming the payment) and
 * announced.
 */
export async function applyInvoicePayment(
  engine: {
    read: Reader;
    setSystemFields: ActionContext["setSystemFields"];
    organizationId: string;
  },
  invoiceId: string,
  delta: number,
  cause: BalanceCause,
): Promise<void> {
  const amount = cents(delta);
  await engine.setSystemFields(
    INVOICE.id,
    invoiceId,
    (stored) => movedBalance(invoiceId, stored as unknown as StoredBalance, amount),
    {
      action: amount >= 0 ? "invoice.payment" : "invoice.payment_reversed",
      afterOf: async (set, stored) => ({
        ...set,
        cause: await causeOf(engine.read, engine.organizationId, cause, amount, {
          currency: String(stored.currency ?? ""),
        }),
      }),
    },
  );
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
  read: Reader,
  organizationId: string,
  cause: BalanceCause,
  amount: number,
  { currency }: { currency: string },
) {
  const { locale } = await readLetterhead(read, organizationId);
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
function refusal(invoice: StoredBalance, invoiceId: string, delta: number) {
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
