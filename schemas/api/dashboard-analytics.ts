/**
 * Payloads of the dashboard analytics service (`POST /api/v1/analytics/dashboard`,
 * document 2, §7) and of the report data calls. The service answers
 * `{ success, message, data, metadata }`; its errors keep the API's error object
 * beside `success: false` and `message`.
 */
import { z } from "zod";
import { DateString } from "./analytics.ts";

/** The dashboard analytics constants of the spec (document 2, §9). */
export const DASHBOARD_ANALYTICS = {
  /** Default range: the last 30 days. */
  defaultRangeDays: 30,
  /** The longest range answered, in days (three years). */
  maxRangeDays: 1096,
  /** Cache time to live. */
  cacheTtlSeconds: 300,
  /** Expired entries are purged every 600 seconds. */
  cacheCleanupSeconds: 600,
  /** The maximum size setting, and the highest value it may be set to. */
  cacheMaxSize: 100,
  cacheMaxSizeLimit: 1000,
  /** Share of entries (the oldest accessed) removed when the cache is over its size. */
  cacheEvictFraction: 0.2,
} as const;

export const DashboardAnalyticsRequest = z.object({
  start_date: DateString.optional(),
  end_date: DateString.optional(),
}).strict();

const count = z.number().int();

export const DashboardAnalyticsData = z.object({
  totals: z.object({
    tasks_created: count,
    tasks_completed: count,
    story_points_completed: z.number(),
    hours_logged: z.number(),
    progress_updates: count,
    active_projects: count,
    new_leads: count.nullable(),
    won_leads: count.nullable(),
    won_value: z.number().nullable(),
  }).strict(),
  tasks_per_day: z.array(
    z.object({ date: z.string(), created: count, completed: count }).strict(),
  ),
  hours_per_day: z.array(z.object({ date: z.string(), hours: z.number() }).strict()),
  projects_by_status: z.record(z.string(), count),
  leads_by_stage: z.record(z.string(), count).nullable(),
  top_projects: z.array(
    z.object({
      project_id: z.string(),
      name: z.string(),
      tasks_completed: count,
      story_points_completed: z.number(),
      progress_percentage: z.number(),
    }).strict(),
  ),
}).strict();

export const DashboardAnalyticsMetadata = z.object({
  organization_id: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  days: count,
  generated_at: z.string(),
  cached: z.boolean(),
  cache_ttl_seconds: count,
  expires_at: z.string(),
}).strict();

export const DashboardAnalyticsResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: DashboardAnalyticsData,
  metadata: DashboardAnalyticsMetadata,
}).strict();

/** What a refused dashboard analytics call answers. */
export const DashboardAnalyticsError = z.object({
  success: z.literal(false),
  message: z.string(),
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
}).strict();

/** A report type: a slug such as `summary` or `project-delivery`. */
export const ReportRequest = z.object({
  report_type: z.string().regex(/^[a-z0-9_-]{1,64}$/, "Use a slug (a-z, 0-9, - and _)")
    .default("summary"),
}).strict();

export const OperationsReport = z.object({
  data: z.object({
    report_type: z.string(),
    generated_at: z.string(),
    summary: z.object({
      projects_total: count,
      projects_by_status: z.record(z.string(), count),
      average_progress: z.number(),
      tasks_total: count,
      tasks_completed: count,
      tasks_overdue: count,
      completion_rate: z.number(),
      estimated_hours: z.number(),
      hours_logged: z.number(),
      projects_behind_schedule: count,
    }).strict(),
    projects: z.array(
      z.object({
        project_id: z.string(),
        name: z.string(),
        status: z.string(),
        client_name: z.string().nullable(),
        end_date: z.string(),
        progress_percentage: z.number(),
        schedule_progress_percentage: z.number(),
        is_on_schedule: z.boolean(),
        tasks_total: count,
        tasks_completed: count,
        tasks_overdue: count,
        hours_logged: z.number(),
      }).strict(),
    ),
  }).strict(),
}).strict();

export const SalesReport = z.object({
  data: z.object({
    report_type: z.string(),
    generated_at: z.string(),
    summary: z.object({
      total_leads: count,
      open_leads: count,
      won_leads: count,
      lost_leads: count,
      conversion_rate: z.number(),
      pipeline_value: z.number(),
      won_value: z.number(),
      average_score: z.number(),
    }).strict(),
    by_stage: z.array(z.object({ stage: z.string(), leads: count, value: z.number() }).strict()),
    by_source: z.array(
      z.object({ source: z.string(), leads: count, won: count, conversion_rate: z.number() })
        .strict(),
    ),
    by_owner: z.array(
      z.object({
        user_id: z.string().nullable(),
        user_name: z.string(),
        leads: count,
        won: count,
        pipeline_value: z.number(),
      }).strict(),
    ),
  }).strict(),
}).strict();
