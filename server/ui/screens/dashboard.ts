/**
 * The dashboard: the firm's figures (with its finance figures for those who see
 * the finance dashboard), what waits for the caller's approval (for those who
 * may approve anything), the caller's open tasks and latest notifications, each
 * notification and waiting item linking to its record.
 */
import type { Node, Source } from "../../../schemas/descriptor/mod.ts";
import { screen, type ScreenDef } from "./screen-def.ts";
import { canSeeModule } from "../../platform/catalogue/visibility.ts";
import { findModule } from "../../platform/catalogue/module-definitions.ts";
import type { Access } from "../../platform/access/access.ts";
import { PRIORITY } from "../value-labels.ts";
import { authorize } from "../../platform/access/authorize.ts";
import { recordTypes } from "../../records/catalogue.ts";
import { overdueNextSteps } from "./lead-activity-screens.ts";

const PRIORITY_TONE = {
  $match: {
    value: { $field: "priority_label" },
    cases: { critical: "danger", high: "warning", medium: "info" },
    otherwise: "neutral",
  },
} as const;

const MY_TASK_COLUMNS = [
  { key: "title", label: "Task", sortable: true },
  { key: "project_name", label: "Project", sortable: true },
  {
    key: "priority_label",
    label: "Priority",
    sortable: true,
    tone: PRIORITY_TONE,
    labels: PRIORITY,
  },
  { key: "due_date", label: "Due", format: "date" as const, sortable: true, fallback: "—" },
];

/** The caller's open tasks, from the shell's task call. */
const MY_OPEN_TASKS: Source = {
  method: "POST",
  path: "/tasks/list-with-details",
  body: { assignee_id: "me", open_only: true, limit: 50 },
  select: "tasks",
  follows: ["task"],
  label: "Tasks",
  errorText: "Could not load tasks",
  emptyText: "No tasks",
};

/** What waits for the caller's approval, each item linking to the page to act on it. */
const WAITING_FOR_ME: Node = {
  type: "card",
  title: "Waiting for me",
  children: [{
    type: "list",
    source: "waiting",
    path: "items",
    title: { $field: "title" },
    subtitle: { $field: "summary" },
    meta: { $field: "since", format: "relative-time" },
    to: "{+link}",
    limit: 8,
    emptyText: "Nothing waits for your approval",
  }],
};

/** Whether the caller may approve anything: a project step, or a record awaiting an action. */
function mayApprove(access: Access | undefined): boolean {
  if (!access) return false;
  if (sees(access, "projects") && authorize(access, "projects", "approve")) return true;
  return recordTypes().some((type) =>
    (type.declaration.states?.list ?? []).some((state) =>
      state.awaits !== undefined && authorize(access, type.module, state.awaits.action)
    )
  );
}

function sees(access: Access | undefined, moduleId: string): boolean {
  const module = findModule(moduleId);
  return !!access && !!module && canSeeModule(access, module);
}

const dashboard: ScreenDef = {
  id: "dashboard",
  audience: "staff",
  module: "dashboard",
  build: ({ access }) => {
    const stats: Node[] = [
      {
        type: "stat",
        label: "Open tasks",
        value: { $bind: "summary", path: "open_tasks", format: "integer" },
        to: sees(access, "tasks") ? "/app/tasks" : undefined,
      },
      {
        type: "stat",
        label: "Active projects",
        value: { $bind: "summary", path: "active_projects", format: "integer" },
        to: sees(access, "projects") ? "/app/projects" : undefined,
      },
      {
        type: "stat",
        label: "Overdue tasks",
        value: { $bind: "summary", path: "overdue_tasks", format: "integer" },
        tone: {
          $rule: {
            value: { $bind: "summary", path: "overdue_tasks" },
            thresholds: [{ min: 1, tone: "danger" }],
            otherwise: "success",
          },
        },
      },
      {
        type: "stat",
        label: "Unread notifications",
        value: { $bind: "summary", path: "unread_notifications", format: "integer" },
        to: "/app/notifications",
      },
    ];
    if (sees(access, "leads")) {
      stats.splice(3, 0, {
        type: "stat",
        label: "New leads (30 days)",
        value: { $bind: "summary", path: "new_leads", format: "integer" },
        to: "/app/leads",
      });
    }
    const children: Node[] = [
      { type: "grid", columns: stats.length > 4 ? 5 : 4, children: stats },
      {
        type: "grid",
        columns: 2,
        children: [
          {
            type: "card",
            title: "My open tasks",
            children: [{
              type: "table",
              source: "myTasks",
              columns: MY_TASK_COLUMNS,
              pageSize: 6,
              emptyText: "Nothing assigned to you",
            }],
          },
          {
            type: "card",
            title: "Latest notifications",
            children: [{
              type: "list",
              source: "notifications",
              path: "notifications",
              title: { $field: "title" },
              subtitle: { $field: "message" },
              meta: { $field: "created_at", format: "relative-time" },
              to: "{+link}",
              limit: 5,
              emptyText: "You're all caught up",
            }],
          },
        ],
      },
    ];
    if (mayApprove(access)) children.splice(1, 0, WAITING_FOR_ME);
    if (sees(access, "finance-dashboard")) {
      children.splice(1, 0, {
        type: "grid",
        columns: 3,
        children: [
          {
            type: "stat",
            label: "Outstanding invoices",
            value: { $bind: "summary", path: "finance.outstanding", format: "currency" },
            to: "/app/finance-dashboard",
          },
          {
            type: "stat",
            label: "Overdue invoices",
            value: { $bind: "summary", path: "finance.overdue_invoices", format: "integer" },
            tone: {
              $rule: {
                value: { $bind: "summary", path: "finance.overdue_invoices" },
                thresholds: [{ min: 1, tone: "danger" }],
                otherwise: "success",
              },
            },
            to: sees(access, "reports/invoice-reports")
              ? "/app/reports/invoice-reports/aging"
              : "/app/finance-dashboard",
          },
          {
            type: "stat",
            label: "Collected this month",
            value: { $bind: "summary", path: "finance.collected_this_month", format: "currency" },
            to: "/app/finance-dashboard",
          },
        ],
      });
    }
    // The caller's own next steps left undone past their date, as the list call shows them.
    const overdue = sees(access, "lead-activity") ? overdueNextSteps() : undefined;
    if (overdue) children.splice(1, 0, overdue.node);
    if (sees(access, "projects")) {
      children.push({
        type: "card",
        title: "Active projects due first",
        children: [{
          type: "table",
          source: "summary",
          path: "active_project_progress",
          columns: [
            { key: "name", label: "Project" },
            { key: "progress_percentage", label: "Progress", format: "percent", align: "end" },
            { key: "end_date", label: "Due", format: "date" },
          ],
          pageSize: 5,
          emptyText: "No active projects",
        }],
      });
    }
    return screen(
      "dashboard",
      "Dashboard",
      "dynamic",
      {
        summary: {
          method: "POST",
          path: "/dashboard/summary",
          body: {},
          // Its figures count these records: a change to any of them is a new figure.
          follows: ["task", "project", "lead", "invoice", "payment"],
          label: "Summary",
          errorText: "Could not load the figures",
        },
        myTasks: MY_OPEN_TASKS,
        ...(mayApprove(access)
          ? {
            waiting: {
              method: "POST" as const,
              path: "/dashboard/waiting",
              body: {},
              label: "Waiting for me",
              errorText: "Could not load what waits for you",
            },
          }
          : {}),
        ...overdue?.sources,
        notifications: {
          method: "POST",
          path: "/notifications/",
          body: { limit: 5 },
          label: "Notifications",
          errorText: "Failed to load notifications",
        },
      },
      children,
      `Welcome back${access ? `, ${access.user.first_name}` : ""}. Here is ${
        access?.organizationName ?? "your organisation"
      } today.`,
    );
  },
  perUser: true,
};

/** The dashboard. */
export const DASHBOARD_SCREEN: ScreenDef = dashboard;
