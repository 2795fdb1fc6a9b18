/**
 * Completion forecast by Monte Carlo simulation over the project's daily throughput.
 *
 * - Throughput samples: tasks completed on each of the last W full days (W = 30,
 *   or the days since the project started when fewer, at least 1).
 * - A run draws one sample per day, starting today, and subtracts it from the
 *   open tasks until none remain (at most 3 years); it finishes on today + (k − 1)
 *   for the k-th day drawn. 1000 runs, with a generator seeded from the project id
 *   and today's date, so the same data on the same day gives the same forecast.
 * - completion_probability = share (a fraction 0–1) of runs finishing on or
 *   before the planned end date. estimated_completion = the median run (p50); percentiles
 *   p10 and p90 likewise; distribution = runs per simulated completion date with
 *   the cumulative share, for a chart. Runs that never finish count as late.
 * - probability_within_horizon = share (0–1) of runs finishing within forecast_days;
 *   projected_progress_at_horizon = 100 × (completed + median tasks done by then) / all.
 * - current_progress = the project's progress (figures.ts); variance_days =
 *   estimated completion − planned end; schedule_status as in figures.ts, and
 *   is_on_track = not delayed.
 * - A complete project (figures.ts) is not simulated: its completion probability
 *   is 1, its estimated completion and every percentile the day its last task was
 *   completed, and it is never delayed.
 * - The three scenarios of the screen show the distribution's P10 (optimistic),
 *   P50 (realistic) and P90 (pessimistic) dates.
 * - factors_affecting_forecast: three assumptions first (throughput, scope,
 *   confidence), then the risks that apply. velocity_confidence is fixed at 0.85.
 */
import type { z } from "zod";
import type { Forecast } from "../../../schemas/api/analytics.ts";
import type { Queryable } from "../../db/database.ts";
import { SeededRandom } from "../../db/seed/random.ts";
import {
  DEFAULT_FORECAST_DAYS,
  FORECAST_MAX_DAYS,
  FORECAST_RUNS,
  THROUGHPUT_WINDOW_DAYS,
  VELOCITY_CONFIDENCE,
} from "./constants.ts";
import { addDays, clamp, daysBetween, ratio, round } from "./calendar.ts";
import { type Breakdown, projectBreakdown } from "./progress.ts";
import { dailyCompletions, lastCompletionDay, type ProjectRow } from "./repo.ts";
import {
  isProjectComplete,
  type ScheduleStatus,
  scheduleStatus,
  weightedProgress,
} from "./figures.ts";
import { remembered } from "./figures-cache.ts";
import { counted } from "./wording.ts";

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

/** The value at percentile p (0–1] of a sorted list: sorted[ceil(p × n) − 1]. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];
}

function completedFactors(b: Breakdown, finished: string | null, endDate: string): string[] {
  return [
    `The project is complete: ${b.completed} of ${counted(b.total, "task is", "tasks are")} done`,
    finished === null
      ? `No task has a completion date; the planned end date was ${endDate}`
      : `The last task was completed on ${finished}; the planned end date was ${endDate}`,
    `Velocity confidence is ${VELOCITY_CONFIDENCE}; nothing is left to simulate`,
  ];
}

function factors(b: Breakdown, options: {
  window: number;
  sampled: number;
  today: string;
  endDate: string;
  runs: number;
}): string[] {
  const list = [
    `Throughput is resampled from the last ${options.window} days: ${options.sampled} tasks completed, ${
      round(options.sampled / options.window, 2)
    } per day`,
    `Scope stays at ${b.total} tasks, ${b.open} of them open`,
    `Velocity confidence is ${VELOCITY_CONFIDENCE} over ${options.runs} simulated runs`,
  ];
  if (b.total === 0) list.push("The project has no tasks yet");
  if (b.open > 0 && options.sampled === 0) {
    list.push(`No tasks were completed in the last ${options.window} days`);
  }
  if (b.overdue > 0) list.push(`${counted(b.overdue, "task is", "tasks are")} overdue`);
  if (b.blocked > 0) list.push(`${counted(b.blocked, "task is", "tasks are")} blocked`);
  if (b.unassigned > 0) {
    list.push(`${counted(b.unassigned, "open task has", "open tasks have")} no assignee`);
  }
  if (b.open > 0 && options.today > options.endDate) {
    list.push(`The planned end date ${options.endDate} has passed`);
  }
  return list;
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
  const finish = [...sim.finishDays].sort((x, y) => x - y);
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
    doneAtHorizon: [...sim.doneAtHorizon].sort((x, y) => x - y),
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

/** The Forecast entity of a project. */
export async function projectForecast(
  db: Queryable,
  project: ProjectRow,
  options: { today: string; forecastDays: number },
): Promise<z.infer<typeof Forecast>> {
  const { today, forecastDays } = options;
  const b = await projectBreakdown(db, project.id, today);
  const outlook = await projectOutlook(db, project, options);
  const finish = outlook.finishDays;
  const dateOf = (day: number) => addDays(today, day - 1);
  const counts = new Map<number, number>();
  for (const day of finish) if (Number.isFinite(day)) counts.set(day, (counts.get(day) ?? 0) + 1);
  let cumulative = 0;
  const distribution = [...counts].map(([day, runs]) => {
    cumulative += runs;
    return {
      date: dateOf(day),
      runs,
      cumulative_probability: round(cumulative / FORECAST_RUNS, 3),
    };
  });
  const progress = weightedProgress(b);
  return {
    project_id: project.id,
    as_of: today,
    forecast_days: forecastDays,
    planned_end_date: project.end_date,
    completion_probability: outlook.probability,
    estimated_completion: outlook.estimatedCompletion,
    current_progress: progress,
    remaining_tasks: b.open,
    velocity_confidence: VELOCITY_CONFIDENCE,
    schedule_status: outlook.status,
    is_on_track: outlook.status !== "delayed",
    variance_days: outlook.varianceDays,
    probability_within_horizon: outlook.complete
      ? 1
      : round(finish.filter((d) => d <= forecastDays).length / FORECAST_RUNS, 3),
    projected_progress_at_horizon: outlook.complete
      ? progress
      : round(100 * ratio(b.completed + percentile(outlook.doneAtHorizon, 0.5), b.total)),
    percentiles: outlook.percentiles,
    distribution,
    unfinished_runs: finish.filter((d) => !Number.isFinite(d)).length,
    throughput: {
      window_days: outlook.window,
      tasks_completed: outlook.sampled,
      daily_average: round(outlook.sampled / outlook.window, 2),
    },
    simulation: { runs: outlook.complete ? 0 : FORECAST_RUNS, seed: outlook.seed },
    factors_affecting_forecast: outlook.complete
      ? completedFactors(b, outlook.estimatedCompletion, project.end_date)
      : factors(b, {
        window: outlook.window,
        sampled: outlook.sampled,
        today,
        endDate: project.end_date,
        runs: FORECAST_RUNS,
      }),
  };
}
