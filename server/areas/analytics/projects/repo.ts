/**
 * SQL of project analytics. Every aggregate runs in SQL over a covering index of
 * migration 003 and answers one row per group (status × priority, day, sprint,
 * member), never one row per task. Dates compare as ISO text: a timestamp
 * `2026-05-01T10:00:00Z` is `>=` the date `2026-05-01`, so day bounds need no
 * conversion.
 */
import type { Queryable } from "../../../db/database.ts";
import { addDays } from "./calendar.ts";
import { SHARED_COMPLETION_DAYS } from "./constants.ts";
import { remembered } from "../../../db/remembered.ts";

/** The project row analytics start from. */
export interface ProjectRow {
  id: string;
  organization_id: string;
  name: string;
  status: string;
  start_date: string;
  end_date: string;
  progress_percentage: number;
  /** Incremented by every write of progress_percentage (optimistic concurrency). */
  progress_version: number;
  updated_at: string;
}

/** Tasks of one status, priority and assignee (tasks_project_breakdown). */
export interface BreakdownRow {
  status: string;
  priority: number;
  assignee_id: string | null;
  tasks: number;
  estimated_hours: number;
  story_points: number;
}

/** Tasks completed on one day (tasks_project_completion). */
export interface CompletionDay {
  day: string;
  tasks: number;
  story_points: number;
  hours: number;
}

/** The project of an organisation, or undefined. */
export function findProject(
  db: Queryable,
  organizationId: string,
  projectId: string,
): Promise<ProjectRow | undefined> {
  return db.get<ProjectRow>(
    `SELECT id, organization_id, name, status, start_date, end_date, progress_percentage,
            progress_version, updated_at
       FROM projects WHERE id = ? AND organization_id = ?`,
    [projectId, organizationId],
  );
}

/**
 * Task counts, hours and points by status, priority and assignee, in one pass over
 * the covering index in its own order (no sort). At most statuses × priorities ×
 * assignees rows.
 */
export function taskBreakdown(db: Queryable, projectId: string): Promise<BreakdownRow[]> {
  return db.all<BreakdownRow>(
    `SELECT status, priority, assignee_id, COUNT(*) AS tasks,
            COALESCE(SUM(estimated_hours), 0) AS estimated_hours,
            COALESCE(SUM(story_points), 0) AS story_points
       FROM tasks WHERE project_id = ? GROUP BY status, priority, assignee_id`,
    [projectId],
  );
}

/**
 * Task counts and estimated hours per project, for lists of projects: one group
 * per project over the covering index tasks_project_breakdown.
 */
export function workTotalsByProject(
  db: Queryable,
  projectIds: readonly string[],
): Promise<
  {
    project_id: string;
    total: number;
    completed: number;
    total_hours: number;
    completed_hours: number;
  }[]
> {
  if (projectIds.length === 0) return Promise.resolve([]);
  return db.all(
    `SELECT project_id, COUNT(*) AS total,
            COALESCE(SUM(CASE WHEN status = 'completed' THEN 1 ELSE 0 END), 0) AS completed,
            COALESCE(SUM(estimated_hours), 0) AS total_hours,
            COALESCE(SUM(CASE WHEN status = 'completed' THEN estimated_hours ELSE 0 END), 0) AS completed_hours
       FROM tasks WHERE project_id IN (${projectIds.map(() => "?").join(", ")})
      GROUP BY project_id`,
    [...projectIds],
  );
}

/** Open tasks due before today (the partial index tasks_project_open_due). */
export async function overdueTaskCount(
  db: Queryable,
  projectId: string,
  today: string,
): Promise<number> {
  const row = await db.get<{ n: number }>(
    "SELECT COUNT(*) AS n FROM tasks WHERE project_id = ? AND due_date < ? AND status <> 'completed'",
    [projectId, today],
  );
  return row?.n ?? 0;
}

/** Milestones and completed milestones (the partial index tasks_project_milestones). */
export async function milestoneCounts(
  db: Queryable,
  projectId: string,
): Promise<{ total: number; completed: number }> {
  const row = await db.get<{ total: number; completed: number }>(
    `SELECT COUNT(*) AS total, COALESCE(SUM(CASE WHEN status = 'completed' THEN 1 END), 0) AS completed
       FROM tasks WHERE project_id = ? AND is_milestone = 1`,
    [projectId],
  );
  return row ?? { total: 0, completed: 0 };
}

/** The day the project's last task was completed (tasks_project_completion), or null. */
export async function lastCompletionDay(db: Queryable, projectId: string): Promise<string | null> {
  const row = await db.get<{ last: string | null }>(
    "SELECT MAX(completed_at) AS last FROM tasks WHERE project_id = ? AND status = 'completed'",
    [projectId],
  );
  return row?.last ? row.last.slice(0, 10) : null;
}

/** Tasks completed per day from `from` to `to` (dates, both included). */
export function completionsByDay(
  db: Queryable,
  projectId: string,
  from: string,
  to: string,
): Promise<CompletionDay[]> {
  return db.all<CompletionDay>(
    `SELECT substr(completed_at, 1, 10) AS day, COUNT(*) AS tasks,
            COALESCE(SUM(story_points), 0) AS story_points, COALESCE(SUM(estimated_hours), 0) AS hours
       FROM tasks
      WHERE project_id = ? AND status = 'completed' AND completed_at >= ? AND completed_at < ?
      GROUP BY day ORDER BY day`,
    [projectId, from, addDays(to, 1)],
  );
}

/**
 * Tasks completed per day from `from` to today. Every default view (velocity
 * history, forecast throughput, 30-day analytics, recent productivity) reads the
 * last 30 days, so the query covers at least those and is remembered per change
 * of the database: one query serves the whole screen.
 */
export async function dailyCompletions(
  db: Queryable,
  projectId: string,
  options: { from: string; today: string },
): Promise<CompletionDay[]> {
  const shared = addDays(options.today, -SHARED_COMPLETION_DAYS);
  const from = options.from < shared ? options.from : shared;
  const days = await remembered(
    db,
    `completions|${projectId}|${from}|${options.today}`,
    () => completionsByDay(db, projectId, from, options.today),
  );
  return days.filter((d) => d.day >= options.from);
}

/**
 * Completed tasks that were reworked: moved back from review or completed to
 * todo or in progress at least once (task_status_history_rework).
 */
export async function reworkedCompletedTasks(db: Queryable, projectId: string): Promise<number> {
  const row = await db.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM tasks t
      WHERE t.id IN (SELECT h.task_id FROM task_status_history h
                      WHERE h.project_id = ? AND h.from_status IN ('review', 'completed')
                        AND h.to_status IN ('todo', 'in_progress'))
        AND t.status = 'completed'`,
    [projectId],
  );
  return row?.n ?? 0;
}

/**
 * The reworked completed tasks of a project, computed once per change of the
 * database: the progress call's risk and the health call's quality both read it.
 */
export function projectRework(db: Queryable, projectId: string): Promise<number> {
  return remembered(db, `rework|${projectId}`, () => reworkedCompletedTasks(db, projectId));
}

/** The latest progress update of the project, if any. */
export function latestProgressUpdate(db: Queryable, projectId: string) {
  return db.get<
    { progress_percentage: number; notes: string; created_by: string | null; created_at: string }
  >(
    `SELECT progress_percentage, notes, created_by, created_at FROM progress_updates
      WHERE project_id = ? ORDER BY created_at DESC, id DESC LIMIT 1`,
    [projectId],
  );
}
