/**
 * What an invoice's actions do besides moving its document status: submitting
 * opens its balance (a credit note is settled by itself: its outstanding is 0),
 * cancelling closes it, and a credit note is a new draft return against a
 * submitted invoice with the same lines at negative quantities.
 */
import type { ActionRunContext } from "../../../records/engine/controller.ts";

type Values = { values: Record<string, unknown> };

/** `submit`: the stored payment status leaves draft. */
export function submitInvoice(ctx: ActionRunContext): Promise<Values> {
  const grand = Number(ctx.record.grand_total ?? 0);
  if (ctx.record.is_return) {
    return Promise.resolve({
      values: { payment_status: "paid", paid_amount: grand, outstanding: 0 },
    });
  }
  if (grand <= 0) {
    ctx.refuse(`Invoice ${ctx.record.name} totals ${grand}: an invoice must total more than 0`);
  }
  return Promise.resolve({
    values: { payment_status: "unpaid", paid_amount: 0, outstanding: grand },
  });
}

/**
 * `cancel`: the balance closes. (An invoice with payments applied is refused by the
 * finance module's invoice rules, which name the payments: finance/invoice-rules.ts.)
 */
export function cancelInvoice(_ctx: ActionRunContext): Promise<Values> {
  return Promise.resolve({ values: { payment_status: "cancelled", outstanding: 0 } });
}

/** `credit_note`: a draft return against this invoice, its lines at negative quantities. */
export async function creditNote(ctx: ActionRunContext): Promise<Values> {
  const lines = (ctx.record.lines as Record<string, unknown>[] | undefined) ?? [];
  // The return's own marks are not the caller's to set: the hook sets them as it creates it.
  await ctx.create("invoice", {
    client: ctx.record.client,
    issue_date: ctx.now.slice(0, 10),
    lines: lines.map((line) => ({
      item: line.item ?? null,
      description: line.description,
      quantity: -Number(line.quantity ?? 0),
      rate: line.rate,
      discount_percent: line.discount_percent,
      tax_template: line.tax_template ?? null,
    })),
  }, { is_return: true, return_against: ctx.record.id });
  return { values: {} };
}
