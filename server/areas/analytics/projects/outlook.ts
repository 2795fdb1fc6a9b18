/**
 * The completion outlook of a project, by Monte Carlo simulation over its daily
 * throughput: the completion date, probability and schedule status that every call
 * showing them reads (forecast, progress timeline, analytics timeline, comparison,
 * reports).
 *
 * - Throughput samples: tasks completed on each of the last W full days (W = 30,
 *   or the days since the project started when fewer, at least 1).
 * - A run draws one sample per day, starting today, and subtracts it from the
 *   open tasks until none remain (at most 3 years); it finishes on today + (k − 1)
 *   for the k-th day drawn. 1000 runs, with a generator seeded from the project id
 *   and today's date, so the same data on the same day gives the same forecast.
 * - probability = share (a fraction 0–1) of runs finishing on or before the
 *   planned end date (runs that never finish count as late); the estimated
 *   completion is the median run (P50), with P10 and P90 likewise.
 * - A complete project (figures.ts) is not simulated: its probability is 1, its
 *   estimated completion and every percentile the day its last task was
 *   completed; variance = that day − planned end.
 * - status: the schedule status of figures.ts from the estimated completion.
 */
import type { Queryable } from "../../../db/database.ts";
import { SeededRandom } from "../../../db/seed/random.ts";
import {
  DEFAULT_FORECAST_DAYS,
  FORECAST_MAX_DAYS,
  FORECAST_RUNS,
  THROUGHPUT_WINDOW_DAYS,
} from "./constants.ts";
import { addDays, clamp, daysBetween, round } from "./calendar.ts";
import { projectBreakdown } from "./progress.ts";
import { dailyCompletions, lastCompletionDay, type ProjectRow } from "./repo.ts";
import { isProjectComplete, type ScheduleStatus, scheduleStatus } from "./figures.ts";
import { remembered } from "../../../db/remembered.ts";

/** The outcome of a simulation: finishing day of each run (Infinity: never) and tasks done by the horizon. */
export interface Simulation {
  finishDays: number[];
  doneAtHorizon: number[];
}

/** A 32-bit FNV-1a hash: the seed of a project's simulation on a day. */
export function forecastSeed(projectId: string, today: string): number {
  let hash = 0x811c9dc5;
  for (const char of `${projectId}|${today}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Runs the simulation (see the module comment). */
export function simulateCompletion(
  samples: readonly number[],
  options: { open: number; horizon: number; runs: number; seed: number; maxDays: number },
): Simulation {
  const random = new SeededRandom(options.seed).next;
  const finishDays: number[] = [];
  const doneAtHorizon: number[] = [];
  const productive = samples.some((s) => s > 0);
  for (let run = 0; run < options.runs; run++) {
    if (options.open === 0) {
      finishDays.push(1);
      doneAtHorizon.push(0);
      continue;
    }
    let remaining = options.open;
    let day = 0;
    let done: number | undefined;
    while (productive && remaining > 0 && day < options.maxDays) {
      day++;
      remaining -= samples[Math.floor(random() * samples.length)];
      if (day === options.horizon) done = options.open - Math.max(0, remaining);
    }
    finishDays.push(remaining > 0 ? Infinity : day);
    doneAtHorizon.push(
      done ?? (remaining > 0 ? options.open - Math.max(0, remaining) : options.open),
    );
  }
  return { finishDays, doneAtHorizon };
}

/**
 * Numbers in ascending order, as a new list. A typed array sorts numerically
 * without calling a comparator per step (Infinity, a run that never finishes,
 * sorts last), several times faster for the simulation's thousand runs.
 */
function ascending(values: readonly number[]): number[] {
  return Array.from(Float64Array.from(values).sort());
}

/** The value at percentile p (0–1] of a sorted list: sorted[ceil(p × n) − 1]. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];
}

/**
 * The completion outlook of a project: the simulation and the figures every call
 * that shows a completion date, probability or schedule status reads (forecast,
 * progress timeline, analytics timeline, comparison, reports). Computed once per
 * change of the database and horizon.
 */
export interface Outlook {
  complete: boolean;
  status: ScheduleStatus;
  probability: number;
  estimatedCompletion: string | null;
  varianceDays: number | null;
  percentiles: { p10: string | null; p50: string | null; p90: string | null };
  finishDays: number[];
  doneAtHorizon: number[];
  window: number;
  sampled: number;
  seed: number;
}

/** What the outlook reads of a project. */
export type OutlookProject = Pick<ProjectRow, "id" | "status" | "start_date" | "end_date">;

async function simulateOutlook(
  db: Queryable,
  project: OutlookProject,
  options: { today: string; forecastDays: number },
): Promise<Outlook> {
  const { today, forecastDays } = options;
  const b = await projectBreakdown(db, project.id, today);
  const sinceStart = daysBetween(project.start_date, today);
  const window = sinceStart > 0
    ? clamp(sinceStart, 1, THROUGHPUT_WINDOW_DAYS)
    : THROUGHPUT_WINDOW_DAYS;
  const days = await dailyCompletions(db, project.id, { from: addDays(today, -window), today });
  const perDay = new Map(days.map((d) => [d.day, d.tasks]));
  const samples = Array.from(
    { length: window },
    (_, i) => perDay.get(addDays(today, i - window)) ?? 0,
  );
  const sampled = samples.reduce((a, s) => a + s, 0);
  const seed = forecastSeed(project.id, today);
  const complete = isProjectComplete(project.status, b);
  if (complete) {
    const finished = await lastCompletionDay(db, project.id);
    return {
      complete,
      status: "completed",
      probability: 1,
      estimatedCompletion: finished,
      varianceDays: finished === null ? null : daysBetween(project.end_date, finished),
      percentiles: { p10: finished, p50: finished, p90: finished },
      finishDays: [],
      doneAtHorizon: [],
      window,
      sampled,
      seed,
    };
  }
  const sim = b.total === 0
    ? {
      finishDays: new Array(FORECAST_RUNS).fill(Infinity),
      doneAtHorizon: new Array(FORECAST_RUNS).fill(0),
    }
    : simulateCompletion(samples, {
      open: b.open,
      horizon: forecastDays,
      runs: FORECAST_RUNS,
      seed,
      maxDays: FORECAST_MAX_DAYS,
    });
  const finish = ascending(sim.finishDays);
  const dateOf = (day: number) => Number.isFinite(day) ? addDays(today, day - 1) : null;
  const lastOnTime = daysBetween(today, project.end_date) + 1;
  const estimated = dateOf(percentile(finish, 0.5));
  return {
    complete,
    status: scheduleStatus({
      complete,
      total: b.total,
      estimatedCompletion: estimated,
      plannedEnd: project.end_date,
    }),
    probability: round(finish.filter((d) => d <= lastOnTime).length / FORECAST_RUNS, 3),
    estimatedCompletion: estimated,
    varianceDays: estimated === null ? null : daysBetween(project.end_date, estimated),
    percentiles: {
      p10: dateOf(percentile(finish, 0.1)),
      p50: estimated,
      p90: dateOf(percentile(finish, 0.9)),
    },
    finishDays: finish,
    doneAtHorizon: ascending(sim.doneAtHorizon),
    window,
    sampled,
    seed,
  };
}

/** The outlook of a project, remembered per change of the database (default horizon 30 days). */
export function projectOutlook(
  db: Queryable,
  project: OutlookProject,
  options: { today: string; forecastDays?: number },
): Promise<Outlook> {
  const forecastDays = options.forecastDays ?? DEFAULT_FORECAST_DAYS;
  return remembered(
    db,
    `outlook|${project.id}|${project.status}|${project.end_date}|${options.today}|${forecastDays}`,
    () => simulateOutlook(db, project, { today: options.today, forecastDays }),
  );
}
