/**
 * Staff screens over the shell's record calls: dashboard, tasks, my tasks,
 * upcoming tasks, leads and a lead, users, audit, notifications, clients, projects
 * and the calendar. Every figure comes from a data source; nothing is baked in.
 */
import type { Node, ScreenDescriptor, Source } from "../../../schemas/descriptor/mod.ts";
import { z } from "zod";
import { canSeeModule } from "../../platform/catalogue/visibility.ts";
import { findModule } from "../../platform/catalogue/module-definitions.ts";
import type { Access } from "../../platform/access/access.ts";
import { head, type ScreenDef } from "./screen-def.ts";

const PRIORITY_TONE = {
  $match: {
    value: { $field: "priority_label" },
    cases: { critical: "danger", high: "warning", medium: "info" },
    otherwise: "neutral",
  },
} as const;
const STATUS_TONE = {
  $match: {
    value: { $field: "status" },
    cases: {
      completed: "success",
      in_progress: "info",
      review: "info",
      blocked: "danger",
      won: "success",
      lost: "danger",
      active: "success",
      qualified: "info",
    },
    otherwise: "neutral",
  },
} as const;

const TASK_COLUMNS = [
  { key: "title", label: "Task", sortable: true },
  { key: "project_name", label: "Project", sortable: true },
  { key: "assignee_name", label: "Assignee", sortable: true },
  { key: "status", label: "Status", sortable: true, tone: STATUS_TONE },
  { key: "priority_label", label: "Priority", sortable: true, tone: PRIORITY_TONE },
  { key: "due_date", label: "Due", format: "date" as const, sortable: true, fallback: "—" },
];

function tasksSource(body: Record<string, string | number | boolean>): Source {
  return {
    method: "POST",
    path: "/tasks/list-with-details",
    body,
    select: "tasks",
    label: "Tasks",
    errorText: "Could not load tasks",
    emptyText: "No tasks",
  };
}

function sees(access: Access | undefined, moduleId: string): boolean {
  const module = findModule(moduleId);
  return !!access && !!module && canSeeModule(access, module);
}

function screen(
  id: string,
  title: string,
  cache: ScreenDescriptor["cache"],
  sources: Record<string, Source>,
  children: Node[],
  description?: string,
): ScreenDescriptor {
  return {
    ...head(id, title, cache),
    sources,
    body: { type: "page", title, ...(description ? { description } : {}), children },
  };
}

function taskScreen(
  id: string,
  title: string,
  description: string,
  body: Record<string, string | number | boolean>,
  emptyText: string,
): ScreenDef {
  return {
    id,
    audience: "staff",
    module: id,
    build: () =>
      screen(id, title, "dynamic", { tasks: tasksSource(body) }, [
        {
          type: "table",
          source: "tasks",
          columns: TASK_COLUMNS,
          pageSize: 25,
          emptyText,
          defaultSort: { key: "due_date", direction: "asc" },
        },
      ], description),
  };
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
          { key: "status", label: "Stage", sortable: true, tone: STATUS_TONE },
          { key: "source", label: "Source", sortable: true },
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

const notifications: ScreenDef = {
  id: "notifications",
  audience: "staff",
  module: "notifications",
  build: () =>
    screen("notifications", "Notifications", "dynamic", {
      notifications: {
        method: "POST",
        path: "/notifications/",
        body: { limit: 200 },
        select: "notifications",
        label: "Notifications",
        errorText: "Failed to load notifications",
        emptyText: "You're all caught up",
      },
    }, [
      {
        type: "button",
        label: "Mark all as read",
        action: {
          kind: "call",
          method: "POST",
          path: "/notifications/mark-read",
          body: {},
          invalidate: ["notifications"],
          toast: "All notifications marked as read",
        },
      },
      {
        type: "list",
        source: "notifications",
        title: { $field: "title" },
        subtitle: { $field: "message" },
        meta: { $field: "created_at", format: "relative-time" },
        badge: {
          text: { $field: "category" },
          tone: {
            $match: { value: { $field: "read" }, cases: { false: "info" }, otherwise: "neutral" },
          },
        },
        emptyText: "You're all caught up",
      },
    ]),
};

const clients: ScreenDef = {
  id: "clients",
  audience: "staff",
  module: "clients",
  build: () =>
    screen("clients", "Clients", "semi-static", {
      clients: {
        method: "POST",
        path: "/clients/list",
        body: {},
        select: "clients",
        label: "Clients",
        emptyText: "No clients yet",
      },
      portalUsers: {
        method: "POST",
        path: "/clients/portal-users",
        body: {},
        select: "users",
        label: "Portal access",
        emptyText: "No client has portal access yet",
      },
    }, [
      {
        type: "table",
        source: "clients",
        searchable: true,
        searchPlaceholder: "Search clients",
        columns: [
          { key: "name", label: "Client", sortable: true },
          { key: "industry", label: "Industry", sortable: true },
          { key: "email", label: "Email" },
          { key: "status", label: "Status", tone: STATUS_TONE, sortable: true },
          {
            key: "project_count",
            label: "Projects",
            format: "integer",
            sortable: true,
            align: "end",
          },
        ],
        pageSize: 25,
        emptyText: "No clients yet",
      },
      {
        type: "grid",
        columns: 2,
        children: [
          {
            type: "card",
            title: "Client portal access",
            children: [{
              type: "table",
              source: "portalUsers",
              columns: [
                { key: "full_name", label: "Contact", sortable: true },
                { key: "client_name", label: "Client", sortable: true },
                {
                  key: "status",
                  label: "Status",
                  tone: {
                    $match: {
                      value: { $field: "status" },
                      cases: { active: "success", invited: "warning" },
                      otherwise: "danger",
                    },
                  },
                },
              ],
              emptyText: "No client has portal access yet",
              rowActions: [{
                label: "Revoke access",
                when: { field: "status", equals: "active" },
                action: {
                  kind: "call",
                  method: "POST",
                  path: "/clients/portal-revoke",
                  body: { client_id: { $field: "client_id" }, user_id: { $field: "id" } },
                  invalidate: ["portalUsers"],
                  toast: "Portal access revoked",
                  confirm: "Revoke this contact's portal access? They will be signed out.",
                },
              }],
            }],
          },
          {
            type: "card",
            title: "Invite a client contact to the portal",
            children: [{
              type: "form",
              id: "portal-invite",
              fields: [
                {
                  name: "client_id",
                  label: "Client *",
                  kind: "select",
                  required: true,
                  optionsSource: { source: "clients", value: "id", label: "name" },
                  messages: { required: "Pick a client" },
                },
                {
                  name: "email",
                  label: "Email *",
                  kind: "email",
                  required: true,
                  messages: {
                    required: "Email is required",
                    invalid: "Enter a valid email address",
                  },
                },
                {
                  name: "first_name",
                  label: "First name *",
                  kind: "text",
                  required: true,
                  messages: { required: "First name is required" },
                },
                {
                  name: "last_name",
                  label: "Last name *",
                  kind: "text",
                  required: true,
                  messages: { required: "Last name is required" },
                },
              ],
              submit: {
                label: "Create portal invitation",
                method: "POST",
                path: "/clients/portal-invite",
                successText: "Invitation created. Share this one-time sign-up link:",
                showResult: { label: "Sign-up link", path: "invitation_link" },
                invalidate: ["portalUsers"],
                resetOnSuccess: true,
              },
            }],
          },
        ],
      },
    ], "The firm's clients, and who of them may use the client portal."),
};

const projects: ScreenDef = {
  id: "projects",
  audience: "staff",
  module: "projects",
  build: () =>
    screen("projects", "Projects", "semi-static", {
      projects: {
        method: "POST",
        path: "/projects/list",
        body: {},
        select: "projects",
        label: "Projects",
        emptyText: "No projects yet",
      },
    }, [{
      type: "table",
      source: "projects",
      columns: [
        { key: "name", label: "Project", sortable: true },
        { key: "client_name", label: "Client", fallback: "Internal", sortable: true },
        { key: "status", label: "Status", tone: STATUS_TONE, sortable: true },
        {
          key: "progress_percentage",
          label: "Progress",
          format: "percent",
          sortable: true,
          align: "end",
        },
        { key: "start_date", label: "Start", format: "date", sortable: true },
        { key: "end_date", label: "End", format: "date", sortable: true },
      ],
      pageSize: 25,
      emptyText: "No projects yet",
    }], "Projects with status, client and dates."),
};

const calendar: ScreenDef = {
  id: "calendar",
  audience: "staff",
  module: "calendar",
  build: () =>
    screen("calendar", "Calendar", "dynamic", {
      events: {
        method: "POST",
        path: "/calendar/events",
        body: {},
        select: "events",
        label: "Calendar",
        emptyText: "Nothing due in the next 30 days",
      },
    }, [{
      type: "table",
      source: "events",
      columns: [
        { key: "date", label: "Date", format: "date", sortable: true },
        { key: "title", label: "What", sortable: true },
        {
          key: "kind",
          label: "Kind",
          tone: {
            $match: {
              value: { $field: "kind" },
              cases: { milestone: "warning", project_end: "info" },
              otherwise: "neutral",
            },
          },
        },
        { key: "project_name", label: "Project", sortable: true },
        { key: "status", label: "Status" },
      ],
      pageSize: 50,
      emptyText: "Nothing due in the next 30 days",
      defaultSort: { key: "date", direction: "asc" },
    }], "Task due dates, milestones and project ends in the next 30 days."),
};

/** The staff record screens. */
export const STAFF_RECORD_SCREENS: ScreenDef[] = [
  dashboard,
  taskScreen("tasks", "Tasks", "Every task of the organisation.", { limit: 500 }, "No tasks yet"),
  taskScreen(
    "my-tasks",
    "My Tasks",
    "Tasks assigned to you.",
    { assignee_id: "me", limit: 500 },
    "Nothing assigned to you",
  ),
  taskScreen("upcoming-tasks", "Upcoming Tasks", "Open tasks by due date.", {
    open_only: true,
    limit: 100,
  }, "Nothing coming up"),
  leads,
  leadDetail,
  notifications,
  clients,
  projects,
  calendar,
];
