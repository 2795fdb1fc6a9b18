/**
 * Payloads of the enterprise project calls ep-core serves (spec 001 §7, base
 * /enterprise-projects): create with the enterprise defaults, read with parts,
 * versioned update, delete by archive strategy, versions and rollback, change
 * history, bulk update, export and import.
 */
import { z } from "zod";
import { nameText } from "../name-text.ts";
import { APPROVAL_STATES } from "./approvals.ts";

const id = z.string().min(1).max(64);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use an ISO date (YYYY-MM-DD)");
const record = z.record(z.string(), z.unknown());

/** The enterprise fields a create or update may set (the rest are checked by the record engine). */
export const ProjectValues = z.object({
  name: nameText({ min: 1, max: 200 }).optional(),
  description: z.string().max(20_000).optional(),
  client: id.nullable().optional(),
  manager: id.nullable().optional(),
  status: z.string().max(32).optional(),
  project_type: z.string().max(64).optional(),
  priority: z.number().int().optional(),
  start_date: day.optional(),
  end_date: day.optional(),
  budget: z.number().optional(),
  estimated_hours: z.number().optional(),
  current_phase: z.string().max(32).optional(),
  complexity_score: z.number().int().optional(),
  risk_level: z.string().max(32).optional(),
  approval_status: z.enum(APPROVAL_STATES).optional(),
  archive_status: z.enum(["active", "archived", "cold_storage"]).optional(),
  phases: z.array(record).max(50).optional(),
  members: z.array(record).max(200).optional(),
}).strict();

export const CreateProjectRequest = ProjectValues.extend({ name: nameText({ min: 1, max: 200 }) })
  .strict();

export const UpdateProjectRequest = ProjectValues.omit({
  approval_status: true,
  archive_status: true,
}).extend({
  /** The version the caller read (a stale one answers 409). */
  version: z.number().int().min(1),
  change_summary: z.string().max(500).optional(),
}).strict();

/** A project as the record engine gives it (fields and child rows inline). */
export const ProjectRecord = record;

export const ProjectResponse = z.object({ project: ProjectRecord }).strict();

export const IncludeQuery = z.object({
  include: z.string().max(200).optional().describe(
    "comma-separated: phases,tasks,resources,analytics",
  ),
}).strict();

export const TaskItem = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  status: z.string(),
  priority: z.number(),
  assignee: z.string().nullable(),
  start_date: z.string().nullable(),
  due_date: z.string().nullable(),
  estimated_hours: z.number(),
  story_points: z.number(),
  phase: z.string(),
  depends_on: z.array(z.string()),
}).strict();

export const PhaseItem = z.object({
  id: z.string(),
  phase: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  status: z.string(),
  tasks: z.array(TaskItem),
}).strict();

export const ResourceItem = z.object({
  user_id: z.string(),
  user_name: z.string(),
  role: z.string(),
  allocation_percent: z.number(),
  capacity_hours: z.number(),
  allocated_hours_per_week: z.number(),
  open_tasks: z.number().int(),
  open_estimated_hours: z.number(),
}).strict();

export const AnalyticsSummary = z.object({
  progress_percentage: z.number(),
  total_tasks: z.number().int(),
  completed_tasks: z.number().int(),
  open_tasks: z.number().int(),
  overdue_tasks: z.number().int(),
  total_estimated_hours: z.number(),
  completed_estimated_hours: z.number(),
  schedule_progress_percentage: z.number(),
  schedule_status: z.string(),
  is_on_schedule: z.boolean(),
}).strict();

export const ProjectWithParts = z.object({
  project: ProjectRecord,
  phases: z.array(PhaseItem).optional(),
  tasks: z.array(TaskItem).optional(),
  resources: z.array(ResourceItem).optional(),
  analytics: AnalyticsSummary.optional(),
}).strict();

export const UpdateProjectResponse = z.object({
  project: ProjectRecord,
  version_number: z.number().int(),
}).strict();

export const ArchiveStrategyId = z.enum([
  "archive_in_place",
  "export_then_delete",
  "cold_storage",
  "restore",
]);

export const DeleteQuery = z.object({
  archive_strategy: ArchiveStrategyId.exclude(["restore"]).default("archive_in_place"),
  version: z.string().regex(/^\d+$/, "Use the project's version number").optional(),
}).strict();

export const ArchiveRecord = z.object({
  id: z.string(),
  project_id: z.string(),
  project_name: z.string(),
  strategy: z.string(),
  status: z.enum(["archived", "restored"]),
  has_payload: z.boolean(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  restored_at: z.string().nullable(),
}).strict();

export const ArchiveOutcome = z.object({
  project_id: z.string(),
  strategy: ArchiveStrategyId,
  archive_status: z.enum(["active", "archived", "cold_storage", "deleted"]),
  archive: ArchiveRecord,
}).strict();

export const ArchiveStrategy = z.object({
  id: ArchiveStrategyId,
  label: z.string(),
  description: z.string(),
  applies: z.boolean(),
  reason: z.string().nullable(),
  reversible: z.boolean(),
}).strict();

export const ArchiveStrategiesResponse = z.object({
  project_id: z.string(),
  archive_status: z.string(),
  strategies: z.array(ArchiveStrategy),
  archives: z.array(ArchiveRecord),
}).strict();

export const ExecuteStrategyRequest = z.object({
  /** For `restore`: the archive record to restore (default: the latest one not yet restored). */
  archive_id: id.optional(),
}).strict();

export const CreateVersionRequest = z.object({ change_summary: z.string().min(1).max(500) })
  .strict();

export const Snapshot = z.object({
  fields: record,
  phases: z.array(record),
  members: z.array(record),
  tasks: z.array(record),
}).strict();

export const VersionItem = z.object({
  version_number: z.number().int(),
  change_summary: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  created_by_name: z.string().nullable(),
  rolled_back_from: z.number().int().nullable(),
  rollback_reason: z.string(),
  task_count: z.number().int(),
  snapshot: Snapshot.optional(),
}).strict();

export const VersionsResponse = z.object({
  project_id: z.string(),
  versions: z.array(VersionItem),
}).strict();

export const VersionResponse = z.object({ version: VersionItem }).strict();

export const RollbackRequest = z.object({ rollback_reason: z.string().min(1).max(500) }).strict();

export const RollbackResponse = z.object({
  project: ProjectRecord,
  version: VersionItem,
}).strict();

export const ChangeItem = z.object({
  field: z.string(),
  label: z.string(),
  from: z.unknown(),
  to: z.unknown(),
  action: z.string(),
  changed_at: z.string(),
  changed_by: z.string().nullable(),
  changed_by_name: z.string().nullable(),
  version: z.number().int(),
}).strict();

export const ChangeHistoryResponse = z.object({
  project_id: z.string(),
  changes: z.array(ChangeItem),
}).strict();

export const BulkUpdateRequest = z.object({
  project_ids: z.array(id).min(1).max(500),
  updates: ProjectValues.omit({
    approval_status: true,
    archive_status: true,
    phases: true,
    members: true,
  })
    .strict(),
}).strict();

export const BulkUpdateResponse = z.object({
  updated: z.number().int(),
  failed: z.number().int(),
  results: z.array(
    z.object({
      project_id: z.string(),
      ok: z.boolean(),
      version: z.number().int().optional(),
      version_number: z.number().int().optional(),
      error: z.object({ code: z.string(), message: z.string(), field: z.string().optional() })
        .strict().optional(),
    }).strict(),
  ),
}).strict();

export const ExportRequest = z.object({
  project_ids: z.array(id).min(1).max(500),
  format: z.enum(["json", "csv"]).default("json"),
}).strict();

export const ImportForm = z.object({
  file: z.instanceof(File),
  dry_run: z.enum(["true", "false", "1", "0"]).optional(),
  on_conflict: z.enum(["skip", "update"]).optional(),
}).strict();

export const ImportResponse = z.object({
  dry_run: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  tasks: z.number().int(),
  projects: z.array(
    z.object({
      line: z.number().int(),
      id: z.string(),
      name: z.string(),
      outcome: z.enum(["created", "updated", "skipped"]),
    }).strict(),
  ),
  failed: z.array(
    z.object({ line: z.number().int(), field: z.string(), message: z.string() }).strict(),
  ),
}).strict();

export const VersionsCompareQuery = z.object({
  from: z.string().regex(/^\d+$/, "Use a version number"),
  to: z.string().regex(/^\d+$/, "Use a version number"),
}).strict();

export const Difference = z.object({
  part: z.enum(["field", "phase", "member", "task"]),
  item: z.string().describe("the field's label, or the row's title"),
  field: z.string(),
  from_value: z.string(),
  to_value: z.string(),
}).strict();

export const VersionsCompareResponse = z.object({
  project_id: z.string(),
  from: z.number().int(),
  to: z.number().int(),
  differences: z.array(Difference),
}).strict();
