/** SQL of leads and lead assignments; every query filters by organisation. */
import type { Queryable, SqlValue } from "../../../db/database.ts";
import { isoDatePlus } from "../../../db/dialect.ts";
import type { z } from "zod";
import type { AssignmentsRequest, LeadStatsRequest } from "../../../../schemas/api/records.ts";
import { roundMoney } from "../../../../schemas/money/rounding.ts";

/** Counts and values of the organisation's leads. */
export async function leadStats(
  db: Queryable,
  organizationId: string,
  range: z.infer<typeof LeadStatsRequest>,
  now: Date,
) {
  const where = ["organization_id = ?"];
  const params: SqlValue[] = [organizationId];
  if (range.from) (where.push("created_at >= ?"), params.push(range.from));
  if (range.to) (where.push("created_at < ?"), params.push(isoDatePlus(range.to, 1)));
  const clause = where.join(" AND ");
  const groups = await db.all<
    { status: string; source: string; n: number; score: number; value: number }
  >(
    `SELECT status, source, COUNT(*) AS n, SUM(score) AS score, SUM(estimated_value) AS value
       FROM leads WHERE ${clause} GROUP BY status, source`,
    params,
  );
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
  const fresh = await db.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM leads WHERE ${clause} AND created_at >= ?`,
    [...params, monthStart],
  );
  const byStatus: Record<string, number> = {};
  const bySource: Record<string, number> = {};
  let total = 0, scoreSum = 0, pipeline = 0;
  for (const g of groups) {
    byStatus[g.status] = (byStatus[g.status] ?? 0) + g.n;
    bySource[g.source] = (bySource[g.source] ?? 0) + g.n;
    total += g.n;
    scoreSum += g.score;
    if (g.status !== "won" && g.status !== "lost") pipeline += g.value;
  }
  const won = byStatus.won ?? 0, lost = byStatus.lost ?? 0;
  return {
    total,
    new_this_month: fresh?.n ?? 0,
    by_status: byStatus,
    by_source: bySource,
    average_score: total ? Math.round((scoreSum / total) * 10) / 10 : 0,
    pipeline_value: roundMoney(pipeline),
    conversion_rate: won + lost ? Math.round((won / (won + lost)) * 1000) / 10 : 0,
  };
}

/** True when the lead belongs to the organisation. */
export async function leadExists(
  db: Queryable,
  organizationId: string,
  leadId: string,
): Promise<boolean> {
  return !!(await db.get("SELECT 1 AS x FROM leads WHERE id = ? AND organization_id = ?", [
    leadId,
    organizationId,
  ]));
}

/** Assignment entries, newest first. */
export function assignments(
  db: Queryable,
  organizationId: string,
  filter: z.infer<typeof AssignmentsRequest>,
) {
  const where = ["a.organization_id = ?"];
  const params: SqlValue[] = [organizationId];
  if (filter.lead_id) (where.push("a.lead_id = ?"), params.push(filter.lead_id));
  if (filter.assigned_to) (where.push("a.assigned_to = ?"), params.push(filter.assigned_to));
  return db.all<Record<string, unknown>>(
    `SELECT a.id, a.lead_id, l.name AS lead_name, a.assigned_to,
            CASE WHEN t.id IS NULL THEN NULL ELSE t.first_name || ' ' || t.last_name END AS assigned_to_name,
            a.assigned_by,
            CASE WHEN b.id IS NULL THEN NULL ELSE b.first_name || ' ' || b.last_name END AS assigned_by_name,
            a.reason, a.created_at
       FROM lead_assignments a JOIN leads l ON l.id = a.lead_id
       LEFT JOIN users t ON t.id = a.assigned_to LEFT JOIN users b ON b.id = a.assigned_by
      WHERE ${where.join(" AND ")} ORDER BY a.created_at DESC, a.id LIMIT ?`,
    [...params, filter.limit ?? 100],
  );
}
