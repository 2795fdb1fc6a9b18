/**
 * The budget check of an expense claim's approval: the approved budgets whose
 * scope and period take any of the claim's lines, with the claim now counted as
 * committed. A "stop" budget taken past its total refuses the approval (409,
 * naming the budget, what the claim adds and what remained); a "warn" budget
 * lets it through and the warning is kept on the claim. Approval is where a
 * bookkeeper expects the check (ERPNext checks an expense claim on submit, which
 * follows its approval): that is when the sanctioned amount is known and becomes
 * committed; a claim waiting for approval commits nothing yet.
 */
import type { Reader } from "../../../db/database.ts";
import { conflict } from "../../../platform/errors/app-error.ts";
import { lockRecords } from "../../../records/engine/record-store.ts";
import { BUDGET_SCOPE, budgetStandings, roundMoney } from "../invoices/budget-actuals.ts";

/** Money as the messages show it: 1,234.50 */
export function money(value: number): string {
  return value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** Checks an approved claim against its budgets; returns the warnings of "warn" budgets. */
export async function checkClaimBudgets(
  tx: Reader,
  organizationId: string,
  expenseId: string,
): Promise<string[]> {
  const touched = await tx.all<{ id: string; claim: number }>(
    `SELECT b.id, SUM(l.sanctioned_amount) AS claim
       FROM budgets b JOIN expense_lines l ON ${BUDGET_SCOPE}
      WHERE b.organization_id = ? AND b.status = 'approved' AND l.expense_id = ?
      GROUP BY b.id ORDER BY b.id`,
    [organizationId, expenseId],
  );
  // Claims racing for one budget take turns: each reads what the last one committed.
  await lockRecords(tx, "budgets", organizationId, touched.map((t) => t.id));
  const warnings: string[] = [];
  for (const { id, claim } of touched) {
    const [standing] = await budgetStandings(tx, organizationId, { budgetId: id });
    if (standing.remaining >= -0.005) continue;
    const added = roundMoney(Number(claim));
    const remainder = roundMoney(standing.remaining + added);
    const what = `Budget ${standing.name} "${standing.title}"`;
    if (standing.action_on_excess === "stop") {
      throw conflict(
        `${what} would be exceeded: this claim adds ${money(added)} but only ${
          money(Math.max(remainder, 0))
        } of ${money(standing.total)} remains`,
        { budget: standing.name, amount: added, remainder },
      );
    }
    warnings.push(
      `${what} is exceeded: this claim adds ${money(added)} where ${
        money(Math.max(remainder, 0))
      } of ${money(standing.total)} remained`,
    );
  }
  return warnings;
}
