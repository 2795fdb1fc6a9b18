/**
 * Progress comparison of several projects of the organisation. Each project gets
 * the metrics asked for (default progress and velocity), computed as in the single
 * calls: progress = weighted progress; velocity = current and average velocity and
 * trend over the last 5 sprints; health = the health score; timeline = schedule
 * progress and the schedule status of the forecast. `leaders` names, per metric, the
 * project with the highest progress, average velocity, health score, and lead of
 * progress over schedule (the first one asked for on a tie).
 */
import type { z } from "zod";
import type { COMPARE_METRICS, ProgressComparison } from "../../../../schemas/api/analytics.ts";
import type { Queryable } from "../../../db/database.ts";
import { notFound } from "../../../platform/errors/app-error.ts";
import { DEFAULT_SPRINT_COUNT } from "./constants.ts";
import { round } from "./calendar.ts";
import { projectHealth } from "./health.ts";
import { projectBreakdown, weightedProgress } from "./progress.ts";
import { findProject } from "./repo.ts";
import { scheduleClock, timelineAnalysis } from "./timeline.ts";
import { velocitySummary } from "./velocity.ts";
import { projectOutlook } from "./outlook.ts";

type Metric = (typeof COMPARE_METRICS)[number];
type Entry = z.infer<typeof ProgressComparison>["projects"][number];

/** The comparison of the projects, in the order asked for; 404 names an unknown id. */
export async function compareProgress(
  db: Queryable,
  organizationId: string,
  options: { projectIds: readonly string[]; metrics: readonly Metric[]; today: string },
): Promise<z.infer<typeof ProgressComparison>> {
  const { today } = options;
  const metrics = [...new Set(options.metrics)];
  const entries: Entry[] = [];
  const scores: Record<string, Map<string, number>> = {};
  const score = (metric: Metric, id: string, value: number) =>
    (scores[metric] ??= new Map()).set(id, value);
  for (const id of new Set(options.projectIds)) {
    const project = await findProject(db, organizationId, id);
    if (!project) throw notFound(`Project ${id}`);
    const entry: Entry = { project_id: id, project_name: project.name, status: project.status };
    const needsBreakdown = metrics.includes("progress") || metrics.includes("timeline");
    const b = needsBreakdown ? await projectBreakdown(db, id, today) : undefined;
    if (b && metrics.includes("progress")) {
      entry.progress = {
        overall_progress_percentage: weightedProgress(b),
        completed_tasks: b.completed,
        total_tasks: b.total,
      };
      score("progress", id, weightedProgress(b));
    }
    if (metrics.includes("velocity")) {
      const v = await velocitySummary(db, project, { today, sprintCount: DEFAULT_SPRINT_COUNT });
      entry.velocity = {
        current_velocity: v.current,
        average_velocity: v.average,
        velocity_trend: v.trend,
      };
      score("velocity", id, v.average);
    }
    if (metrics.includes("health")) {
      const h = await projectHealth(db, project, today);
      entry.health = {
        overall_health_score: h.overall_health_score,
        health_status: h.health_status,
      };
      score("health", id, h.overall_health_score);
    }
    if (b && metrics.includes("timeline")) {
      const t = timelineAnalysis(project, {
        today,
        progress: weightedProgress(b),
        overdue: b.overdue,
        status: (await projectOutlook(db, project, { today })).status,
      });
      entry.timeline = {
        schedule_progress_percentage: t.schedule_progress_percentage,
        schedule_status: t.schedule_status,
        is_on_schedule: t.is_on_schedule,
      };
      score("timeline", id, round(weightedProgress(b) - 100 * scheduleClock(project, today).share));
    }
    entries.push(entry);
  }
  const leaders: Record<string, string> = {};
  for (const [metric, values] of Object.entries(scores)) {
    let best: [string, number] | undefined;
    for (const [id, value] of values) if (!best || value > best[1]) best = [id, value];
    if (best) leaders[metric] = best[0];
  }
  return { metrics, projects: entries, leaders };
}
