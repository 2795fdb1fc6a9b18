/**
 * The rules of a budget the declaration cannot hold (that it changes only while a
 * draft, its states declare): its period ends after it starts and its items fall
 * in it; and a budget saved with a template and no items gets them from the
 * template: each share of the amount to spread, in the month the share names
 * counted from the period's first month.
 */
import type { Reader } from "../../../db/database.ts";
import { defineController } from "../../../records/engine/controller.ts";
import { BUDGET } from "../types/budget.ts";
import type { SaveContext } from "../../../records/engine/record-rules.ts";
import { invalidFields } from "../../../records/engine/field-problems.ts";
import { roundMoney } from "../invoices/budget-actuals.ts";

/** `YYYY-MM` of the month `offset` months after the one `date` falls in. */
export function monthAfter(date: string, offset: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 + offset;
  const y = year + Math.floor(month / 12);
  return `${y}-${String((month % 12) + 1).padStart(2, "0")}`;
}

/** Items from a template's shares of `amount`, starting in the period's first month. */
export async function itemsFromTemplate(
  q: Reader,
  organizationId: string,
  options: { templateId: string; amount: number; periodStart: string; category: string },
): Promise<{ month: string; category: string; description: string; amount: number }[]> {
  const shares = await q.all<{ month_offset: number; category: string; share_percent: number }>(
    `SELECT l.month_offset, l.category, l.share_percent FROM budget_template_lines l
       JOIN budget_templates t ON t.id = l.budget_template_id
      WHERE t.organization_id = ? AND t.id = ? ORDER BY l.idx`,
    [organizationId, options.templateId],
  );
  return shares.map((s) => ({
    month: monthAfter(options.periodStart, Number(s.month_offset)),
    category: s.category || options.category,
    description: `${Number(s.share_percent)} % of ${options.amount}`,
    amount: roundMoney(options.amount * Number(s.share_percent) / 100),
  }));
}

async function beforeSave(ctx: SaveContext): Promise<void> {
  const { existing, checked } = ctx;
  const values = checked.values;
  const start = String(values.period_start ?? "");
  const end = String(values.period_end ?? "");
  if (start && end && end < start) {
    throw invalidFields(ctx.type, { period_end: "Must not be before From" });
  }
  let items = (values.items ?? []) as Record<string, unknown>[];
  if (values.template && items.length === 0) {
    const amount = Number(values.amount ?? 0);
    if (!(amount > 0)) {
      throw invalidFields(ctx.type, { amount: "Is required to share out the template" });
    }
    items = await itemsFromTemplate(ctx.read, ctx.access.organizationId, {
      templateId: String(values.template),
      amount,
      periodStart: start,
      category: String(values.category ?? ""),
    });
    checked.children.set("items", items.map((i) => ({ ...i })) as never);
    values.items = items;
    const total = roundMoney(items.reduce((sum, i) => sum + Number(i.amount), 0));
    checked.columns.set("total", total);
    values.total = total;
    checked.changes.push({ field: "items", from: existing?.items ?? [], to: items });
  }
  const errors: Record<string, string> = {};
  for (const [i, item] of items.entries()) {
    const month = String(item.month ?? "");
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) {
      errors[`items[${i}].month`] = "Must be a month as YYYY-MM";
    } else if (start && end && (month < start.slice(0, 7) || month > end.slice(0, 7))) {
      errors[`items[${i}].month`] = `Must fall in the budget's period (${start} to ${end})`;
    }
  }
  if (Object.keys(errors).length > 0) throw invalidFields(ctx.type, errors);
}

/** The controller of budgets. */
export const BUDGET_CONTROLLER = defineController({
  type: BUDGET,
  // A budget saved with a template takes its items from the template's lines.
  decides: ["save"],
  beforeSave,
});
