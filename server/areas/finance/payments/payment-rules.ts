/**
 * The rules of a payment the declaration cannot hold: its allocations are checked
 * whenever it is saved (the reason named under the allocation's field); on submit
 * the invoices it goes to are locked (so payments racing for one invoice take
 * turns), a payment naming no allocation is allocated oldest first, then each
 * allocation is applied to its invoice's outstanding amount and payment status in
 * the same transaction; cancelling takes each back. Whatever is not allocated stays on the
 * payment as its unallocated amount.
 */
import { defineController } from "../../../records/engine/controller.ts";
import { PAYMENT } from "../types/payment.ts";
import type { ActionContext, SaveContext } from "../../../records/engine/record-rules.ts";
import { lockRecords } from "../../../records/engine/record-store.ts";
import { conflict } from "../../../platform/errors/app-error.ts";
import { invalidFields, problemSentences } from "../../../records/engine/field-problems.ts";
import { applyInvoicePayment } from "../invoices/invoice-balance.ts";
import { roundMoney } from "../invoices/budget-actuals.ts";
import {
  allocateOldestFirst,
  type Allocation,
  allocationProblems,
  openInvoiceIds,
} from "./payment-allocation.ts";

function allocationsOf(record: Record<string, unknown>): Allocation[] {
  return ((record.allocations ?? []) as Record<string, unknown>[]).map((a) => ({
    invoice: String(a.invoice ?? ""),
    amount: Number(a.amount ?? 0),
  }));
}

async function beforeSave(ctx: SaveContext): Promise<void> {
  const values = ctx.checked.values;
  if (!values.client) return;
  const problems = await allocationProblems(ctx.read, ctx.access.organizationId, {
    client: String(values.client),
    amount: Number(values.amount ?? 0),
    allocations: allocationsOf(values),
  });
  if (Object.keys(problems).length > 0) throw invalidFields(ctx.type, problems);
}

async function submit(ctx: ActionContext): Promise<Record<string, unknown> | void> {
  const { read, access, type, record } = ctx;
  const organizationId = access.organizationId;
  let allocations = allocationsOf(record);
  const payment = { client: String(record.client), amount: Number(record.amount) };
  // What the payment goes to is locked before its outstanding amounts are read.
  await lockRecords(
    read,
    "invoices",
    organizationId,
    allocations.length > 0
      ? allocations.map((a) => a.invoice)
      : await openInvoiceIds(read, organizationId, payment.client),
  );
  if (allocations.length === 0) {
    allocations = await allocateOldestFirst(read, organizationId, payment);
    const allocated = roundMoney(allocations.reduce((sum, a) => sum + a.amount, 0));
    await ctx.update({
      allocations: allocations.map((a) => ({ invoice: a.invoice, amount: a.amount })),
      allocated_amount: allocated,
      unallocated_amount: roundMoney(payment.amount - allocated),
    });
  }
  const problems = await allocationProblems(read, organizationId, { ...payment, allocations });
  if (Object.keys(problems).length > 0) {
    const fields = problemSentences(type, problems);
    const [first] = Object.values(fields);
    throw conflict(`Payment ${record.name} cannot be submitted. ${first}`, { fields });
  }
  await applyAll(ctx, allocations, 1);
}

async function applyAll(
  ctx: ActionContext,
  allocations: readonly Allocation[],
  sign: 1 | -1,
): Promise<void> {
  const { type, record } = ctx;
  const cause = {
    type: type.id,
    label: type.declaration.label,
    id: String(record.id),
    name: String(record.name),
  };
  const engine = { ...ctx, organizationId: ctx.access.organizationId };
  for (const allocation of allocations) {
    await applyInvoicePayment(engine, allocation.invoice, sign * allocation.amount, cause);
  }
}

async function afterAction(ctx: ActionContext): Promise<Record<string, unknown> | void> {
  if (ctx.action === "submit") return await submit(ctx);
  if (ctx.action === "cancel") {
    await applyAll(ctx, allocationsOf(ctx.record), -1);
  }
}

/** The controller of payments. */
export const PAYMENT_CONTROLLER = defineController({
  type: PAYMENT,
  // Allocations are checked against the invoices, which submit and cancel then move.
  decides: ["save", "submit", "cancel"],
  beforeSave,
  afterAction,
});
