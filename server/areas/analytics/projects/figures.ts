/**
 * The figures of a project that more than one call, tab or dashboard shows, each
 * defined once. Every call that shows one of them takes it from here, so that the
 * screen, the dashboards, the project list, comparisons and reports cannot
 * disagree. The SQL feeding them answers sums per project or per group, never one
 * row per task.
 *
 * - Progress: weighted by estimated hours, the calculation method the spec makes
 *   the default: 100 × Σ estimated hours of completed tasks / Σ estimated hours of
 *   all tasks, one decimal; a project without any estimate falls back to the task
 *   count. It is overall_progress_percentage, the analytics overall_progress, the
 *   forecast current_progress, the health completion_rate (as a fraction), the
 *   project list's and the dashboards' progress_percentage.
 * - Task completion rate: 100 × completed tasks / all tasks (the simple method,
 *   task_completion_rate and overall_completion_rate), always named as a rate of
 *   tasks, never as progress.
 * - Member completion rate: 100 × tasks done / tasks assigned, over the counts the
 *   team tables show beside it (3 of 4 reads 75 %). The team's rate pools the
 *   members: Σ done / Σ assigned.
 * - Velocity trend: from the current and the average velocity shown beside it:
 *   improving when the current sprint is more than 10 % above the average,
 *   declining when more than 10 % below, else stable (also with fewer than two
 *   sprints or an average of 0).
 * - Schedule status: "completed" once the project is complete (its status is
 *   completed, or it has tasks and all of them are done); else "no_tasks" without
 *   tasks; else "on_track" when the forecast's median completion date (P50) is on
 *   or before the planned end date, and "delayed" when it is later or cannot be
 *   projected (no throughput). On track therefore means a completion probability
 *   of at least 50 %. is_on_schedule / is_on_track are "not delayed".
 */
import { TREND_THRESHOLD } from "./constants.ts";
import { ratio, round } from "./calendar.ts";

/** Task counts and estimated hours of a project (or any set of tasks). */
export interface WorkTotals {
  total: number;
  completed: number;
  totalHours: number;
  completedHours: number;
}

/** Progress in percent, weighted by estimated hours (the definition above). */
export function weightedProgress(work: WorkTotals): number {
  if (work.totalHours <= 0) return simpleProgress(work);
  return round(100 * work.completedHours / work.totalHours);
}

/** Task completion rate in percent: completed tasks / all tasks. */
export function simpleProgress(work: WorkTotals): number {
  return round(100 * ratio(work.completed, work.total));
}

/** A member's (or the pooled team's) completion rate in percent: done / assigned. */
export function memberCompletionRate(done: number, assigned: number): number {
  return round(100 * ratio(done, assigned));
}

/** A trend of velocity. */
export type Trend = "improving" | "stable" | "declining";

/** The velocity trend of the current against the average velocity over `sprints` sprints. */
export function velocityTrend(
  velocity: { current: number; average: number; sprints: number },
): Trend {
  if (velocity.sprints < 2 || velocity.average <= 0) return "stable";
  const change = (velocity.current - velocity.average) / velocity.average;
  return change > TREND_THRESHOLD
    ? "improving"
    : change < -TREND_THRESHOLD
    ? "declining"
    : "stable";
}

/** Where a project stands against its planned end date. */
export type ScheduleStatus = "completed" | "on_track" | "delayed" | "no_tasks";

/** Complete: the project's status says so, or it has tasks and all are done. */
export function isProjectComplete(status: string, work: Pick<WorkTotals, "total" | "completed">) {
  return status === "completed" || (work.total > 0 && work.completed === work.total);
}

/** The schedule status of the definition above. */
export function scheduleStatus(inputs: {
  complete: boolean;
  total: number;
  estimatedCompletion: string | null;
  plannedEnd: string;
}): ScheduleStatus {
  if (inputs.complete) return "completed";
  if (inputs.total === 0) return "no_tasks";
  return inputs.estimatedCompletion !== null && inputs.estimatedCompletion <= inputs.plannedEnd
    ? "on_track"
    : "delayed";
}
