/** The dashboard, the leads list and a lead's assignment history. */
import type { Node } from "../../../schemas/descriptor/mod.ts";
import { z } from "zod";
import { type ScreenDef } from "./screen-def.ts";
import { screen, sees, STATUS_TONE, TASK_COLUMNS, tasksSource } from "./record-screen-parts.ts";
import { LEAD_SOURCE, LEAD_STAGE } from "../value-labels.ts";

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
              columns: [TASK_COLUMNS[0], TASK_COLUMNS[1], TASK_COLUMNS[4], TASK_COLUMNS[5]],
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
          label: "Summary",
          errorText: "Could not load the figures",
        },
        myTasks: tasksSource({ assignee_id: "me", open_only: true, limit: 50 }),
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

const leads: ScreenDef = {
  id: "leads",
  audience: "staff",
  module: "leads",
  build: () =>
    screen("leads", "Leads", "dynamic", {
      stats: { method: "POST", path: "/api/leads/stats", body: {}, label: "Lead statistics" },
      leads: {
        method: "POST",
        path: "/leads",
        body: { filters: { limit: 500 } },
        select: "leads",
        label: "Leads",
        emptyText: "No leads yet",
      },
    }, [
      {
        type: "grid",
        columns: 4,
        children: [
          {
            type: "stat",
            label: "Total leads",
            value: { $bind: "stats", path: "total", format: "integer" },
          },
          {
            type: "stat",
            label: "New this month",
            value: { $bind: "stats", path: "new_this_month", format: "integer" },
          },
          {
            type: "stat",
            label: "Pipeline value",
            value: { $bind: "stats", path: "pipeline_value", format: "currency" },
          },
          {
            type: "stat",
            label: "Conversion rate",
            value: { $bind: "stats", path: "conversion_rate", format: "percent" },
          },
        ],
      },
      {
        type: "table",
        source: "leads",
        columns: [
          { key: "name", label: "Name", sortable: true },
          { key: "company", label: "Company", sortable: true },
          {
            key: "status",
            label: "Stage",
            sortable: true,
            tone: STATUS_TONE,
            labels: LEAD_STAGE,
          },
          { key: "source", label: "Source", sortable: true, labels: LEAD_SOURCE },
          { key: "score", label: "Score", format: "integer", sortable: true, align: "end" },
          {
            key: "estimated_value",
            label: "Value",
            format: "currency",
            sortable: true,
            align: "end",
          },
          { key: "assigned_to_name", label: "Owner", fallback: "Unassigned", sortable: true },
        ],
        pageSize: 20,
        emptyText: "No leads yet",
        defaultSort: { key: "score", direction: "desc" },
        rowAction: { kind: "navigate", to: "/app/lead-detail/{id}" },
      },
    ], "Prospects in your pipeline. Select a lead to see its assignment history."),
};

const leadDetail: ScreenDef = {
  id: "lead-detail",
  audience: "staff",
  module: "leads",
  params: z.object({ id: z.string().min(1).max(64) }).strict(),
  build: ({ params }) =>
    screen("lead-detail", "Lead", "dynamic", {
      assignments: {
        method: "POST",
        path: "/api/leads/{id}/assignments",
        body: {},
        select: "assignments",
        critical: true,
        label: "Lead",
        errorText: "This lead could not be loaded",
        emptyText: "This lead has never been assigned",
      },
    }, [
      { type: "heading", text: `Lead ${params.id}`, level: 2 },
      {
        type: "table",
        source: "assignments",
        caption: "Assignment history",
        columns: [
          { key: "created_at", label: "When", format: "datetime", sortable: true },
          { key: "assigned_to_name", label: "Assigned to", fallback: "Unassigned" },
          { key: "assigned_by_name", label: "By", fallback: "Automation" },
          { key: "reason", label: "Reason" },
        ],
        emptyText: "This lead has never been assigned",
      },
      {
        type: "button",
        label: "Back to leads",
        action: { kind: "navigate", to: "/app/leads" },
        variant: "secondary",
      },
    ]),
};

/** The dashboard and lead screens. */
export const DASHBOARD_AND_LEAD_SCREENS: ScreenDef[] = [dashboard, leads, leadDetail];
