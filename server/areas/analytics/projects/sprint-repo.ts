/**
 * SQL of sprints and of the task status history: sprint velocities, the sprint in
 * progress, sprint figures and status changes per day for burndowns.
 */
import type { Queryable } from "../../../db/database.ts";
import { addDays, isoDatePlus, wholeDaysBetween } from "../../../db/dialect.ts";

/** A sprint row. */
export interface SprintRow {
  id: string;
  project_id: string;
  name: string;
  goal: string;
  start_date: string;
  end_date: string;
  planned_story_points: number;
}

/** A sprint with the story points and tasks of it completed by its end date. */
export interface SprintVelocityRow extends SprintRow {
  velocity: number;
  completed_tasks: number;
}

/** Task figures of one sprint. */
export interface SprintFigures {
  total_tasks: number;
  completed_tasks: number;
  in_progress_tasks: number;
  total_story_points: number;
  completed_story_points: number;
}

/** Status changes of one day: tasks created, completed and reopened. */
export interface StatusChangeDay {
  day: string;
  created: number;
  done: number;
  reopened: number;
}

const SPRINT_COLUMNS = "id, project_id, name, goal, start_date, end_date, planned_story_points";

/**
 * The last `count` sprints that ended before `today`, oldest first, each with the
 * story points of its tasks completed on or before its end date.
 */
export function endedSprintVelocities(
  db: Queryable,
  projectId: string,
  today: string,
  count: number,
): Promise<SprintVelocityRow[]> {
  return db.all<SprintVelocityRow>(
    // One range over tasks_sprint per sprint; a join grouped by sprint would sort every task.
    `SELECT s.id, s.project_id, s.name, s.goal, s.start_date, s.end_date, s.planned_story_points,
            (SELECT COALESCE(SUM(t.story_points), 0) FROM tasks t
              WHERE t.sprint_id = s.id AND t.status = 'completed' AND t.completed_at < s.day_after) AS velocity,
            (SELECT COUNT(*) FROM tasks t
              WHERE t.sprint_id = s.id AND t.status = 'completed' AND t.completed_at < s.day_after) AS completed_tasks
       FROM (SELECT ${SPRINT_COLUMNS}, ${
      addDays(db.dialect, "end_date", 1)
    } AS day_after FROM sprints
              WHERE project_id = ? AND end_date < ? ORDER BY end_date DESC, start_date DESC LIMIT ?) s
      ORDER BY s.end_date, s.start_date`,
    [projectId, today, count],
  );
}

/**
 * Story points and tasks completed in each of the `count` fixed-length periods
 * that end yesterday: period 0 is [today − length, today − 1], period 1 the one
 * before, and so on. Used when a project has no ended sprint.
 */
export function periodVelocities(
  db: Queryable,
  projectId: string,
  options: { today: string; count: number; length: number },
): Promise<{ period: number; velocity: number; completed_tasks: number }[]> {
  const { today, count, length } = options;
  return db.all(
    // (Whole days before today − 1) ÷ length, truncated (SQLite binds the length as a float).
    `SELECT CAST((${
      wholeDaysBetween(db.dialect, "substr(completed_at, 1, 10)", "?")
    } - 1) / ? AS INTEGER) AS period,
            COALESCE(SUM(story_points), 0) AS velocity, COUNT(*) AS completed_tasks
       FROM tasks
      WHERE project_id = ? AND status = 'completed'
        AND completed_at >= ? AND completed_at < ?
      GROUP BY period`,
    [today, length, projectId, isoDatePlus(today, -count * length), today],
  );
}

/** The sprint containing `today`, else the latest one that has started. */
export function currentSprint(
  db: Queryable,
  projectId: string,
  today: string,
): Promise<SprintRow | undefined> {
  return db.get<SprintRow>(
    `SELECT ${SPRINT_COLUMNS} FROM sprints WHERE project_id = ? AND start_date <= ?
      ORDER BY CASE WHEN end_date >= ? THEN 0 ELSE 1 END, start_date DESC, id LIMIT 1`,
    [projectId, today, today],
  );
}

/** A sprint of the project, or undefined. */
export function findSprint(
  db: Queryable,
  projectId: string,
  sprintId: string,
): Promise<SprintRow | undefined> {
  return db.get<SprintRow>(
    `SELECT ${SPRINT_COLUMNS} FROM sprints WHERE id = ? AND project_id = ?`,
    [sprintId, projectId],
  );
}

/** Task counts and story points of a sprint (tasks_sprint). */
export async function sprintFigures(db: Queryable, sprintId: string): Promise<SprintFigures> {
  const row = await db.get<SprintFigures>(
    `SELECT COUNT(*) AS total_tasks,
            COALESCE(SUM(CASE WHEN status = 'completed' THEN 1 END), 0) AS completed_tasks,
            COALESCE(SUM(CASE WHEN status IN ('in_progress', 'review') THEN 1 END), 0) AS in_progress_tasks,
            COALESCE(SUM(story_points), 0) AS total_story_points,
            COALESCE(SUM(CASE WHEN status = 'completed' THEN story_points END), 0) AS completed_story_points
       FROM tasks WHERE sprint_id = ?`,
    [sprintId],
  );
  return row!;
}

/**
 * Completions and reopenings per day since `from` of the tasks now in a sprint.
 * The project's history since `from` drives the query (CROSS JOIN keeps SQLite
 * from starting at the sprint's tasks, which may be many more rows than the
 * changes of a sprint in progress); only changes into or out of completed count.
 */
export function sprintStatusChanges(
  db: Queryable,
  sprint: { id: string; project_id: string },
  from: string,
): Promise<StatusChangeDay[]> {
  return db.all<StatusChangeDay>(
    `SELECT h.changed_on AS day, 0 AS created,
            COALESCE(SUM(CASE WHEN h.to_status = 'completed' THEN 1 END), 0) AS done,
            COALESCE(SUM(CASE WHEN h.from_status = 'completed' THEN 1 END), 0) AS reopened
       FROM task_status_history h CROSS JOIN tasks t
      WHERE t.id = h.task_id AND h.project_id = ? AND h.changed_on >= ? AND t.sprint_id = ?
        AND (h.to_status = 'completed' OR h.from_status = 'completed')
      GROUP BY h.changed_on ORDER BY h.changed_on`,
    [sprint.project_id, from, sprint.id],
  );
}

/** Status changes per day since `from` of the project's tasks (task_status_history_project). */
export function projectStatusChanges(
  db: Queryable,
  projectId: string,
  from: string,
): Promise<StatusChangeDay[]> {
  return db.all<StatusChangeDay>(
    `SELECT changed_on AS day,
            COALESCE(SUM(CASE WHEN from_status IS NULL THEN 1 END), 0) AS created,
            COALESCE(SUM(CASE WHEN to_status = 'completed' THEN 1 END), 0) AS done,
            COALESCE(SUM(CASE WHEN from_status = 'completed' THEN 1 END), 0) AS reopened
       FROM task_status_history WHERE project_id = ? AND changed_on >= ?
      GROUP BY changed_on ORDER BY changed_on`,
    [projectId, from],
  );
}
