/**
 * The labels of the enumerated values that belong to no record type (a record
 * field's come from its declaration: record-labels.ts). Codes such as
 * `on_hold` or `firm_admin` are for machines; people read the label chosen here.
 * Descriptors attach the map of a value's kind to the binding, field or column that
 * shows it (`labels`), so the client never prints a code: a value missing from its
 * map is shown humanised. Booleans are enumerated values too: each one that is shown
 * says what it means ("Scheduled" / "Not scheduled"), not "true" / "false".
 */
import { ROLE_LABELS } from "../platform/access/role-label.ts";
import {
  ARCHIVE_STATUS,
  CLIENT_STATUS,
  LEAD_SOURCE,
  LEAD_STAGE,
  PROJECT_STATUS,
  PROJECT_TYPE,
  TASK_STATUS,
} from "./record-labels.ts";
import type { ValueLabels } from "../../schemas/descriptor/mod.ts";

/** Priority, as its stored number (tasks and projects: 1–4) or as a word (analytics). */
export const PRIORITY: ValueLabels = {
  "1": "Low",
  "2": "Medium",
  "3": "High",
  "4": "Critical",
  low: "Low",
  medium: "Medium",
  high: "High",
  critical: "Critical",
};

/** Risk level and risk severity. */
export const RISK_LEVEL: ValueLabels = {
  low: "Low",
  medium: "Medium",
  high: "High",
  critical: "Critical",
};

/** Role ids of a membership (user_organizations.user_role, project roles). */
export const ROLE: ValueLabels = {
  ...ROLE_LABELS,
  owner: "Owner",
  lead: "Lead",
  contributor: "Contributor",
  viewer: "Viewer",
};

/** Approval status of an enterprise project or a budget. */
export const APPROVAL_STATUS: ValueLabels = {
  draft: "Draft",
  pending: "Pending approval",
  approved: "Approved",
  rejected: "Rejected",
};

/** Membership status (user_organizations.status). */
export const MEMBERSHIP_STATUS: ValueLabels = {
  active: "Active",
  invited: "Invited",
  deactivated: "Deactivated",
};

/** Project health (analytics). */
export const HEALTH_STATUS: ValueLabels = {
  healthy: "Healthy",
  at_risk: "At risk",
  critical: "Critical",
  unhealthy: "Unhealthy",
};

/** Velocity trend (analytics). */
export const VELOCITY_TREND: ValueLabels = {
  improving: "Improving",
  stable: "Stable",
  declining: "Declining",
  up: "Up",
  down: "Down",
};

/** Kinds of risk and health indicators (analytics). */
export const RISK_KIND: ValueLabels = {
  overdue_tasks: "Overdue tasks",
  behind_schedule: "Behind schedule",
  blocked_tasks: "Blocked tasks",
  unassigned_tasks: "Unassigned tasks",
  rework: "Rework",
  declining_velocity: "Declining velocity",
  low_quality: "Low quality",
  low_productivity: "Low productivity",
};

/** Areas of risks and recommendations (analytics). */
export const RISK_CATEGORY: ValueLabels = {
  schedule: "Schedule",
  resource: "Resources",
  delivery: "Delivery",
  quality: "Quality",
  velocity: "Velocity",
  milestones: "Milestones",
};

/** Sprint status. */
export const SPRINT_STATUS: ValueLabels = {
  planned: "Planned",
  active: "Active",
  completed: "Completed",
};

/** Categories of notifications. */
export const NOTIFICATION_CATEGORY: ValueLabels = {
  task: "Task",
  comment: "Comment",
  project: "Project",
  lead: "Lead",
  finance: "Finance",
  approval: "Approval",
  system: "System",
  message: "Message",
  automation: "Automation",
  reminder: "Reminder",
};

// The audit vocabulary lives with the audit module, which words its entries with it.
import { AUDIT_ACTION, RESOURCE_TYPE } from "../areas/workspace/audit/audit-vocabulary.ts";
export { AUDIT_ACTION, RESOURCE_TYPE };

/** Kinds of calendar events. */
export const CALENDAR_KIND: ValueLabels = {
  task: "Task",
  milestone: "Milestone",
  project_end: "Project end",
};

/** Whether a message came from the client or from the firm. */
export const MESSAGE_AUTHOR: ValueLabels = { true: "Client", false: "Firm" };

/** A plain yes/no. */
export const YES_NO: ValueLabels = { true: "Yes", false: "No" };

/** Whether a project keeps to its plan. */
export const ON_SCHEDULE: ValueLabels = { true: "On schedule", false: "Behind schedule" };

/** Whether a module is switched on for the organisation. */
export const ENABLED: ValueLabels = { true: "Enabled", false: "Disabled" };

/**
 * Every map, by the kind of value it labels (for the contract test and the docs):
 * these, and the record fields' labels taken from their declarations (record-labels.ts).
 */
export const VALUE_LABELS: Readonly<Record<string, ValueLabels>> = {
  PROJECT_STATUS,
  TASK_STATUS,
  PRIORITY,
  RISK_LEVEL,
  LEAD_STAGE,
  LEAD_SOURCE,
  ROLE,
  PROJECT_TYPE,
  APPROVAL_STATUS,
  ARCHIVE_STATUS,
  MEMBERSHIP_STATUS,
  CLIENT_STATUS,
  HEALTH_STATUS,
  VELOCITY_TREND,
  RISK_KIND,
  RISK_CATEGORY,
  SPRINT_STATUS,
  NOTIFICATION_CATEGORY,
  CALENDAR_KIND,
  RESOURCE_TYPE,
  AUDIT_ACTION,
  MESSAGE_AUTHOR,
  YES_NO,
  ON_SCHEDULE,
  ENABLED,
};
