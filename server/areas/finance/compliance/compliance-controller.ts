/**
 * The controller of compliance obligations: their state moves by actions (start,
 * complete, waive, reopen), and completing a recurring obligation creates its
 * next occurrence.
 */
import { type ActionRunContext, defineController } from "../../../records/engine/controller.ts";
import { addMonths, COMPLIANCE_ITEM, RECURRENCE_MONTHS } from "../types/compliance-item.ts";

/** Marks the obligation done and, when it recurs, creates its next occurrence. */
async function complete(ctx: ActionRunContext) {
  const months = RECURRENCE_MONTHS[String(ctx.record.recurrence ?? "none")];
  if (months && ctx.record.due_date) {
    await ctx.create("compliance_item", {
      title: ctx.record.title,
      category: ctx.record.category,
      authority: ctx.record.authority,
      recurrence: ctx.record.recurrence,
      owner: ctx.record.owner,
      notes: ctx.record.notes,
      due_date: addMonths(String(ctx.record.due_date), months),
    });
  }
  return { values: { status: "done", completed_at: ctx.now } };
}

/** The controller of compliance obligations. */
export const COMPLIANCE_ITEM_CONTROLLER = defineController({
  type: COMPLIANCE_ITEM,
  actions: {
    start: () => Promise.resolve({ values: { status: "in_progress" } }),
    complete,
    waive: () => Promise.resolve({ values: { status: "waived" } }),
    reopen: () => Promise.resolve({ values: { status: "open", completed_at: null } }),
  },
});
