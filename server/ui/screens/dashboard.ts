/**
 * The dashboard: the firm's figures (with its finance figures for those who see
 * the finance dashboard), the caller's open tasks and latest notifications.
 */
import type { Node, Source } from "../../../schemas/descriptor/mod.ts";
import { screen, type ScreenDef } from "./screen-def.ts";
import { canSeeModule } from "../../platform/catalogue/visibility.ts";
import { findModule } from "../../platform/catalogue/module-definitions.ts";
import type { Access } from "../../platform/access/access.ts";
import { PRIORITY } from "../value-labels.ts";

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
              limit: 5,
              emptyText: "You're all caught up",
            }],
          },
        ],
      },
    ];
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
