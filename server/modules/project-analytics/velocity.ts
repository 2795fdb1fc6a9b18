/**
 * Velocity in story points per sprint.
 *
 * - A sprint's velocity = Σ story points of its tasks completed on or before its
 *   end date. Only sprints that ended before today count.
 * - current_velocity = the velocity of the latest ended sprint; average_velocity
 *   = the mean over the last `sprint_count` ended sprints (default 5).
 * - A project with no ended sprint is measured in 14-day periods ending yesterday
 *   instead (basis "periods"), counting only periods that overlap the project.
 * - velocity_trend: the mean of the newer half of the window against the mean of
 *   the older half (the middle sprint of an odd window is left out); more than
 *   10% higher is improving, more than 10% lower declining, else stable (also
 *   with fewer than two sprints; from zero, any rise is improving).
 * - velocity_history: story points and tasks completed per day over the last 30
 *   days (today included).
 */
import type { z } from "zod";
import type { Velocity } from "../../../schemas/api/analytics.ts";
import type { Queryable } from "../../db/database.ts";
import {
  FALLBACK_SPRINT_DAYS,
  TREND_THRESHOLD,
  VELOCITY_CONFIDENCE,
  VELOCITY_HISTORY_DAYS,
} from "./constants.ts";
import { addDays, datesFrom, round } from "./calendar.ts";
import { dailyCompletions, type ProjectRow } from "./repo.ts";
import { endedSprintVelocities, periodVelocities } from "./sprint-repo.ts";
import { remembered } from "./figures-cache.ts";

/** A trend of a velocity series. */
export type Trend = "improving" | "stable" | "declining";

/** The trend of a series, oldest value first (formula above). */
export function velocityTrend(values: readonly number[]): Trend {
  const half = Math.floor(values.length / 2);
  if (half === 0) return "stable";
  const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const older = mean(values.slice(0, half));
  const newer = mean(values.slice(values.length - half));
  if (older === 0) return newer > 0 ? "improving" : "stable";
  const change = (newer - older) / older;
  return change > TREND_THRESHOLD
    ? "improving"
    : change < -TREND_THRESHOLD
    ? "declining"
    : "stable";
}

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
    return {
      basis,
      entries,
      current: values.at(-1) ?? 0,
      average: values.length ? round(values.reduce((a, b) => a + b, 0) / values.length, 2) : 0,
      trend: velocityTrend(values),
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
