/**
 * The analytics summary of one project, as the enterprise analytics call, the
 * performance reports and the recommendations read it (and ep-care stores it in
 * precomputed views). Every figure comes from the project analytics module
 * (server/areas/analytics/projects), one definition each: progress and task
 * totals from the breakdown, schedule status from the outlook, risk from the risk
 * assessment, velocity from the sprint history. Capacity is each member's weekly
 * capacity × allocation against their open estimated hours on the project.
 * Pure: reads only through `q`, no writes.
 */
import type { z } from "zod";
import type { ProjectSummary } from "../../../schemas/api/enterprise-projects/planning.ts";
import type { Queryable } from "../../db/database.ts";
import { notFound } from "../../platform/errors/app-error.ts";
import {
  isoDay,
  projectBreakdown,
  projectOutlook,
  timelineAnalysis,
  weightedProgress,
} from "../analytics/projects/mod.ts";
import { findProject, reworkedCompletedTasks } from "../analytics/projects/repo.ts";
import { assessRisk } from "../analytics/projects/risk.ts";
import { simpleProgress } from "../analytics/projects/figures.ts";
import { velocitySummary } from "../analytics/projects/velocity.ts";
import { DEFAULT_SPRINT_COUNT } from "../analytics/projects/constants.ts";
import { scheduleClock } from "../analytics/projects/timeline.ts";
import { memberLoads } from "./core-repo.ts";
import { roundHalfAway } from "../../../schemas/money/rounding.ts";

export type Summary = z.infer<typeof ProjectSummary>;

const hundredths = (n: number) => roundHalfAway(n, 2);

/** The summary of a project of the organisation (404 when it is not one). */
export async function computeProjectSummary(
  q: Queryable,
  organizationId: string,
  projectId: string,
  options: { today?: string } = {},
): Promise<Summary> {
  const today = options.today ?? isoDay(Date.now());
  const project = await findProject(q, organizationId, projectId);
  if (!project) throw notFound("Project");
  const breakdown = await projectBreakdown(q, projectId, today);
  const progress = weightedProgress(breakdown);
  const outlook = await projectOutlook(q, project, { today });
  const timeline = timelineAnalysis(project, {
    today,
    progress,
    overdue: breakdown.overdue,
    status: outlook.status,
  });
  const risk = assessRisk({
    breakdown,
    schedulePercentage: timeline.schedule_progress_percentage,
    progressPercentage: progress,
    reworked: await reworkedCompletedTasks(q, projectId),
  });
  const velocity = await velocitySummary(q, project, { today, sprintCount: DEFAULT_SPRINT_COUNT });
  const members = (await memberLoads(q, organizationId, projectId)).map((m) => {
    const allocated = hundredths(Number(m.capacity_hours) * Number(m.allocation_percent) / 100);
    const open = Number(m.open_estimated_hours);
    return {
      user_id: m.user_id,
      user_name: m.user_name || m.user_id,
      allocated_hours_per_week: allocated,
      open_estimated_hours: open,
      weeks_of_work: allocated > 0 ? hundredths(open / allocated) : null,
    };
  });
  return {
    project_id: project.id,
    project_name: project.name,
    status: project.status,
    start_date: project.start_date,
    end_date: project.end_date,
    today,
    progress_percentage: progress,
    task_completion_rate: simpleProgress(breakdown),
    total_tasks: breakdown.total,
    completed_tasks: breakdown.completed,
    open_tasks: breakdown.open,
    in_progress_tasks: breakdown.inProgress,
    blocked_tasks: breakdown.blocked,
    overdue_tasks: breakdown.overdue,
    unassigned_open_tasks: breakdown.unassigned,
    total_estimated_hours: breakdown.totalHours,
    completed_estimated_hours: breakdown.completedHours,
    schedule_progress_percentage: timeline.schedule_progress_percentage,
    days_remaining: scheduleClock(project, today).remaining,
    schedule_status: timeline.schedule_status,
    is_on_schedule: timeline.is_on_schedule,
    risk_score: risk.risk_score,
    risk_level: risk.overall_risk_level,
    current_velocity: velocity.current,
    average_velocity: velocity.average,
    velocity_trend: velocity.trend,
    weekly_capacity_hours: hundredths(members.reduce((s, m) => s + m.allocated_hours_per_week, 0)),
    open_estimated_hours: hundredths(members.reduce((s, m) => s + m.open_estimated_hours, 0)),
    members,
  };
}
