/** Payloads of the record calls of the shell (spec §7) and their list shapes. */
import { z } from "zod";

const id = z.string().min(1).max(64);
// A calendar date that exists: the server computes the next day from it.
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}/, "Use an ISO date (YYYY-MM-DD)").refine(
  (value) => isCalendarDate(value.slice(0, 10)),
  "Use an ISO date (YYYY-MM-DD)",
);

/** Whether `YYYY-MM-DD` names a day of the calendar (not 2026-02-31, not 2026-13-01). */
function isCalendarDate(day: string): boolean {
  const ms = Date.parse(`${day}T00:00:00.000Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === day;
}

export const Notification = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  created_at: z.string(),
  read: z.boolean(),
  category: z.string(),
  /** The app path of the record the notification is about, when it is about one. */
  link: z.string().nullable(),
}).strict();
export const NotificationsRequest = z.object({
  unread_only: z.boolean().optional(),
  limit: z.number().int().min(1).max(200).optional(),
}).strict();
export const NotificationsResponse = z.object({
  notifications: z.array(Notification),
  unread_count: z.number().int(),
}).strict();
export const MarkNotificationsReadRequest = z.object({ ids: z.array(id).max(500).optional() })
  .strict();
export const MarkNotificationsReadResponse = z.object({ updated: z.number().int() }).strict();

export const UserListItem = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  role: z.string(),
  is_active: z.boolean(),
  status: z.enum(["active", "invited", "deactivated"]),
  is_client_portal_user: z.boolean(),
  joined_at: z.string(),
}).strict();
export const UsersListRequest = z.object({
  role: z.string().max(64).optional(),
  search: z.string().max(200).optional(),
}).strict();
export const UsersListResponse = z.object({ users: z.array(UserListItem), total: z.number().int() })
  .strict();

export const Lead = z.object({
  id: z.string(),
  name: z.string(),
  company: z.string(),
  email: z.string(),
  phone: z.string(),
  source: z.string(),
  status: z.string(),
  score: z.number(),
  estimated_value: z.number(),
  assigned_to: z.string().nullable(),
  assigned_to_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
}).strict();
export const LeadFilters = z.object({
  status: z.string().max(64).optional().describe(
    "A stage of the lead declaration (new, contacted, …); another answers 400.",
  ),
  source: z.string().max(64).optional().describe(
    "A code of the organisation's lead source list; another answers 400.",
  ),
  assigned_to: id.optional(),
  search: z.string().max(200).optional(),
  min_score: z.number().min(0).max(100).optional(),
  skip: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(500).optional(),
}).strict();
export const LeadsRequest = z.object({ filters: LeadFilters.optional() }).strict();
export const LeadsResponse = z.object({ leads: z.array(Lead), total: z.number().int() }).strict();
export const LeadStatsRequest = z.object({ from: isoDate.optional(), to: isoDate.optional() })
  .strict();
export const LeadStatsResponse = z.object({
  total: z.number().int(),
  new_this_month: z.number().int(),
  by_status: z.record(z.string(), z.number().int()),
  by_source: z.record(z.string(), z.number().int()),
  average_score: z.number(),
  pipeline_value: z.number(),
  conversion_rate: z.number(),
}).strict();
export const LeadAssignment = z.object({
  id: z.string(),
  lead_id: z.string(),
  lead_name: z.string(),
  assigned_to: z.string().nullable(),
  assigned_to_name: z.string().nullable(),
  assigned_by: z.string().nullable(),
  assigned_by_name: z.string().nullable(),
  reason: z.string(),
  created_at: z.string(),
}).strict();
export const LeadAssignmentsRequest = z.object({}).strict();
export const AssignmentsRequest = z.object({
  lead_id: id.optional(),
  assigned_to: id.optional(),
  limit: z.number().int().min(1).max(500).optional(),
}).strict();
export const AssignmentsResponse = z.object({ assignments: z.array(LeadAssignment) }).strict();

/** One field an audit entry changed: its label, and its values before and after as people read them. */
export const AuditChange = z.object({
  field: z.string(),
  label: z.string(),
  from: z.string(),
  to: z.string(),
}).strict();
export const AuditEntry = z.object({
  id: z.string(),
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  action: z.string(),
  resource_type: z.string(),
  resource_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
  /** The action as people read it ("Submitted", "Approve"). */
  action_label: z.string(),
  /** The kind of record as people read it ("Task"). */
  resource_label: z.string(),
  /** The record's title (never its id); null when it has none. */
  resource_title: z.string().nullable(),
  /** Where the record opens in the app; null when nothing opens. */
  resource_path: z.string().nullable(),
  /** Who made the change as people read it: "Alice Morgan", "Alice Morgan via automation", "System". */
  actor_text: z.string(),
  /** `automation` when an automation run made the change (as its rule's owner), else `person`. */
  made_by: z.enum(["person", "automation"]),
  /** The automation run that made the change, and where it opens; null for people's changes. */
  automation_run_id: z.string().nullable(),
  automation_path: z.string().nullable(),
  /** The fields the entry changed, by their labels, each value as people read it. */
  changes: z.array(AuditChange),
  /** The changes as lines of "Field: from → to". */
  change_lines: z.array(z.string()),
}).strict();

/** Who made the changes an audit trail lists: people, automation runs, or both. */
export const AUDIT_MADE_BY = ["people", "automation", "both"] as const;

/**
 * The filters of an audit trail. A record (`record_id`) is one of a kind of record,
 * so it needs `resource_type`.
 */
const auditFilterFields = {
  actor_id: id.optional(),
  action: z.string().max(100).optional(),
  resource_type: z.string().max(100).optional(),
  record_id: id.optional(),
  made_by: z.enum(AUDIT_MADE_BY).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
};

/** A query parameter left empty is no value. */
function blankIsNone<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === "" ? undefined : value), schema);
}

/** A record filter needs its kind of record. */
function recordNeedsType(
  f: { record_id?: string; resource_type?: string },
  ctx: z.RefinementCtx,
): void {
  if (f.record_id && !f.resource_type) {
    ctx.addIssue({
      code: "custom",
      path: ["record_id"],
      message: "Choose the kind of record first",
    });
  }
}

export const AuditFilters = z.object({
  ...auditFilterFields,
  skip: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(500).optional(),
}).strict().superRefine(recordNeedsType);
export type AuditFilters = z.infer<typeof AuditFilters>;
export const AuditLogsRequest = z.object({ filters: AuditFilters.optional() }).strict();
/**
 * The query of an audit trail's CSV export: the screen's filters as query
 * parameters; an empty parameter is no filter (a form's cleared field).
 */
export const AuditExportQuery = z.object({
  actor_id: blankIsNone(auditFilterFields.actor_id),
  action: blankIsNone(auditFilterFields.action),
  resource_type: blankIsNone(auditFilterFields.resource_type),
  record_id: blankIsNone(auditFilterFields.record_id),
  made_by: blankIsNone(auditFilterFields.made_by),
  from: blankIsNone(auditFilterFields.from),
  to: blankIsNone(auditFilterFields.to),
}).strict().superRefine(recordNeedsType);
export const AuditLogsResponse = z.object({ logs: z.array(AuditEntry), total: z.number().int() })
  .strict();
export const AuditFiltersRequest = z.object({}).strict();
export const AuditFiltersResponse = z.object({
  actors: z.array(z.object({ id: z.string(), name: z.string() }).strict()),
  actions: z.array(z.string()),
  resource_types: z.array(z.string()),
  /** The actions with their labels, to offer by label. */
  action_options: z.array(z.object({ value: z.string(), label: z.string() }).strict()),
  /** The kinds of record with their labels. */
  resource_type_options: z.array(z.object({ value: z.string(), label: z.string() }).strict()),
}).strict();

export const SettingsRequest = z.object({}).strict();
export const SettingsResponse = z.object({
  settings: z.record(
    z.string(),
    z.object({ value: z.unknown(), version: z.number().int() }).strict(),
  ),
}).strict();

export const PreferencesRequest = z.object({
  preferences: z.object({
    theme: z.enum(["light", "dark", "system"]).optional(),
    language: z.string().min(2).max(10).optional(),
    timezone: z.string().max(64).optional(),
    email_notifications: z.boolean().optional(),
    dashboard_period: z.enum(["7d", "30d", "90d", "1y"]).optional(),
  }).strict().optional(),
}).strict();
export const PreferencesResponse = z.object({
  preferences: z.record(z.string(), z.unknown()),
  updated_at: z.string().nullable(),
}).strict();

export const TemplateCategoriesRequest = z.object({}).strict();
export const TemplateCategoriesResponse = z.object({
  categories: z.array(
    z.object({
      name: z.string(),
      template_count: z.number().int(),
      templates: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          description: z.string(),
          task_count: z.number().int(),
        }).strict(),
      ),
    }).strict(),
  ),
}).strict();

export const PRIORITY_NAMES = ["low", "medium", "high", "critical"] as const;
export const TaskWithDetails = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.string(),
  priority: z.number().int().min(1).max(4),
  priority_label: z.enum(PRIORITY_NAMES),
  project_id: z.string().nullable(),
  project: z.object({ id: z.string(), name: z.string() }).strict().nullable(),
  project_name: z.string(),
  assignee_id: z.string().nullable(),
  assignee: z.object({ id: z.string(), full_name: z.string() }).strict().nullable(),
  assignee_name: z.string(),
  estimated_hours: z.number(),
  actual_hours: z.number(),
  story_points: z.number(),
  progress_percentage: z.number(),
  due_date: z.string().nullable(),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  tags: z.array(z.string()),
  dependencies: z.array(z.string()),
  is_milestone: z.boolean(),
  is_billable: z.boolean(),
  is_overdue: z.boolean(),
  custom_fields: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
}).strict();
export const TasksListRequest = z.object({
  status: z.string().max(64).optional().describe(
    "A code of the organisation's task status list; another answers 400.",
  ),
  project_id: id.optional(),
  assignee_id: z.union([id, z.literal("me")]).optional(),
  due_before: isoDate.optional(),
  due_after: isoDate.optional(),
  open_only: z.boolean().optional(),
  search: z.string().max(200).optional(),
  skip: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(500).optional(),
}).strict();
export const TasksListResponse = z.object({
  tasks: z.array(TaskWithDetails),
  total: z.number().int(),
})
  .strict();

export const ClientRecord = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  industry: z.string(),
  status: z.string(),
  project_count: z.number().int(),
  created_at: z.string(),
}).strict();
export const ClientsListRequest = z.object({
  status: z.string().max(32).optional(),
  search: z.string().max(200).optional(),
}).strict();
export const ClientsListResponse = z.object({
  clients: z.array(ClientRecord),
  total: z.number().int(),
})
  .strict();

export const ProjectListItem = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  project_type: z.string(),
  client_id: z.string().nullable(),
  client_name: z.string().nullable(),
  organization_id: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  progress_percentage: z.number(),
  project_manager_id: z.string().nullable(),
}).strict();
export const ProjectsListRequest = z.object({
  status: z.string().max(32).optional(),
  client_id: id.optional(),
  project_manager_id: id.optional(),
  skip: z.number().int().min(0).max(1000).optional(),
  limit: z.number().int().min(1).max(1000).optional(),
}).strict();
export const ProjectsListResponse = z.object({
  projects: z.array(ProjectListItem),
  total: z.number().int(),
  skip: z.number().int(),
  limit: z.number().int(),
}).strict();

export const CalendarRequest = z.object({ from: isoDate.optional(), to: isoDate.optional() })
  .strict();
export const CalendarResponse = z.object({
  events: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      date: z.string(),
      kind: z.enum(["task", "milestone", "project_end"]),
      project_name: z.string(),
      status: z.string(),
    }).strict(),
  ),
}).strict();
