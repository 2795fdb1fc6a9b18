/**
 * Velocity in story points per sprint.
 *
 * - A sprint's velocity = Σ story points of its tasks completed on or before its
 *   end date. Only sprints that ended before today count.
 * - current_velocity = the velocity of the latest ended sprint; average_velocity
 *   = the mean over the last `sprint_count` ended sprints (default 5).
 * - A project with no ended sprint is measured in 14-day periods ending yesterday
 *   instead (basis "periods"), counting only periods that overlap the project.
 * - velocity_trend: the current against the average velocity (figures.ts): more
 *   than 10% above is improving, more than 10% below declining, else stable.
 * - velocity_history: story points and tasks completed per day over the last 30
 *   days (today included).
 */
import type { z } from "zod";
import type { Velocity } from "../../../../schemas/api/analytics.ts";
import type { Queryable } from "../../../db/database.ts";
import { FALLBACK_SPRINT_DAYS, VELOCITY_CONFIDENCE, VELOCITY_HISTORY_DAYS } from "./constants.ts";
import { type Trend, velocityTrend } from "./figures.ts";
import { addDays, datesFrom, round } from "./calendar.ts";
import { dailyCompletions, type ProjectRow } from "./repo.ts";
import { endedSprintVelocities, periodVelocities } from "./sprint-repo.ts";
import { remembered } from "../../../db/remembered.ts";

type SprintEntry = z.infer<typeof Velocity>["sprint_history"][number];

async function sprintHistory(
  db: Queryable,
  project: ProjectRow,
  options: { today: string; sprintCount: number },
): Promise<{ basis: "sprints" | "periods"; entries: SprintEntry[] }> {
  const sprints = await endedSprintVelocities(db, project.id, options.today, options.sprintCount);
  if (sprints.length > 0) {
    return {
      basis: "sprints",
      entries: sprints.map((s) => ({
        sprint_id: s.id,
        name: s.name,
        start_date: s.start_date,
        end_date: s.end_date,
        planned_story_points: s.planned_story_points,
        velocity: s.velocity,
        completed_tasks: s.completed_tasks,
      })),
    };
  }
  const length = FALLBACK_SPRINT_DAYS;
  const rows = await periodVelocities(db, project.id, {
    today: options.today,
    count: options.sprintCount,
    length,
  });
  const byPeriod = new Map(rows.map((r) => [r.period, r]));
  const entries: SprintEntry[] = [];
  for (let k = options.sprintCount - 1; k >= 0; k--) {
    const end = addDays(options.today, -(k * length) - 1);
    if (end < project.start_date) continue;
    const row = byPeriod.get(k);
    entries.push({
      sprint_id: null,
      name: `Period ending ${end}`,
      start_date: addDays(end, -(length - 1)),
      end_date: end,
      planned_story_points: 0,
      velocity: row?.velocity ?? 0,
      completed_tasks: row?.completed_tasks ?? 0,
    });
  }
  return { basis: "periods", entries };
}

/** What a velocity summary holds. */
export interface VelocitySummary {
  basis: "sprints" | "periods";
  entries: SprintEntry[];
  current: number;
  average: number;
  trend: Trend;
}

/**
 * Sprint history, current and average velocity and trend, without the daily
 * series; computed once per change of the database.
 */
export function velocitySummary(
  db: Queryable,
  project: ProjectRow,
  options: { today: string; sprintCount: number },
): Promise<VelocitySummary> {
  const key = `velocity|${project.id}|${options.today}|${options.sprintCount}`;
  return remembered(db, key, async () => {
    const { basis, entries } = await sprintHistory(db, project, options);
    const values = entries.map((e) => e.velocity);
    const current = values.at(-1) ?? 0;
    const average = values.length ? round(values.reduce((a, b) => a + b, 0) / values.length, 2) : 0;
    return {
      basis,
      entries,
      current,
      average,
      trend: velocityTrend({ current, average, sprints: values.length }),
    };
  });
}

/** The Velocity entity of a project. */
export async function projectVelocity(
  db: Queryable,
  project: ProjectRow,
  options: { today: string; sprintCount: number },
): Promise<z.infer<typeof Velocity>> {
  const summary = await velocitySummary(db, project, options);
  const from = addDays(options.today, -(VELOCITY_HISTORY_DAYS - 1));
  const days = await dailyCompletions(db, project.id, { from, today: options.today });
  const byDay = new Map(days.map((d) => [d.day, d]));
  return {
    project_id: project.id,
    sprint_count: options.sprintCount,
    basis: summary.basis,
    current_velocity: summary.current,
    average_velocity: summary.average,
    velocity_trend: summary.trend,
    velocity_confidence: VELOCITY_CONFIDENCE,
    sprint_history: summary.entries,
    velocity_history: datesFrom(from, options.today).map((date, i) => ({
      date,
      day: i + 1,
      velocity: byDay.get(date)?.story_points ?? 0,
      tasks_completed: byDay.get(date)?.tasks ?? 0,
    })),
  };
}
