/**
 * The constants of project progress analytics: the spec's values (document 2, §9;
 * those that shape a payload live with the payload schemas and are re-exported
 * here) and the thresholds this implementation chose, each named once.
 */

import { ANALYTICS_DEFAULTS, TasksByStatus } from "../../../../schemas/api/analytics.ts";

/** Period presets 7d, 30d, 90d, 1y (shared with the payload schemas). */
export { PERIOD_PRESETS } from "../../../../schemas/api/analytics.ts";
/** Average velocity is over the last 5 sprints; the default sprint count is 5. */
export const DEFAULT_SPRINT_COUNT = ANALYTICS_DEFAULTS.sprintCount;
/** Forecast horizon is 30 days by default. */
export const DEFAULT_FORECAST_DAYS = ANALYTICS_DEFAULTS.forecastDays;
/** Velocity confidence is fixed at 0.85. */
export const VELOCITY_CONFIDENCE = ANALYTICS_DEFAULTS.velocityConfidence;

/** Days of completions the default views share (velocity history, throughput, 30-day period). */
export const SHARED_COMPLETION_DAYS = 30;
/** Days of the daily velocity history. */
export const VELOCITY_HISTORY_DAYS = 30;
/** Length of the periods that stand in for sprints when a project has none ended. */
export const FALLBACK_SPRINT_DAYS = 14;
/** A trend moves when the newer half differs from the older half by more than 10%. */
export const TREND_THRESHOLD = 0.1;
/** Monte Carlo forecast: runs, days of throughput sampled, and the longest run. */
export const FORECAST_RUNS = 1000;
export const THROUGHPUT_WINDOW_DAYS = 30;
export const FORECAST_MAX_DAYS = 3 * 365;
/** Days of recent throughput the productivity score compares with the required pace. */
export const PRODUCTIVITY_WINDOW_DAYS = 14;
/** Health weights (sum 1) and status thresholds. */
export const HEALTH_WEIGHTS = { pace: 0.35, punctuality: 0.25, velocity: 0.2, quality: 0.2 };
export const HEALTHY_SCORE = 75;
export const AT_RISK_SCORE = 50;
/** Health credit of each velocity trend. */
export const TREND_CREDIT = { improving: 1, stable: 0.75, declining: 0.4 } as const;
/** Risk score at or above which the level is high, and medium. */
export const HIGH_RISK_SCORE = 60;
export const MEDIUM_RISK_SCORE = 30;
/** Percentage points of schedule ahead of progress tolerated (on schedule), and high risk. */
export const ON_SCHEDULE_TOLERANCE = 10;
export const HIGH_SCHEDULE_GAP = 25;
/** Longest burndown range and velocity history, in days. */
export { MAX_RANGE_DAYS } from "../../../../schemas/api/analytics.ts";

/** Task statuses the analytics count (the payload's `tasks_by_status`); anything else is open work. */
export const TASK_STATUSES = Object.keys(
  TasksByStatus.shape,
) as (keyof typeof TasksByStatus.shape)[];
/** Priority 1–4 means low, medium, high, critical (document 1, §3). */
export const PRIORITY_NAMES = ["low", "medium", "high", "critical"] as const;
