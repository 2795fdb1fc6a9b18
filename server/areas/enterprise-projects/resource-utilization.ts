/**
 * The resource utilisation report of a project (issue 14): over the project's
 * span, each member's capacity, the hours their open tasks still need there, the
 * hours they logged on the project, and the utilisation that makes against
 * their full capacity and against the share allocated to this project. More work
 * than the allocated share is "over"; under 80 % of it is "under" (the usual
 * target utilisation of a project office).
 */
import type { z } from "zod";
import type { UtilizationReport } from "../../../schemas/api/enterprise-projects/resources.ts";
import type { Queryable } from "../../db/database.ts";
import { roundHours, workingDays } from "./resource-calendar.ts";
import { neededHours, teamOf } from "./resource-capacity.ts";

/** Below this share of the allocated hours a member is under-utilised. */
const UNDER_UTILISED_PERCENT = 80;

const STATUS_LABELS = { over: "Over-allocated", balanced: "Balanced", under: "Under-utilised" };

function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round(part / whole * 1000) / 10 : 0;
}

/** The utilisation report of a project over `window` (its start to end date). */
export async function utilizationReport(
  q: Queryable,
  organizationId: string,
  projectId: string,
  window: { start: string; end: string },
): Promise<z.infer<typeof UtilizationReport>> {
  const team = await teamOf(q, organizationId, projectId);
  const { daily } = await neededHours(q, organizationId, projectId, window);
  const logged = new Map(
    (await q.all<{ user_id: string; hours: number }>(
      `SELECT user_id, SUM(hours) AS hours FROM time_logs
        WHERE organization_id = ? AND project_id = ? AND logged_on >= ? AND logged_on <= ?
        GROUP BY user_id`,
      [organizationId, projectId, window.start, window.end],
    )).map((row) => [row.user_id, Number(row.hours)]),
  );
  const weeks = workingDays(window.start, window.end).length / 5;
  const members = team.map((member) => {
    const capacity = member.capacity_hours * weeks;
    const share = capacity * member.allocation_percent / 100;
    const allocated = [...(daily.get(member.user_id)?.values() ?? [])].reduce((a, b) => a + b, 0);
    const spent = logged.get(member.user_id) ?? 0;
    const work = spent + allocated;
    const status = work > share + 1e-9
      ? "over" as const
      : percent(work, share) < UNDER_UTILISED_PERCENT
      ? "under" as const
      : "balanced" as const;
    return {
      resource_id: member.id,
      user_id: member.user_id,
      user_name: member.user_name,
      role: member.role,
      allocation_percent: member.allocation_percent,
      capacity_hours: roundHours(capacity),
      allocated_hours: roundHours(allocated),
      logged_hours: roundHours(spent),
      utilization_percent: percent(work, capacity),
      allocation_utilization_percent: percent(work, share),
      status,
      status_label: STATUS_LABELS[status],
    };
  });
  const total = (pick: (m: typeof members[number]) => number) =>
    roundHours(members.reduce((sum, m) => sum + pick(m), 0));
  const capacity = total((m) => m.capacity_hours);
  const allocated = total((m) => m.allocated_hours);
  const spent = total((m) => m.logged_hours);
  return {
    project_id: projectId,
    period_start: window.start,
    period_end: window.end,
    weeks: Math.round(weeks * 10) / 10,
    members,
    totals: {
      capacity_hours: capacity,
      allocated_hours: allocated,
      logged_hours: spent,
      utilization_percent: percent(spent + allocated, capacity),
    },
  };
}
