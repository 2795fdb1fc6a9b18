/**
 * Burndown: remaining tasks per day from the task status history, against an
 * ideal line.
 *
 * - Scope: the sprint asked for; else, with a date_range, the whole project over
 *   that range (a preset ends today); else the sprint in progress (or the latest
 *   started one); else the project over its planned dates (at most 366 days).
 * - Remaining at the end of day d is rebuilt backwards from today: remaining(d) =
 *   open tasks now + Σ over later days (completed − reopened − created). In a sprint
 *   scope the sprint's tasks are the scope, so creations are not counted. Only the
 *   history from the start of the range on is read.
 * - R0 = remaining at the start of the first day; ideal(i) = R0 × (N − 1 − i) /
 *   (N − 1) over the N days of the range (0 when N = 1).
 * - Days after today have no actual figures (null); completed_tasks is the day's
 *   net completions (completed − reopened).
 */
import type { z } from "zod";
import type { Burndown, DateRange } from "../../../../schemas/api/analytics.ts";
import type { Queryable } from "../../../db/database.ts";
import { notFound } from "../../../platform/errors/app-error.ts";
import { MAX_RANGE_DAYS, PERIOD_PRESETS } from "./constants.ts";
import { addDays, datesFrom, daysBetween, round } from "./calendar.ts";
import type { ProjectRow } from "./repo.ts";
import { projectBreakdown } from "./progress.ts";
import {
  currentSprint,
  findSprint,
  projectStatusChanges,
  sprintFigures,
  type SprintRow,
  sprintStatusChanges,
  type StatusChangeDay,
} from "./sprint-repo.ts";

type Point = z.infer<typeof Burndown>["burndown_points"][number];

/** Burndown points of a range from today's open count and the changes since its start. */
export function burndownPoints(
  changes: readonly StatusChangeDay[],
  options: { from: string; to: string; today: string; openNow: number; countCreations: boolean },
): { points: Point[]; initialRemaining: number } {
  const net = (c: StatusChangeDay) =>
    c.done - c.reopened - (options.countCreations ? c.created : 0);
  const byDay = new Map(changes.map((c) => [c.day, c]));
  const dates = datesFrom(options.from, options.to);
  // remaining(d) = openNow + Σ_{e > d} net(e): start from every change after the range's last day.
  let after = changes.filter((c) => c.day > options.to).reduce((sum, c) => sum + net(c), 0);
  const remaining: number[] = new Array(dates.length);
  for (let i = dates.length - 1; i >= 0; i--) {
    remaining[i] = options.openNow + after;
    const change = byDay.get(dates[i]);
    if (change) after += net(change);
  }
  const initialRemaining = options.openNow + after;
  const n = dates.length;
  const points = dates.map((date, i): Point => {
    const future = date > options.today;
    const change = byDay.get(date);
    return {
      date,
      day: i + 1,
      remaining_tasks: future ? null : remaining[i],
      remaining: future ? null : remaining[i],
      completed_tasks: future ? null : change ? change.done - change.reopened : 0,
      ideal_remaining: n === 1 ? 0 : round(initialRemaining * (n - 1 - i) / (n - 1), 2),
    };
  });
  return { points, initialRemaining };
}

/** The range of a date_range payload. */
export function rangeOf(range: z.infer<typeof DateRange>, today: string) {
  if (typeof range === "string") {
    return { from: addDays(today, -(PERIOD_PRESETS[range] - 1)), to: today };
  }
  return { from: range.start_date, to: range.end_date };
}

async function sprintBurndown(
  db: Queryable,
  project: ProjectRow,
  sprint: SprintRow,
  today: string,
): Promise<z.infer<typeof Burndown>> {
  const figures = await sprintFigures(db, sprint.id);
  const changes = await sprintStatusChanges(db, sprint, sprint.start_date);
  const { points } = burndownPoints(changes, {
    from: sprint.start_date,
    to: sprint.end_date,
    today,
    openNow: figures.total_tasks - figures.completed_tasks,
    countCreations: false,
  });
  return {
    project_id: project.id,
    scope: "sprint",
    start_date: sprint.start_date,
    end_date: sprint.end_date,
    burndown_points: points,
    sprint_info: {
      sprint_id: sprint.id,
      name: sprint.name,
      start_date: sprint.start_date,
      end_date: sprint.end_date,
      planned_story_points: sprint.planned_story_points,
      completed_story_points: figures.completed_story_points,
      total_story_points: figures.total_story_points,
      completed_tasks: figures.completed_tasks,
      total_tasks: figures.total_tasks,
    },
  };
}

async function projectRangeBurndown(
  db: Queryable,
  project: ProjectRow,
  range: { from: string; to: string },
  today: string,
): Promise<z.infer<typeof Burndown>> {
  const b = await projectBreakdown(db, project.id, today);
  const changes = await projectStatusChanges(db, project.id, range.from);
  const { points } = burndownPoints(changes, {
    ...range,
    today,
    openNow: b.open,
    countCreations: true,
  });
  return {
    project_id: project.id,
    scope: "project",
    start_date: range.from,
    end_date: range.to,
    burndown_points: points,
    sprint_info: {
      sprint_id: null,
      name: null,
      start_date: range.from,
      end_date: range.to,
      planned_story_points: 0,
      completed_story_points: b.completedPoints,
      total_story_points: b.totalPoints,
      completed_tasks: b.completed,
      total_tasks: b.total,
    },
  };
}

/** The Burndown entity for the scope chosen as described above. */
export async function projectBurndown(
  db: Queryable,
  project: ProjectRow,
  options: { today: string; sprintId?: string; dateRange?: z.infer<typeof DateRange> },
): Promise<z.infer<typeof Burndown>> {
  const { today } = options;
  if (options.sprintId) {
    const sprint = await findSprint(db, project.id, options.sprintId);
    if (!sprint) throw notFound("Sprint");
    return await sprintBurndown(db, project, sprint, today);
  }
  if (options.dateRange) {
    return await projectRangeBurndown(db, project, rangeOf(options.dateRange, today), today);
  }
  const sprint = await currentSprint(db, project.id, today);
  if (sprint) return await sprintBurndown(db, project, sprint, today);
  const to = project.end_date;
  const earliest = addDays(to, -(MAX_RANGE_DAYS - 1));
  const from = daysBetween(project.start_date, to) >= MAX_RANGE_DAYS
    ? earliest
    : project.start_date;
  return await projectRangeBurndown(db, project, { from, to: to < from ? from : to }, today);
}
