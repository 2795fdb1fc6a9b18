/**
 * Requests of the project analytics calls (document 2, §7) and the spec constants
 * they share: defaults, period presets, date forms and the enumerations.
 */
import { z } from "zod";

/** Spec constants that are part of the contract (document 2, §9). */
export const ANALYTICS_DEFAULTS = {
  calculationMethod: "weighted",
  sprintCount: 5,
  forecastDays: 30,
  compareMetrics: ["progress", "velocity"],
  period: "30d",
  velocityConfidence: 0.85,
  forecastAssumptions: 3,
  dashboardRangeDays: 30,
} as const;

/** Period presets of the analytics screens and their length in days. */
export const PERIOD_PRESETS = { "7d": 7, "30d": 30, "90d": 90, "1y": 365 } as const;
export type PeriodPreset = keyof typeof PERIOD_PRESETS;

function requiredText(name: string) {
  return z.string({
    error: (issue) =>
      issue.input === undefined ? `${name} is required` : `${name} must be a string`,
  }).min(1, `${name} is required`).max(64);
}

const projectId = requiredText("project_id");
const organizationId = requiredText("organization_id");
const sprintId = requiredText("sprint_id");

/** Whether the `YYYY-MM-DD` that starts `text` names a day of the (proleptic Gregorian) calendar. */
function isCalendarDate(text: string): boolean {
  const year = Number(text.slice(0, 4));
  const month = Number(text.slice(5, 7));
  const day = Number(text.slice(8, 10));
  if (!(month >= 1 && month <= 12 && day >= 1)) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 ? (leap ? 29 : 28) : DAYS_IN_MONTH[month - 1]);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A calendar date `YYYY-MM-DD`. */
export const CalendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date (YYYY-MM-DD)")
  .refine(isCalendarDate, "Not a calendar date");

/** A date string: `YYYY-MM-DD` or an ISO date-time (read as its UTC date). */
export const DateString = z.string().regex(
  /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/,
  "Use a date (YYYY-MM-DD) or an ISO date-time",
).refine(isCalendarDate, "Not a calendar date");

/** A period: a preset or a number of days (1–366). */
export const Period = z.union([
  z.enum(Object.keys(PERIOD_PRESETS) as [PeriodPreset, ...PeriodPreset[]]),
  z.number().int().min(1).max(366),
]);

/** The longest explicit date range of a burndown, in days. */
export const MAX_RANGE_DAYS = 366;

function rangeDays(start: string, end: string): number {
  return (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000 + 1;
}

const DateRangeObject = z.object({ start_date: CalendarDate, end_date: CalendarDate }).strict()
  .refine((r) => r.start_date <= r.end_date, {
    message: "end_date is before start_date",
    path: ["end_date"],
  })
  .refine((r) => rangeDays(r.start_date, r.end_date) <= MAX_RANGE_DAYS, {
    message: `The range is longer than ${MAX_RANGE_DAYS} days`,
    path: ["end_date"],
  });

/** A burndown range: a preset ending today or explicit dates (at most 366 days). */
export const DateRange = z.union([
  z.enum(Object.keys(PERIOD_PRESETS) as [PeriodPreset, ...PeriodPreset[]]),
  DateRangeObject,
]);

export const CALCULATION_METHODS = ["weighted", "simple"] as const;
export const COMPARE_METRICS = ["progress", "velocity", "health", "timeline"] as const;
export const VELOCITY_TRENDS = ["improving", "stable", "declining"] as const;
export const LEVELS = ["high", "medium", "low"] as const;
export const HEALTH_STATUSES = ["healthy", "at_risk", "critical"] as const;
/** Where a project stands against its planned end date. */
export const SCHEDULE_STATUSES = ["completed", "on_track", "delayed", "no_tasks"] as const;

export const CalculateProgressRequest = z.object({
  project_id: projectId,
  organization_id: organizationId,
  calculation_method: z.enum(CALCULATION_METHODS).default(ANALYTICS_DEFAULTS.calculationMethod),
  include_velocity: z.boolean().default(false),
}).strict();
export const VelocityRequest = z.object({
  project_id: projectId.optional(),
  organization_id: organizationId,
  sprint_count: z.number().int().min(1).max(26).default(ANALYTICS_DEFAULTS.sprintCount),
}).strict();
export const BurndownRequest = z.object({
  project_id: projectId.optional(),
  organization_id: organizationId,
  sprint_id: sprintId.optional(),
  date_range: DateRange.optional(),
}).strict();
export const HealthScoreRequest = z.object({
  project_id: projectId.optional(),
  organization_id: organizationId,
}).strict();
export const ProjectAnalyticsRequest = z.object({
  project_id: projectId.optional(),
  organization_id: organizationId,
  period: Period.default(ANALYTICS_DEFAULTS.period),
}).strict();
export const UpdateProgressRequest = z.object({
  project_id: projectId.optional(),
  organization_id: organizationId,
  progress_percentage: z.number({
    error: (issue) =>
      issue.input === undefined
        ? "progress_percentage is required"
        : "progress_percentage must be a number",
  }).min(0).max(100),
  notes: z.string().max(2000).default(""),
  version: z.number().int().nonnegative().optional().describe(
    "The progress_version the caller read; when given, a newer one answers 409 and changes nothing",
  ),
}).strict();
export const CompareProgressRequest = z.object({
  project_ids: z.array(requiredText("project_ids[]"), {
    error: (issue) =>
      issue.input === undefined ? "project_ids is required" : "project_ids must be a list",
  }).min(1, "project_ids is required").max(20),
  organization_id: organizationId,
  metrics: z.array(z.enum(COMPARE_METRICS)).min(1).default([...ANALYTICS_DEFAULTS.compareMetrics]),
}).strict();
export const ForecastRequest = z.object({
  project_id: projectId.optional(),
  organization_id: organizationId,
  forecast_days: z.number().int().min(1).max(365).default(ANALYTICS_DEFAULTS.forecastDays),
}).strict();
export const TeamPerformanceRequest = ProjectAnalyticsRequest;
export const SprintProgressRequest = z.object({
  project_id: projectId.optional(),
  sprint_id: sprintId.optional(),
  organization_id: organizationId,
}).strict();
export const RecalculateMetricsRequest = HealthScoreRequest;
