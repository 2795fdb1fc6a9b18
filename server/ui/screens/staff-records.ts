/**
 * Staff screens over the record calls: tasks, my tasks, upcoming tasks,
 * notifications, clients (with portal access), projects and the calendar — plus the
 * dashboard and lead screens of dashboard-and-leads.ts. Every figure comes from a
 * data source; nothing is baked in.
 */
import type { Node } from "../../../schemas/descriptor/mod.ts";
import { authorize } from "../../platform/access/authorize.ts";
import { type ScreenDef } from "./screen-def.ts";
import { PERSON_FIELDS } from "./person-fields.ts";
import { screen, STATUS_TONE, TASK_COLUMNS, tasksSource } from "./record-screen-parts.ts";
import { DASHBOARD_AND_LEAD_SCREENS } from "./dashboard-and-leads.ts";
import {
  CALENDAR_KIND,
  CLIENT_STATUS,
  MEMBERSHIP_STATUS,
  NOTIFICATION_CATEGORY,
  PROJECT_STATUS,
  TASK_STATUS,
} from "../value-labels.ts";

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
          text: { $field: "category", labels: NOTIFICATION_CATEGORY },
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
  build: ({ access }) => {
    // Write buttons show only when authorize() grants their write, as the API does.
    const may = (action: string) => !!access && authorize(access, "clients", action);
    return screen("clients", "Clients", "semi-static", {
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
          {
            key: "status",
            label: "Status",
            tone: STATUS_TONE,
            sortable: true,
            labels: CLIENT_STATUS,
          },
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
                  labels: MEMBERSHIP_STATUS,
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
              rowActions: may("portal_revoke")
                ? [{
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
                }]
                : undefined,
            }],
          },
          ...(may("portal_invite") ? [inviteCard] : []),
        ],
      },
    ], "The firm's clients, and who of them may use the client portal.");
  },
};

/** The portal invitation form: shown to callers who may invite (clients.portal_invite). */
const inviteCard: Node = {
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
      ...PERSON_FIELDS,
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
        {
          key: "status",
          label: "Status",
          tone: STATUS_TONE,
          sortable: true,
          labels: PROJECT_STATUS,
        },
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
          labels: CALENDAR_KIND,
          tone: {
            $match: {
              value: { $field: "kind" },
              cases: { milestone: "warning", project_end: "info" },
              otherwise: "neutral",
            },
          },
        },
        { key: "project_name", label: "Project", sortable: true },
        { key: "status", label: "Status", labels: { ...PROJECT_STATUS, ...TASK_STATUS } },
      ],
      pageSize: 50,
      emptyText: "Nothing due in the next 30 days",
      defaultSort: { key: "date", direction: "asc" },
    }], "Task due dates, milestones and project ends in the next 30 days."),
};

/** The staff record screens. */
export const STAFF_RECORD_SCREENS: ScreenDef[] = [
  ...DASHBOARD_AND_LEAD_SCREENS,
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
  notifications,
  clients,
  projects,
  calendar,
];
