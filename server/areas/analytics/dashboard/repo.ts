/**
 * SQL of dashboard analytics: organisation-wide figures for a date range, each a
 * GROUP BY over an index that starts with the organisation (migration 003).
 */
import type { Queryable } from "../../../db/database.ts";
import { isoDatePlus } from "../../../db/dialect.ts";

/** A date range, both days included. */
export interface DayRange {
  start: string;
  end: string;
}

/**
 * `column` within the range: a timestamp on or after the first day and before the
 * day after the last. Its two parameters are `bounds(range)`.
 */
function between(column: string): string {
  return `${column} >= ? AND ${column} < ?`;
}

/** The parameters of `between`: the first day and the day after the last. */
function bounds(r: DayRange): [string, string] {
  return [r.start, isoDatePlus(r.end, 1)];
}

/** Tasks created per day. */
export function tasksCreatedByDay(db: Queryable, org: string, r: DayRange) {
  return db.all<{ day: string; tasks: number }>(
    `SELECT substr(created_at, 1, 10) AS day, COUNT(*) AS tasks FROM tasks
      WHERE organization_id = ? AND ${between("created_at")} GROUP BY day`,
    [org, ...bounds(r)],
  );
}

/** Tasks completed per day, with their story points. */
export function tasksCompletedByDay(db: Queryable, org: string, r: DayRange) {
  return db.all<{ day: string; tasks: number; story_points: number }>(
    `SELECT substr(completed_at, 1, 10) AS day, COUNT(*) AS tasks, COALESCE(SUM(story_points), 0) AS story_points
       FROM tasks WHERE organization_id = ? AND status = 'completed' AND ${between("completed_at")}
      GROUP BY day`,
    [org, ...bounds(r)],
  );
}

/** Hours logged per day. */
export function hoursByDay(db: Queryable, org: string, r: DayRange) {
  return db.all<{ day: string; hours: number }>(
    `SELECT logged_on AS day, SUM(hours) AS hours FROM time_logs
      WHERE organization_id = ? AND logged_on >= ? AND logged_on <= ? GROUP BY logged_on`,
    [org, r.start, r.end],
  );
}

/** Projects per status (now). */
export function projectsByStatus(db: Queryable, org: string) {
  return db.all<{ status: string; projects: number }>(
    "SELECT status, COUNT(*) AS projects FROM projects WHERE organization_id = ? GROUP BY status",
    [org],
  );
}

/** Progress updates reported in the range. */
export async function progressUpdateCount(
  db: Queryable,
  org: string,
  r: DayRange,
): Promise<number> {
  const row = await db.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM progress_updates WHERE organization_id = ? AND ${
      between("created_at")
    }`,
    [org, ...bounds(r)],
  );
  return row?.n ?? 0;
}

/** Leads created in the range per stage, with their estimated value. */
export function leadsByStage(db: Queryable, org: string, r: DayRange) {
  return db.all<{ status: string; leads: number; value: number }>(
    `SELECT status, COUNT(*) AS leads, COALESCE(SUM(estimated_value), 0) AS value FROM leads
      WHERE organization_id = ? AND ${between("created_at")} GROUP BY status`,
    [org, ...bounds(r)],
  );
}

/** The five projects that completed the most tasks in the range. */
export function topProjects(db: Queryable, org: string, r: DayRange) {
  return db.all<
    { project_id: string; name: string; tasks_completed: number; story_points_completed: number }
  >(
    `SELECT c.project_id, p.name, c.tasks_completed, c.story_points_completed
       FROM (SELECT project_id, COUNT(*) AS tasks_completed, COALESCE(SUM(story_points), 0) AS story_points_completed
               FROM tasks WHERE organization_id = ? AND status = 'completed' AND ${
      between("completed_at")
    }
                 AND project_id IS NOT NULL
              GROUP BY project_id) c
       JOIN projects p ON p.id = c.project_id
      ORDER BY c.tasks_completed DESC, p.name LIMIT 5`,
    [org, ...bounds(r)],
  );
}
