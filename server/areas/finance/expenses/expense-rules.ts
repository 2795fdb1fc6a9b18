/**
 * The rules of an expense claim the declaration cannot hold (that a claim changes
 * only while a draft, but for the sanctioned amounts while it waits for approval,
 * its states declare): a sanctioned amount is at most what was claimed; nobody
 * approves or rejects their own claim; approval sanctions what was claimed on
 * lines left at 0, stamps the time and checks the budgets the claim falls in;
 * paying stamps the time.
 */
import { defineController } from "../../../records/engine/controller.ts";
import { EXPENSE } from "../types/expense.ts";
import type { ActionContext, SaveContext } from "../../../records/engine/record-rules.ts";
import { forbidden } from "../../../platform/errors/app-error.ts";
import { invalidFields } from "../../../records/engine/field-problems.ts";
import { checkClaimBudgets } from "../budget/budget-check.ts";

type Line = Record<string, unknown>;

function beforeSave(ctx: SaveContext): Promise<void> {
  const lines = (ctx.checked.values.lines ?? []) as Line[];
  const problems: Record<string, string> = {};
  for (const [i, line] of lines.entries()) {
    if (Number(line.sanctioned_amount ?? 0) > Number(line.amount ?? 0)) {
      problems[`lines[${i}].sanctioned_amount`] = "Cannot be more than the amount claimed";
    }
  }
  if (Object.keys(problems).length > 0) throw invalidFields(ctx.type, problems);
  return Promise.resolve();
}

async function afterAction(ctx: ActionContext): Promise<Record<string, unknown> | void> {
  const { read, access, record, action, now } = ctx;
  if (action === "approve" || action === "reject") {
    if (record.claimant === access.user.id) {
      throw forbidden(`You cannot ${action} your own expense claim`);
    }
  }
  if (action === "approve") {
    const lines = (record.lines ?? []) as Line[];
    if (lines.some((line) => Number(line.sanctioned_amount ?? 0) === 0)) {
      // Saved before the budget check, which reads what the lines sanction.
      await ctx.update({
        lines: lines.map((line) =>
          Number(line.sanctioned_amount ?? 0) === 0
            ? { ...line, sanctioned_amount: line.amount }
            : line
        ),
      });
    }
    const warnings = await checkClaimBudgets(read, access.organizationId, record.id as string);
    return { approved_at: now, budget_warning: warnings.join("\n") };
  }
  if (action === "mark_paid") return { paid_at: now };
}

/** The controller of expense claims. */
export const EXPENSE_CONTROLLER = defineController({
  type: EXPENSE,
  // Approval commits the claim against the budgets its lines fall in.
  decides: ["approve"],
  beforeSave,
  afterAction,
});
