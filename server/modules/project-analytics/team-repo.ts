/**
 * SQL of team figures: per-member task figures (tasks_project_assignee), rework,
 * hours logged and shared work from time logs (time_logs_project).
 */
import type { Queryable } from "../../db/database.ts";

/** One assignee's figures; `completed` and what follows count tasks completed since the given date. */
export interface MemberRow {
  user_id: string;
  open_tasks: number;
  completed: number;
  story_points: number;
  hours: number;
  avg_days: number | null;
}

/** Figures per assignee; pass `since` = "" for all time. */
export function memberFigures(
  db: Queryable,
  projectId: string,
  since: string,
): Promise<MemberRow[]> {
  return db.all<MemberRow>(
    `SELECT assignee_id AS user_id,
            COALESCE(SUM(CASE WHEN status <> 'completed' THEN 1 END), 0) AS open_tasks,
            COALESCE(SUM(CASE WHEN status = 'completed' AND completed_at >= ? THEN 1 END), 0) AS completed,
            COALESCE(SUM(CASE WHEN status = 'completed' AND completed_at >= ? THEN story_points END), 0) AS story_points,
            COALESCE(SUM(CASE WHEN status = 'completed' AND completed_at >= ? THEN estimated_hours END), 0) AS hours,
            AVG(CASE WHEN status = 'completed' AND completed_at >= ? AND started_at IS NOT NULL
                     THEN julianday(completed_at) - julianday(started_at) END) AS avg_days
       FROM tasks WHERE project_id = ? AND assignee_id IS NOT NULL
      GROUP BY assignee_id`,
    [since, since, since, since, projectId],
  );
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
    `SELECT COUNT(*) AS tasks, COALESCE(SUM(CASE WHEN people > 1 THEN 1 END), 0) AS shared
       FROM (SELECT task_id, COUNT(DISTINCT user_id) AS people FROM time_logs
              WHERE project_id = ? AND logged_on >= ? GROUP BY task_id)`,
    [projectId, since],
  );
  return row ?? { tasks: 0, shared: 0 };
}

/** Open tasks of the project without an assignee. */
export async function unassignedOpenTasks(db: Queryable, projectId: string): Promise<number> {
  const row = await db.get<{ n: number }>(
    "SELECT COUNT(*) AS n FROM tasks WHERE project_id = ? AND assignee_id IS NULL AND status <> 'completed'",
    [projectId],
  );
  return row?.n ?? 0;
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
