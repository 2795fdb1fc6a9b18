/**
 * The figures of the budget screens, from the one definition of budget actuals
 * (../finance/budget-actuals.ts): each budget's standing with an organisation
 * summary and totals by category, and budget against committed and consumed per
 * month and per item (a month's item of a category takes that category's
 * actuals; an item without one takes the month's actuals its category items left).
 */
import type { Queryable } from "../../../db/database.ts";
import { budgetActuals, budgetStandings, roundMoney } from "../invoices/budget-actuals.ts";

async function categoryLabels(q: Queryable, organizationId: string): Promise<Map<string, string>> {
  const rows = await q.all<{ code: string; label: string }>(
    "SELECT code, label FROM type_masters WHERE organization_id = ? AND kind = 'expense_category'",
    [organizationId],
  );
  return new Map(rows.map((r) => [r.code, r.label]));
}

function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}

/** Every budget of the organisation with its standing, a summary and totals by category. */
export async function budgetOverview(q: Queryable, organizationId: string) {
  const labels = await categoryLabels(q, organizationId);
  const standings = await budgetStandings(q, organizationId, {
    states: ["draft", "pending_approval", "approved", "rejected"],
  });
  const projects = new Map(
    (await q.all<{ id: string; name: string }>(
      "SELECT id, name FROM projects WHERE organization_id = ?",
      [organizationId],
    )).map((p) => [p.id, p.name]),
  );
  const budgets = standings.map((s) => ({
    ...s,
    project_name: s.project_id ? projects.get(s.project_id) ?? null : null,
    category_label: s.category ? labels.get(s.category) ?? s.category : "All categories",
    percent_used: percentOf(s.committed + s.consumed, s.total),
    // Whether a budget is over (or near) its limit is decided here, once per budget:
    // the table shows these rows and the summary counts them, so the two cannot disagree.
    over_limit: s.remaining < 0,
    near_limit: s.remaining >= 0 && percentOf(s.committed + s.consumed, s.total) >= 90,
  }));
  const approved = budgets.filter((b) => b.status === "approved");
  const sum = (key: "total" | "committed" | "consumed" | "remaining") =>
    roundMoney(approved.reduce((total, b) => total + b[key], 0));
  const byCategory = new Map<string, { total: number; committed: number; consumed: number }>();
  for (const b of approved.filter((x) => x.scope === "category")) {
    const row = byCategory.get(b.category) ?? { total: 0, committed: 0, consumed: 0 };
    row.total = roundMoney(row.total + b.total);
    row.committed = roundMoney(row.committed + b.committed);
    row.consumed = roundMoney(row.consumed + b.consumed);
    byCategory.set(b.category, row);
  }
  return {
    summary: {
      budgets: approved.length,
      total: sum("total"),
      committed: sum("committed"),
      consumed: sum("consumed"),
      remaining: sum("remaining"),
      percent_used: percentOf(sum("committed") + sum("consumed"), sum("total")),
      // Counted over every budget listed (the table's rows), whatever its state.
      near_limit: budgets.filter((b) => b.near_limit).length,
      over: budgets.filter((b) => b.over_limit).length,
      pending_approval: budgets.filter((b) => b.status === "pending_approval").length,
    },
    budgets,
    by_category: [...byCategory].map(([category, row]) => ({
      category,
      category_label: category ? labels.get(category) ?? category : "All categories",
      ...row,
    })),
  };
}

/** Budget against committed and consumed per month and per item, of one budget or every approved one. */
export async function budgetTracking(
  q: Queryable,
  organizationId: string,
  budgetId?: string,
) {
  const labels = await categoryLabels(q, organizationId);
  const scope = budgetId ? { budgetId } : { states: ["approved"] };
  const items = await q.all<
    {
      budget_id: string;
      budget_name: string;
      budget_title: string;
      month: string;
      category: string;
      description: string;
      amount: number;
    }
  >(
    `SELECT b.id AS budget_id, b.name AS budget_name, b.title AS budget_title, i.month,
            i.category, i.description, i.amount
       FROM budgets b JOIN budget_items i ON i.budget_id = b.id
      WHERE b.organization_id = ? AND ${budgetId ? "b.id = ?" : "b.status = 'approved'"}
      ORDER BY i.month, b.name, i.idx`,
    [organizationId, ...(budgetId ? [budgetId] : [])],
  );
  const actuals = await budgetActuals(q, organizationId, scope);
  // Actuals by budget and month, then by category within it, each taken once.
  const left = new Map<string, { committed: number; consumed: number }>();
  for (const a of actuals) {
    for (const key of [`${a.budget_id}|${a.month}|${a.category}`, `${a.budget_id}|${a.month}|*`]) {
      const row = left.get(key) ?? { committed: 0, consumed: 0 };
      row.committed += a.committed;
      row.consumed += a.consumed;
      left.set(key, row);
    }
  }
  const take = (key: string) => {
    const row = left.get(key) ?? { committed: 0, consumed: 0 };
    left.delete(key);
    return row;
  };
  const lines = items.map((i) => ({ ...i, committed: 0, consumed: 0 }));
  for (const line of lines.filter((l) => l.category)) {
    const got = take(`${line.budget_id}|${line.month}|${line.category}`);
    const all = left.get(`${line.budget_id}|${line.month}|*`);
    if (all) {
      all.committed -= got.committed;
      all.consumed -= got.consumed;
    }
    line.committed = got.committed;
    line.consumed = got.consumed;
  }
  for (const line of lines.filter((l) => !l.category)) {
    const got = take(`${line.budget_id}|${line.month}|*`);
    line.committed = got.committed;
    line.consumed = got.consumed;
  }
  const months = new Map<string, { budget: number; committed: number; consumed: number }>();
  for (const line of items) {
    const m = months.get(line.month) ?? { budget: 0, committed: 0, consumed: 0 };
    m.budget += Number(line.amount);
    months.set(line.month, m);
  }
  for (const a of actuals) {
    const m = months.get(a.month) ?? { budget: 0, committed: 0, consumed: 0 };
    m.committed += a.committed;
    m.consumed += a.consumed;
    months.set(a.month, m);
  }
  return {
    months: [...months].sort(([a], [b]) => a.localeCompare(b)).map(([month, m]) => ({
      month,
      budget: roundMoney(m.budget),
      committed: roundMoney(m.committed),
      consumed: roundMoney(m.consumed),
      actual: roundMoney(m.committed + m.consumed),
    })),
    lines: lines.map((l) => ({
      ...l,
      amount: Number(l.amount),
      category_label: l.category ? labels.get(l.category) ?? l.category : "",
      committed: roundMoney(l.committed),
      consumed: roundMoney(l.consumed),
      remaining: roundMoney(Number(l.amount) - l.committed - l.consumed),
    })),
  };
}
