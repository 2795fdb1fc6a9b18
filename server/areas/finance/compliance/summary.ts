/**
 * The compliance summary of an organisation, counted in SQL in one pass over its
 * obligations: by state, overdue (still open, due before today), due soon (still
 * open, due today or within the organisation's window) and by category.
 */
import type { z } from "zod";
import type { ComplianceSummary } from "../../../../schemas/api/compliance.ts";
import type { Queryable } from "../../../db/database.ts";
import { isoDatePlus } from "../../../db/dialect.ts";
import { OPEN_COMPLIANCE_STATUSES } from "../types/compliance-item.ts";

type Summary = Omit<z.infer<typeof ComplianceSummary>, "notified" | "as_of">;

const OPEN_SQL = OPEN_COMPLIANCE_STATUSES.map((s) => `'${s}'`).join(", ");

/** The summary of an organisation's obligations on `today`. */
export async function complianceSummary(
  q: Queryable,
  organizationId: string,
  options: { today: string; dueSoonDays: number },
): Promise<Summary> {
  const rows = await q.all<
    { category: string; status: string; n: number; overdue: number; due_soon: number }
  >(
    `SELECT category, status, COUNT(*) AS n,
            COALESCE(SUM(CASE WHEN status IN (${OPEN_SQL}) AND due_date < ? THEN 1 ELSE 0 END), 0) AS overdue,
            COALESCE(SUM(CASE WHEN status IN (${OPEN_SQL}) AND due_date >= ? AND due_date <= ?
                              THEN 1 ELSE 0 END), 0) AS due_soon
       FROM compliance_items WHERE organization_id = ?
      GROUP BY category, status ORDER BY category, status`,
    [
      options.today,
      options.today,
      isoDatePlus(options.today, options.dueSoonDays),
      organizationId,
    ],
  );
  const byStatus: Record<string, number> = { open: 0, in_progress: 0, done: 0, waived: 0 };
  const categories = new Map<string, { open: number; overdue: number; done: number }>();
  let total = 0, overdue = 0, dueSoon = 0;
  for (const r of rows) {
    total += r.n;
    overdue += r.overdue;
    dueSoon += r.due_soon;
    byStatus[r.status] = (byStatus[r.status] ?? 0) + r.n;
    const c = categories.get(r.category) ?? { open: 0, overdue: 0, done: 0 };
    if ((OPEN_COMPLIANCE_STATUSES as readonly string[]).includes(r.status)) c.open += r.n;
    if (r.status === "done") c.done += r.n;
    c.overdue += r.overdue;
    categories.set(r.category, c);
  }
  return {
    due_soon_days: options.dueSoonDays,
    total,
    open: byStatus.open + byStatus.in_progress,
    overdue,
    due_soon: dueSoon,
    done: byStatus.done,
    waived: byStatus.waived,
    by_status: byStatus,
    by_category: [...categories].map(([category, c]) => ({ category, ...c })),
  };
}
