/**
 * Payloads of the project progress analytics calls, the dashboard analytics service
 * and the report data calls (document 2, §3 and §7). Request schemas are strict;
 * response schemas list every field the server answers. The spec's constants that
 * shape a payload (defaults, presets) live here so server and client share them.
 * Requests and the shared constants are in analytics-requests.ts (re-exported here).
 */
import { z } from "zod";
import {
  CALCULATION_METHODS,
  COMPARE_METRICS,
  HEALTH_STATUSES,
  LEVELS,
  SCHEDULE_STATUSES,
  VELOCITY_TRENDS,
} from "./analytics-requests.ts";

export * from "./analytics-requests.ts";

const level = z.enum(LEVELS);
const trend = z.enum(VELOCITY_TRENDS);
const scheduleStatus = z.enum(SCHEDULE_STATUSES);
const date = z.string();

/** A recommended action. */
export const Recommendation = z.object({
  category: z.string(),
  priority: level,
  action: z.string(),
  description: z.string(),
}).strict();
/** An identified risk (risk assessment). */
export const IdentifiedRisk = z.object({
  type: z.string(),
  category: z.enum(["schedule", "resource", "delivery", "quality"]),
  severity: level,
  description: z.string(),
}).strict();
/** A health risk indicator. */
export const RiskIndicator = z.object({
  type: z.string(),
  severity: level,
  description: z.string(),
}).strict();

/**
 * Tasks counted by status (spec 001): the five statuses every organisation's task
 * list starts with. Other statuses an organisation adds count as open work.
 */
export const TasksByStatus = z.object({
  todo: z.number().int(),
  in_progress: z.number().int(),
  review: z.number().int(),
  blocked: z.number().int(),
  completed: z.number().int(),
}).strict();

export const TaskProgress = z.object({
  total_tasks: z.number().int(),
  completed_tasks: z.number().int(),
  in_progress_tasks: z.number().int(),
  overdue_tasks: z.number().int(),
  blocked_tasks: z.number().int(),
  unassigned_tasks: z.number().int(),
  tasks_by_status: TasksByStatus,
  tasks_by_priority: z.object({
    critical: z.number().int(),
    high: z.number().int(),
    medium: z.number().int(),
    low: z.number().int(),
  }).strict(),
  total_estimated_hours: z.number(),
  completed_estimated_hours: z.number(),
  total_story_points: z.number(),
  completed_story_points: z.number(),
}).strict();

export const RiskAssessment = z.object({
  risk_score: z.number(),
  overall_risk_level: level,
  identified_risks: z.array(IdentifiedRisk),
  risk_categories: z.object({
    schedule: z.array(IdentifiedRisk),
    resource: z.array(IdentifiedRisk),
    delivery: z.array(IdentifiedRisk),
    quality: z.array(IdentifiedRisk),
  }).strict(),
  recommendations: z.array(Recommendation),
}).strict();

export const TimelineAnalysis = z.object({
  start_date: date,
  end_date: date,
  days_total: z.number().int(),
  days_elapsed: z.number().int(),
  days_remaining: z.number().int(),
  schedule_progress_percentage: z.number(),
  overdue_tasks_count: z.number().int(),
  schedule_risk_level: level,
  schedule_status: scheduleStatus,
  is_on_schedule: z.boolean(),
}).strict();

export const Velocity = z.object({
  project_id: z.string(),
  sprint_count: z.number().int(),
  basis: z.enum(["sprints", "periods"]),
  current_velocity: z.number(),
  average_velocity: z.number(),
  velocity_trend: trend,
  velocity_confidence: z.number(),
  sprint_history: z.array(
    z.object({
      sprint_id: z.string().nullable(),
      name: z.string(),
      start_date: date,
      end_date: date,
      planned_story_points: z.number(),
      velocity: z.number(),
      completed_tasks: z.number().int(),
    }).strict(),
  ),
  velocity_history: z.array(
    z.object({
      date,
      day: z.number().int(),
      velocity: z.number(),
      tasks_completed: z.number().int(),
    }).strict(),
  ),
}).strict();

export const ReportedProgress = z.object({
  progress_percentage: z.number(),
  notes: z.string(),
  created_by: z.string().nullable(),
  created_at: date,
}).strict();

export const Progress = z.object({
  project_id: z.string(),
  project_name: z.string(),
  calculation_method: z.enum(CALCULATION_METHODS),
  as_of: date,
  overall_progress_percentage: z.number(),
  weighted_progress_percentage: z.number(),
  simple_progress_percentage: z.number(),
  last_updated: date.nullable(),
  reported_progress: ReportedProgress.nullable(),
  /** Send it as `version` with /projects/{id}/update-progress to refuse lost updates. */
  progress_version: z.number().int(),
  task_progress: TaskProgress,
  risk_assessment: RiskAssessment,
  timeline_analysis: TimelineAnalysis,
  velocity: Velocity.optional(),
}).strict();

export const SprintInfo = z.object({
  sprint_id: z.string().nullable(),
  name: z.string().nullable(),
  start_date: date,
  end_date: date,
  planned_story_points: z.number(),
  completed_story_points: z.number(),
  total_story_points: z.number(),
  completed_tasks: z.number().int(),
  total_tasks: z.number().int(),
}).strict();

export const Burndown = z.object({
  project_id: z.string(),
  scope: z.enum(["sprint", "project"]),
  start_date: date,
  end_date: date,
  burndown_points: z.array(
    z.object({
      date,
      day: z.number().int(),
      remaining_tasks: z.number().int().nullable(),
      remaining: z.number().int().nullable(),
      completed_tasks: z.number().int().nullable(),
      ideal_remaining: z.number(),
    }).strict(),
  ),
  sprint_info: SprintInfo,
}).strict();

export const Health = z.object({
  project_id: z.string(),
  overall_health_score: z.number(),
  health_status: z.enum(HEALTH_STATUSES),
  quality_score: z.number(),
  team_productivity_score: z.number(),
  velocity_trend: trend,
  health_factors: z.object({
    completion_rate: z.number(),
    overdue_ratio: z.number(),
    schedule_progress: z.number(),
    pace: z.number(),
    velocity_credit: z.number(),
    quality_score: z.number(),
  }).strict(),
  risk_indicators: z.array(RiskIndicator),
  recommendations: z.array(Recommendation),
}).strict();

export const Forecast = z.object({
  project_id: z.string(),
  as_of: date,
  forecast_days: z.number().int(),
  planned_end_date: date,
  completion_probability: z.number(),
  estimated_completion: date.nullable(),
  current_progress: z.number(),
  remaining_tasks: z.number().int(),
  velocity_confidence: z.number(),
  schedule_status: scheduleStatus,
  is_on_track: z.boolean(),
  variance_days: z.number().int().nullable(),
  probability_within_horizon: z.number(),
  projected_progress_at_horizon: z.number(),
  percentiles: z.object({ p10: date.nullable(), p50: date.nullable(), p90: date.nullable() })
    .strict(),
  distribution: z.array(
    z.object({ date, runs: z.number().int(), cumulative_probability: z.number() }).strict(),
  ),
  unfinished_runs: z.number().int(),
  throughput: z.object({
    window_days: z.number().int(),
    tasks_completed: z.number().int(),
    daily_average: z.number(),
  }).strict(),
  simulation: z.object({ runs: z.number().int(), seed: z.number().int() }).strict(),
  factors_affecting_forecast: z.array(z.string()),
}).strict();

export const TeamMetric = z.object({
  user_name: z.string(),
  total_tasks: z.number().int(),
  completed_tasks: z.number().int(),
  completion_rate: z.number(),
  story_points_completed: z.number(),
  estimated_hours_completed: z.number(),
}).strict();

export const Analytics = z.object({
  project_id: z.string(),
  analysis_period_days: z.number().int(),
  period_start: date,
  period_end: date,
  progress_metrics: z.object({
    overall_progress: z.number(),
    task_completion_rate: z.number(),
    milestone_completion_rate: z.number(),
    milestones_total: z.number().int(),
    milestones_completed: z.number().int(),
  }).strict(),
  velocity_metrics: z.object({
    daily_task_velocity: z.number(),
    daily_story_point_velocity: z.number(),
    daily_hour_velocity: z.number(),
    tasks_completed: z.number().int(),
    story_points_completed: z.number(),
    hours_completed: z.number(),
    velocity_trend: trend,
  }).strict(),
  productivity_metrics: z.object({
    active_team_members: z.number().int(),
    unassigned_tasks: z.number().int(),
    overall_completion_rate: z.number(),
    productivity_score: z.number(),
    team_metrics: z.record(z.string(), TeamMetric),
  }).strict(),
  timeline_analysis: z.object({
    schedule_status: scheduleStatus,
    is_on_schedule: z.boolean(),
    schedule_variance: z.number().int().nullable(),
    estimated_completion: date.nullable(),
  }).strict(),
  recommendations: z.array(Recommendation),
}).strict();

export const TeamPerformance = z.object({
  project_id: z.string(),
  analysis_period_days: z.number().int(),
  period_start: date,
  period_end: date,
  team_members: z.array(
    z.object({
      user_id: z.string(),
      user_name: z.string(),
      total_tasks: z.number().int(),
      tasks_completed: z.number().int(),
      completion_rate: z.number(),
      quality_score: z.number(),
      story_points_completed: z.number(),
      estimated_hours_completed: z.number(),
      hours_logged: z.number(),
      average_completion_time: z.number().nullable(),
    }).strict(),
  ),
  team_averages: z.object({
    completion_rate: z.number(),
    quality_score: z.number(),
    velocity: z.number(),
  }).strict(),
  collaboration_score: z.number(),
  unassigned_tasks: z.number().int(),
}).strict();

export const SprintProgress = z.object({
  project_id: z.string(),
  sprint_id: z.string(),
  name: z.string(),
  goal: z.string(),
  status: z.enum(["planned", "active", "completed"]),
  start_date: date,
  end_date: date,
  planned_story_points: z.number(),
  total_story_points: z.number(),
  completed_story_points: z.number(),
  total_tasks: z.number().int(),
  completed_tasks: z.number().int(),
  in_progress_tasks: z.number().int(),
  remaining_tasks: z.number().int(),
  completion_percentage: z.number(),
  story_point_completion_percentage: z.number(),
  days_total: z.number().int(),
  days_elapsed: z.number().int(),
  days_remaining: z.number().int(),
  time_elapsed_percentage: z.number(),
  is_on_track: z.boolean(),
}).strict();

export const ProgressComparison = z.object({
  metrics: z.array(z.enum(COMPARE_METRICS)),
  projects: z.array(
    z.object({
      project_id: z.string(),
      project_name: z.string(),
      status: z.string(),
      progress: z.object({
        overall_progress_percentage: z.number(),
        completed_tasks: z.number().int(),
        total_tasks: z.number().int(),
      }).strict().optional(),
      velocity: z.object({
        current_velocity: z.number(),
        average_velocity: z.number(),
        velocity_trend: trend,
      }).strict().optional(),
      health: z.object({
        overall_health_score: z.number(),
        health_status: z.enum(HEALTH_STATUSES),
      }).strict().optional(),
      timeline: z.object({
        schedule_progress_percentage: z.number(),
        schedule_status: scheduleStatus,
        is_on_schedule: z.boolean(),
      }).strict().optional(),
    }).strict(),
  ),
  leaders: z.record(z.string(), z.string()),
}).strict();

export const ProgressUpdate = z.object({
  update_id: z.string(),
  project_id: z.string(),
  progress_percentage: z.number(),
  previous_progress_percentage: z.number(),
  notes: z.string(),
  updated_by: z.string(),
  updated_at: date,
  /** The project's progress_version after this update; send it with the next one. */
  version: z.number().int(),
}).strict();

export const MetricsRecalculation = z.object({
  project_id: z.string(),
  recalculated_at: date,
  previous_progress_percentage: z.number(),
  progress_percentage: z.number(),
  task_progress: TaskProgress,
  health: z.object({
    overall_health_score: z.number(),
    health_status: z.enum(HEALTH_STATUSES),
  }).strict(),
  velocity: z.object({
    current_velocity: z.number(),
    average_velocity: z.number(),
    velocity_trend: trend,
  }).strict(),
}).strict();

/** Wraps a payload as `{ data }` (document 2, §7). */
export function wrapped<T extends z.ZodType>(payload: T) {
  return z.object({ data: payload }).strict();
}
