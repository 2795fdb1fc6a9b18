/**
 * The Forecast entity: the completion outlook (outlook.ts, a Monte Carlo
 * simulation over the daily throughput) with its distribution and factors.
 *
 * - completion_probability, estimated_completion (P50), percentiles (P10, P50,
 *   P90), variance_days and schedule_status are the outlook's; is_on_track = not
 *   delayed. The three scenarios of the screen show the P10 (optimistic), P50
 *   (realistic) and P90 (pessimistic) dates.
 * - distribution = runs per simulated completion date with the cumulative share,
 *   for a chart.
 * - probability_within_horizon = share (0–1) of runs finishing within forecast_days;
 *   projected_progress_at_horizon = 100 × (completed + median tasks done by then) / all
 *   (a share of tasks; the project's progress itself for a complete project).
 * - current_progress = the project's progress (figures.ts).
 * - factors_affecting_forecast: three assumptions first (throughput, scope,
 *   confidence), then the risks that apply. velocity_confidence is fixed at 0.85.
 */
import type { z } from "zod";
import type { Forecast } from "../../../../schemas/api/analytics.ts";
import type { Queryable } from "../../../db/database.ts";
import { FORECAST_RUNS, VELOCITY_CONFIDENCE } from "./constants.ts";
import { addDays, ratio, round } from "./calendar.ts";
import { type Breakdown, projectBreakdown } from "./progress.ts";
import type { ProjectRow } from "./repo.ts";
import { weightedProgress } from "./figures.ts";
import { percentile, projectOutlook } from "./outlook.ts";
import { counted } from "./wording.ts";

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
