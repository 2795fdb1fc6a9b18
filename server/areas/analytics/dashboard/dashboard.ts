/**
 * Dashboard analytics: organisation-wide figures for a date range (default the
 * last 30 days, at most 1096 days). Per-day series cover every day of the range
 * (0 on quiet days): tasks created and completed, hours logged. Totals sum them;
 * projects_by_status and active_projects are the current state; leads (created in
 * the range, by stage; won leads and their value) are null for callers who may not
 * see the Leads module. top_projects carry each project's progress as the project
 * analytics calls compute it (figures.ts).
 */
import type { z } from "zod";
import type {
  DashboardAnalyticsData,
  DashboardAnalyticsRequest,
} from "../../../../schemas/api/dashboard-analytics.ts";
import { DASHBOARD_ANALYTICS } from "../../../../schemas/api/dashboard-analytics.ts";
import type { Queryable } from "../../../db/database.ts";
import { invalidInput } from "../../../platform/errors/app-error.ts";
import { addDays, datesFrom, daysBetween, round } from "../projects/calendar.ts";
import { progressOfProjects } from "../projects/mod.ts";
import {
  type DayRange,
  hoursByDay,
  leadsByStage,
  progressUpdateCount,
  projectsByStatus,
  tasksCompletedByDay,
  tasksCreatedByDay,
  topProjects,
} from "./repo.ts";

/** The UTC calendar date of a date or date-time string. */
function dayOf(text: string): string {
  return text.length === 10 ? text : new Date(text).toISOString().slice(0, 10);
}

/** The range asked for, with the defaults; 400 naming end_date when reversed or too long. */
export function dashboardRange(
  body: z.infer<typeof DashboardAnalyticsRequest>,
  today: string,
): DayRange & { days: number } {
  const span = DASHBOARD_ANALYTICS.defaultRangeDays - 1;
  const end = body.end_date ? dayOf(body.end_date) : today;
  const start = body.start_date ? dayOf(body.start_date) : addDays(end, -span);
  if (start > end) {
    throw invalidInput(`Invalid dates: end_date (${end}) is before start_date (${start})`, {
      end_date: "end_date is before start_date",
    });
  }
  const days = daysBetween(start, end) + 1;
  if (days > DASHBOARD_ANALYTICS.maxRangeDays) {
    throw invalidInput(
      `Invalid dates: end_date (the range is longer than ${DASHBOARD_ANALYTICS.maxRangeDays} days)`,
      { end_date: `The range is longer than ${DASHBOARD_ANALYTICS.maxRangeDays} days` },
    );
  }
  return { start, end, days };
}

/** The figures of the range for an organisation. */
export async function dashboardFigures(
  db: Queryable,
  organizationId: string,
  options: { range: DayRange; includeLeads: boolean },
): Promise<z.infer<typeof DashboardAnalyticsData>> {
  const { range } = options;
  const created = new Map(
    (await tasksCreatedByDay(db, organizationId, range)).map((r) => [r.day, r.tasks]),
  );
  const completedRows = await tasksCompletedByDay(db, organizationId, range);
  const completed = new Map(completedRows.map((r) => [r.day, r.tasks]));
  const hours = new Map((await hoursByDay(db, organizationId, range)).map((r) => [r.day, r.hours]));
  const dates = datesFrom(range.start, range.end);
  const statuses = await projectsByStatus(db, organizationId);
  const leads = options.includeLeads ? await leadsByStage(db, organizationId, range) : null;
  const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);
  const top = await topProjects(db, organizationId, range);
  const progress = await progressOfProjects(db, top.map((p) => p.project_id));
  return {
    totals: {
      tasks_created: sum(created.values()),
      tasks_completed: sum(completed.values()),
      story_points_completed: sum(completedRows.map((r) => r.story_points)),
      hours_logged: round(sum(hours.values()), 2),
      progress_updates: await progressUpdateCount(db, organizationId, range),
      active_projects: statuses.find((s) => s.status === "active")?.projects ?? 0,
      new_leads: leads ? sum(leads.map((l) => l.leads)) : null,
      won_leads: leads ? leads.find((l) => l.status === "won")?.leads ?? 0 : null,
      won_value: leads ? round(leads.find((l) => l.status === "won")?.value ?? 0, 2) : null,
    },
    tasks_per_day: dates.map((date) => ({
      date,
      created: created.get(date) ?? 0,
      completed: completed.get(date) ?? 0,
    })),
    hours_per_day: dates.map((date) => ({ date, hours: round(hours.get(date) ?? 0, 2) })),
    projects_by_status: Object.fromEntries(statuses.map((s) => [s.status, s.projects])),
    leads_by_stage: leads ? Object.fromEntries(leads.map((l) => [l.status, l.leads])) : null,
    top_projects: top.map((p) => ({ ...p, progress_percentage: progress.get(p.project_id)! })),
  };
}
