/**
 * Payloads of the enterprise projects' data-care calls (issue 14): statistics,
 * indexes and plans, query optimisations, precomputed summaries, integrity,
 * performance and migration tests. Every figure is measured on the running
 * database when the call is made.
 */
import { z } from "zod";

/** The answer envelope of the enterprise project calls. */
export function wrapped<T extends z.ZodType>(payload: T) {
  return z.object({ data: payload }).strict();
}

export const RecordRef = z.object({ type: z.string(), id: z.string(), name: z.string() }).strict();

export const PlanReading = z.object({
  steps: z.array(z.string()),
  indexes_used: z.array(z.string()),
  full_scans: z.array(z.string()),
  temp_sort: z.boolean(),
  /** The steps in one line, for tables. */
  summary: z.string(),
}).strict();

export const QueryTiming = z.object({
  label: z.string(),
  before_ms: z.number(),
  after_ms: z.number(),
}).strict();

export const OptimizePerformance = z.object({
  dialect: z.enum(["sqlite", "postgres"]),
  tables: z.array(z.string()),
  statements: z.array(z.string()),
  statistics_ms: z.number(),
  projects_timed: z.number().int(),
  queries: z.array(QueryTiming),
  total_before_ms: z.number(),
  total_after_ms: z.number(),
  note: z.string(),
}).strict();

export const ExplainedQuery = z.object({
  label: z.string(),
  sql: z.string(),
  plan: PlanReading,
}).strict();
export type ExplainedQueryValue = z.infer<typeof ExplainedQuery>;

export const IndexEntry = z.object({
  name: z.string(),
  table: z.string(),
  definition: z.string(),
  used_by: z.array(ExplainedQuery),
  /** The labels of the queries using it, in one line (null when none does). */
  serves: z.string().nullable(),
}).strict();

export const Recommendation = z.object({
  index_id: z.string(),
  table: z.string(),
  columns: z.array(z.string()),
  reason: z.string(),
  applied: z.boolean(),
}).strict();

export const DatabaseIndexes = z.object({
  dialect: z.enum(["sqlite", "postgres"]),
  indexes: z.array(IndexEntry),
  recommended: z.array(Recommendation),
}).strict();

export const ApplyIndexRequest = z.object({ index_id: z.string().min(1).max(64) }).strict();

export const ApplyIndexResult = z.object({
  index_id: z.string(),
  created: z.boolean(),
  statement: z.string(),
  elapsed_ms: z.number(),
}).strict();

export const QueryOptimization = z.object({
  label: z.string(),
  sql: z.string(),
  plan: PlanReading,
  runs: z.number().int(),
  median_ms: z.number(),
  improvements: z.array(z.string()),
  /** The improvements in one line (null when the plan needs none). */
  advice: z.string().nullable(),
}).strict();

export const QueryOptimizations = z.object({
  dialect: z.enum(["sqlite", "postgres"]),
  queries: z.array(QueryOptimization),
  total_median_ms: z.number(),
}).strict();

export const SummaryView = z.object({
  view_id: z.string(),
  label: z.string(),
  description: z.string(),
  status: z.enum(["fresh", "stale", "missing"]),
  source_stamp: z.string().nullable(),
  current_stamp: z.string(),
  refreshed_at: z.string().nullable(),
  refresh_ms: z.number().nullable(),
}).strict();

export const SummaryViews = z.object({ views: z.array(SummaryView) }).strict();

export const Finding = z.object({
  check: z.enum(["orphan", "dependency_cycle", "date_order", "totals"]),
  severity: z.enum(["error", "warning"]),
  record: RecordRef,
  message: z.string(),
  related: z.array(RecordRef).optional(),
}).strict();

export const IntegrityReport = z.object({
  project_id: z.string(),
  checked_at: z.string(),
  elapsed_ms: z.number(),
  errors: z.number().int(),
  warnings: z.number().int(),
  findings: z.array(Finding),
}).strict();

export const PerformanceTestRequest = z.object({
  test_scenario: z.enum(["analytics", "task_list", "integrity"]),
  runs: z.number().int().min(1).max(200).optional(),
}).strict();

export const PerformanceTestResult = z.object({
  test_scenario: z.string(),
  runs: z.number().int(),
  statements_per_run: z.number().int().nullable(),
  p50_ms: z.number(),
  p95_ms: z.number(),
  max_ms: z.number(),
  mean_ms: z.number(),
  samples_ms: z.array(z.number()),
}).strict();

export const MigrationTestRequest = z.object({
  target_schema: z.enum(["declared", "dated"]),
}).strict();

export const Violation = z.object({
  table: z.string(),
  record: RecordRef,
  field: z.string(),
  value: z.union([z.string(), z.number()]).nullable(),
  constraint: z.string(),
}).strict();

export const MigrationTestResult = z.object({
  target_schema: z.string(),
  description: z.string(),
  checked_rows: z.number().int(),
  would_fail: z.number().int(),
  violations: z.array(Violation),
}).strict();
