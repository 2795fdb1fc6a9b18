/**
 * The task breakdown of a project. Progress and the task completion rate are
 * defined in figures.ts (re-exported here for the callers of the breakdown).
 *
 * - In progress = started and not finished: statuses in_progress and review.
 * - Overdue = not completed and due before today; unassigned counts open tasks only.
 */
import type { z } from "zod";
import type { TaskProgress } from "../../../../schemas/api/analytics.ts";
import { PRIORITY_NAMES, TASK_STATUSES } from "./constants.ts";
import type { Queryable } from "../../../db/database.ts";
import {
  type BreakdownRow,
  milestoneCounts,
  overdueTaskCount,
  taskBreakdown,
  workTotalsByProject,
} from "./repo.ts";
import { weightedProgress } from "./figures.ts";
import { round } from "./calendar.ts";
import { remembered } from "../../../db/remembered.ts";

export { simpleProgress, weightedProgress } from "./figures.ts";

/** The task breakdown of a project, summed from the status × priority × assignee groups. */
export interface Breakdown {
  total: number;
  completed: number;
  open: number;
  inProgress: number;
  blocked: number;
  overdue: number;
  unassigned: number;
  byStatus: Record<(typeof TASK_STATUSES)[number], number>;
  byPriority: Record<(typeof PRIORITY_NAMES)[number], number>;
  totalHours: number;
  completedHours: number;
  totalPoints: number;
  completedPoints: number;
  milestones: number;
  completedMilestones: number;
  /** Tasks and completed tasks per assignee. */
  byAssignee: Map<string, { total: number; completed: number }>;
}

/**
 * Sums the status × priority × assignee groups; overdue and milestone counts come
 * from their own indexes. Unknown statuses count as open work (todo).
 */
export function summariseBreakdown(
  rows: readonly BreakdownRow[],
  extra: { overdue: number; milestones: { total: number; completed: number } },
): Breakdown {
  const b: Breakdown = {
    total: 0,
    completed: 0,
    open: 0,
    inProgress: 0,
    blocked: 0,
    overdue: extra.overdue,
    unassigned: 0,
    byStatus: { todo: 0, in_progress: 0, review: 0, blocked: 0, completed: 0 },
    byPriority: { low: 0, medium: 0, high: 0, critical: 0 },
    totalHours: 0,
    completedHours: 0,
    totalPoints: 0,
    completedPoints: 0,
    milestones: extra.milestones.total,
    completedMilestones: extra.milestones.completed,
    byAssignee: new Map(),
  };
  for (const row of rows) {
    const status = (TASK_STATUSES as readonly string[]).includes(row.status)
      ? row.status as keyof Breakdown["byStatus"]
      : "todo";
    const done = status === "completed";
    b.total += row.tasks;
    b.byStatus[status] += row.tasks;
    b.byPriority[PRIORITY_NAMES[Math.min(4, Math.max(1, row.priority)) - 1]] += row.tasks;
    b.totalHours += row.estimated_hours;
    b.totalPoints += row.story_points;
    if (row.assignee_id === null) {
      if (!done) b.unassigned += row.tasks;
    } else {
      const member = b.byAssignee.get(row.assignee_id) ?? { total: 0, completed: 0 };
      member.total += row.tasks;
      if (done) member.completed += row.tasks;
      b.byAssignee.set(row.assignee_id, member);
    }
    if (done) {
      b.completed += row.tasks;
      b.completedHours += row.estimated_hours;
      b.completedPoints += row.story_points;
    }
  }
  b.open = b.total - b.completed;
  b.inProgress = b.byStatus.in_progress + b.byStatus.review;
  b.blocked = b.byStatus.blocked;
  return b;
}

/** The breakdown of a project today, computed once per change of the database. */
export function projectBreakdown(
  db: Queryable,
  projectId: string,
  today: string,
): Promise<Breakdown> {
  return remembered(
    db,
    `breakdown|${projectId}|${today}`,
    async () =>
      summariseBreakdown(await taskBreakdown(db, projectId), {
        overdue: await overdueTaskCount(db, projectId, today),
        milestones: await milestoneCounts(db, projectId),
      }),
  );
}

/**
 * The progress (figures.ts) of each project listed, for the project list and the
 * dashboards: the same function as the single-project calls, over per-project
 * sums from SQL. A project without tasks is at 0.
 */
export async function progressOfProjects(
  db: Queryable,
  projectIds: readonly string[],
): Promise<Map<string, number>> {
  const rows = await workTotalsByProject(db, projectIds);
  const progress = new Map(projectIds.map((id) => [id, 0]));
  for (const r of rows) {
    progress.set(
      r.project_id,
      weightedProgress({
        total: r.total,
        completed: r.completed,
        totalHours: r.total_hours,
        completedHours: r.completed_hours,
      }),
    );
  }
  return progress;
}

/** The task_progress block of the Progress entity. */
export function taskProgress(b: Breakdown): z.infer<typeof TaskProgress> {
  return {
    total_tasks: b.total,
    completed_tasks: b.completed,
    in_progress_tasks: b.inProgress,
    overdue_tasks: b.overdue,
    blocked_tasks: b.blocked,
    unassigned_tasks: b.unassigned,
    tasks_by_status: { ...b.byStatus },
    tasks_by_priority: {
      critical: b.byPriority.critical,
      high: b.byPriority.high,
      medium: b.byPriority.medium,
      low: b.byPriority.low,
    },
    total_estimated_hours: round(b.totalHours, 2),
    completed_estimated_hours: round(b.completedHours, 2),
    total_story_points: b.totalPoints,
    completed_story_points: b.completedPoints,
  };
}
