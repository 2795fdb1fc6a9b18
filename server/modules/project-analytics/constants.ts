/**
 * The constants of project progress analytics, with the values of the spec
 * (document 2, §9) and the thresholds this implementation chose, named once.
 */

/** Average velocity is over the last 5 sprints; the default sprint count is 5. */
export const DEFAULT_SPRINT_COUNT = 5;
/** Forecast horizon is 30 days by default. */
export const DEFAULT_FORECAST_DAYS = 30;
/** Velocity confidence is fixed at 0.85. */
export const VELOCITY_CONFIDENCE = 0.85;
/** The first 3 forecast factors are assumptions, the rest are risks. */
export const FORECAST_ASSUMPTION_COUNT = 3;
/** calculate-progress defaults to progress weighted by estimated hours. */
export const DEFAULT_CALCULATION_METHOD = "weighted";
/** compare-progress defaults to these metrics. */
export const DEFAULT_COMPARE_METRICS = ["progress", "velocity"] as const;
/** Period presets (shared with dashboard analytics) and the default period. */
export const PERIOD_PRESETS = { "7d": 7, "30d": 30, "90d": 90, "1y": 365 } as const;
export const DEFAULT_PERIOD = "30d";

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
/** Longest custom burndown range and compare list. */
export const MAX_RANGE_DAYS = 366;
export const MAX_COMPARED_PROJECTS = 20;

/** Task statuses the analytics know; anything else counts as open work. */
export const TASK_STATUSES = ["todo", "in_progress", "review", "blocked", "completed"] as const;
/** Priority 1–4 means low, medium, high, critical (document 1, §3). */
export const PRIORITY_NAMES = ["low", "medium", "high", "critical"] as const;
