/**
 * SQL of team figures: per-member task figures (from the breakdown and
 * tasks_project_completion), rework,
 * hours logged and shared work from time logs (time_logs_project).
 */
import type { Queryable } from "../../../db/database.ts";
import { millisecondsBetween } from "../../../db/dialect.ts";
import { remembered } from "../../../db/remembered.ts";
import { projectBreakdown } from "./progress.ts";

const DAY_MS = 86_400_000;

/** One assignee's figures; `completed` and what follows count tasks completed since the given date. */
export interface MemberRow {
  user_id: string;
  open_tasks: number;
  completed: number;
  story_points: number;
  hours: number;
  avg_days: number | null;
}

/**
 * Figures per assignee (the unassigned left out): open tasks from the project's
 * breakdown, and the tasks completed since the date with their points, hours and
 * mean days from start to completion (tasks_project_completion, a range over the
 * period only).
 */
export function memberFigures(
  db: Queryable,
  projectId: string,
  options: { since: string; today: string },
): Promise<MemberRow[]> {
  return remembered(db, `members|${projectId}|${options.since}|${options.today}`, async () => {
    const breakdown = await projectBreakdown(db, projectId, options.today);
    const duration = millisecondsBetween(db.dialect, "started_at", "completed_at");
    const recent = await db.all<{
      user_id: string | null;
      completed: number;
      story_points: number;
      hours: number;
      timed: number;
      total_ms: number | null;
    }>(
      // Durations in whole milliseconds, averaged below: exactly alike on both dialects. A
      // completed task's duration is known exactly when it has a start (both are timestamps),
      // so the timed tasks are counted by started_at and the duration is worked out once per row.
      `SELECT assignee_id AS user_id, COUNT(*) AS completed, COALESCE(SUM(story_points), 0) AS story_points,
              COALESCE(SUM(estimated_hours), 0) AS hours,
              COUNT(started_at) AS timed, SUM(${duration}) AS total_ms
         FROM tasks WHERE project_id = ? AND status = 'completed' AND completed_at >= ?
        GROUP BY assignee_id`,
      [projectId, options.since],
    );
    const byUser = new Map(recent.map((r) => [r.user_id, r]));
    const meanDays = (r: { timed: number; total_ms: number | null }) =>
      r.timed > 0 ? r.total_ms! / r.timed / DAY_MS : null;
    return [...breakdown.byAssignee].map(([userId, tasks]) => {
      const r = byUser.get(userId);
      return {
        user_id: userId,
        open_tasks: tasks.total - tasks.completed,
        completed: r?.completed ?? 0,
        story_points: r?.story_points ?? 0,
        hours: r?.hours ?? 0,
        avg_days: r ? meanDays(r) : null,
      };
    });
  });
}

/** Completed tasks (since the date) that were reopened at least once, per assignee. */
export function memberRework(
  db: Queryable,
  projectId: string,
  since: string,
): Promise<{ user_id: string; reworked: number }[]> {
  return db.all(
    `SELECT t.assignee_id AS user_id, COUNT(*) AS reworked FROM tasks t
      WHERE t.id IN (SELECT h.task_id FROM task_status_history h
                      WHERE h.project_id = ? AND h.from_status IN ('review', 'completed')
                        AND h.to_status IN ('todo', 'in_progress'))
        AND t.status = 'completed' AND t.completed_at >= ? AND t.assignee_id IS NOT NULL
      GROUP BY t.assignee_id`,
    [projectId, since],
  );
}

/** Hours logged on the project since the date, per person. */
export function hoursByMember(
  db: Queryable,
  projectId: string,
  since: string,
): Promise<{ user_id: string; hours: number }[]> {
  return db.all(
    `SELECT user_id, SUM(hours) AS hours FROM time_logs
      WHERE project_id = ? AND logged_on >= ? GROUP BY user_id`,
    [projectId, since],
  );
}

/** Tasks with time logged since the date, and those with time from two people or more. */
export async function sharedWork(
  db: Queryable,
  projectId: string,
  since: string,
): Promise<{ tasks: number; shared: number }> {
  const row = await db.get<{ tasks: number; shared: number }>(
    `SELECT COUNT(*) AS tasks, COALESCE(SUM(CASE WHEN first_user <> last_user THEN 1 END), 0) AS shared
       FROM (SELECT task_id, MIN(user_id) AS first_user, MAX(user_id) AS last_user FROM time_logs
              WHERE project_id = ? AND logged_on >= ? GROUP BY task_id) AS per_task`,
    [projectId, since],
  );
  return row ?? { tasks: 0, shared: 0 };
}

/** Full names of users by id. */
export async function userNames(
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.all<{ id: string; name: string }>(
    `SELECT id, first_name || ' ' || last_name AS name FROM users WHERE id IN (${
      ids.map(() => "?").join(", ")
    })`,
    ids,
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}
