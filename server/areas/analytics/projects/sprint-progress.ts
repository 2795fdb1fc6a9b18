/**
 * Progress of one sprint.
 *
 * - Sprint days are counted inclusively: days_total = end − start + 1;
 *   days_elapsed = today − start + 1, clamped to [0, days_total] (today counts).
 * - status: planned before the start, completed after the end, else active.
 * - completion_percentage = 100 × completed / tasks of the sprint;
 *   story_point_completion_percentage likewise with story points;
 *   time_elapsed_percentage = 100 × days_elapsed / days_total.
 * - is_on_track: story point completion is at most 10 points behind elapsed time.
 */
import type { z } from "zod";
import type { SprintProgress } from "../../../../schemas/api/analytics.ts";
import type { Queryable } from "../../../db/database.ts";
import { notFound } from "../../../platform/errors/app-error.ts";
import { ON_SCHEDULE_TOLERANCE } from "./constants.ts";
import { clamp, daysBetween, ratio, round } from "./calendar.ts";
import type { ProjectRow } from "./repo.ts";
import { findSprint, sprintFigures } from "./sprint-repo.ts";

/** The Sprint progress entity, or 404 when the sprint is not the project's. */
export async function sprintProgress(
  db: Queryable,
  project: ProjectRow,
  options: { sprintId: string; today: string },
): Promise<z.infer<typeof SprintProgress>> {
  const sprint = await findSprint(db, project.id, options.sprintId);
  if (!sprint) throw notFound("Sprint");
  const f = await sprintFigures(db, sprint.id);
  const total = daysBetween(sprint.start_date, sprint.end_date) + 1;
  const elapsed = clamp(daysBetween(sprint.start_date, options.today) + 1, 0, total);
  const timeShare = round(100 * elapsed / total);
  const pointShare = round(100 * ratio(f.completed_story_points, f.total_story_points));
  return {
    project_id: project.id,
    sprint_id: sprint.id,
    name: sprint.name,
    goal: sprint.goal,
    status: options.today < sprint.start_date
      ? "planned"
      : options.today > sprint.end_date
      ? "completed"
      : "active",
    start_date: sprint.start_date,
    end_date: sprint.end_date,
    planned_story_points: sprint.planned_story_points,
    total_story_points: f.total_story_points,
    completed_story_points: f.completed_story_points,
    total_tasks: f.total_tasks,
    completed_tasks: f.completed_tasks,
    in_progress_tasks: f.in_progress_tasks,
    remaining_tasks: f.total_tasks - f.completed_tasks,
    completion_percentage: round(100 * ratio(f.completed_tasks, f.total_tasks)),
    story_point_completion_percentage: pointShare,
    days_total: total,
    days_elapsed: elapsed,
    days_remaining: total - elapsed,
    time_elapsed_percentage: timeShare,
    is_on_track: pointShare >= timeShare - ON_SCHEDULE_TOLERANCE,
  };
}
