/**
 * Payloads of the enterprise planning calls (spec 001 §7, base
 * /enterprise-projects): requirements analysis, recommendations, schedule
 * optimisation, analytics and performance reports.
 */
import { z } from "zod";

const id = z.string().min(1).max(64);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use an ISO date (YYYY-MM-DD)");
const priority = z.enum(["high", "medium", "low"]);

/** The analytics summary of a project (the project analytics screen's figures). */
export const ProjectSummary = z.object({
  project_id: z.string(),
  project_name: z.string(),
  status: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  today: z.string(),
  progress_percentage: z.number(),
  task_completion_rate: z.number(),
  total_tasks: z.number().int(),
  completed_tasks: z.number().int(),
  open_tasks: z.number().int(),
  in_progress_tasks: z.number().int(),
  blocked_tasks: z.number().int(),
  overdue_tasks: z.number().int(),
  unassigned_open_tasks: z.number().int(),
  total_estimated_hours: z.number(),
  completed_estimated_hours: z.number(),
  schedule_progress_percentage: z.number(),
  days_remaining: z.number().int(),
  schedule_status: z.string(),
  is_on_schedule: z.boolean(),
  risk_score: z.number(),
  risk_level: z.string(),
  current_velocity: z.number(),
  average_velocity: z.number(),
  velocity_trend: z.string(),
  weekly_capacity_hours: z.number(),
  open_estimated_hours: z.number(),
  members: z.array(
    z.object({
      user_id: z.string(),
      user_name: z.string(),
      allocated_hours_per_week: z.number(),
      open_estimated_hours: z.number(),
      weeks_of_work: z.number().nullable(),
    }).strict(),
  ),
}).strict();

export const AnalyticsRequest = z.object({}).strict();
export const AnalyticsResponse = z.object({ summary: ProjectSummary }).strict();

export const ReportType = z.enum(["summary", "detailed", "executive"]);
export const ReportRequest = z.object({ report_type: ReportType }).strict();
export const ReportQuery = z.object({ report_type: ReportType }).strict();

/** One line of a report: a labelled figure in a section. */
export const ReportLine = z.object({
  section: z.string(),
  label: z.string(),
  value: z.string(),
}).strict();

export const ReportResponse = z.object({
  report_type: ReportType,
  title: z.string(),
  generated_at: z.string(),
  summary: ProjectSummary,
  lines: z.array(ReportLine),
  downloads: z.object({ csv: z.string(), pdf: z.string() }).strict(),
}).strict();

export const RequirementsRequest = z.object({
  /** A `document` record id (its attached file) or a file id the project can see. */
  document_source_id: id,
}).strict();

export const Requirement = z.object({
  number: z.number().int(),
  text: z.string(),
  kind: z.enum(["numbered", "bulleted", "sentence"]),
  priority,
  modal_verb: z.string().nullable(),
  size: z.enum(["XS", "S", "M", "L", "XL"]),
  estimated_hours: z.number(),
  line: z.number().int(),
}).strict();

export const RequirementsResponse = z.object({
  document_source_id: z.string(),
  file_name: z.string(),
  requirements: z.array(Requirement),
  total_estimated_hours: z.number(),
  estimation_rule: z.string(),
}).strict();

export const RecommendationItem = z.object({
  category: z.enum(["risk", "resource", "schedule", "delivery", "quality"]),
  priority,
  action: z.string(),
  description: z.string(),
  trigger: z.object({ figure: z.string(), value: z.number(), threshold: z.number() }).strict(),
}).strict();

export const RecommendationsResponse = z.object({
  summary: ProjectSummary,
  recommendations: z.array(RecommendationItem),
}).strict();

export const ScheduleConstraints = z.object({
  deadline: day.optional(),
  fixed_task_ids: z.array(id).max(10_000).optional(),
  max_allocation_percent: z.number().min(1).max(100).optional(),
  apply: z.boolean().optional(),
}).strict();

export const OptimizeScheduleRequest = z.object({
  constraints: ScheduleConstraints.default({}),
}).strict();

export const ScheduledTask = z.object({
  task_id: z.string(),
  title: z.string(),
  assignee: z.string().nullable(),
  duration_days: z.number().int(),
  current_start: z.string().nullable(),
  current_due: z.string().nullable(),
  proposed_start: z.string(),
  proposed_due: z.string(),
  slack_days: z.number().int(),
  critical: z.boolean(),
  fixed: z.boolean(),
}).strict();

export const OptimizeScheduleResponse = z.object({
  project_id: z.string(),
  tasks: z.array(ScheduledTask),
  critical_path: z.array(z.string()),
  end_date_before: z.string().nullable(),
  end_date_after: z.string().nullable(),
  change_in_days: z.number().int().nullable(),
  meets_deadline: z.boolean().nullable(),
  applied: z.boolean(),
  changed_tasks: z.number().int(),
  /**
   * Why no schedule is proposed, or null when one is: the optimiser refuses when
   * open tasks have no estimate or their assignees no weekly capacity, because
   * every duration would be a guess (all tasks on one day).
   */
  refusal: z.object({
    reason: z.string(),
    tasks_without_estimate: z.number().int(),
    members_without_capacity: z.number().int(),
  }).strict().nullable(),
}).strict();

export const ScheduleDefaultsRequest = z.object({
  estimated_hours: z.number().positive().max(1000).default(8),
}).strict();

export const ScheduleDefaultsResponse = z.object({
  /** Open tasks given the default estimate. */
  estimated_tasks: z.number().int(),
}).strict();

export type ReportKind = z.infer<typeof ReportType>;
