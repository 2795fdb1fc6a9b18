/**
 * The client portal's screens: overview of the client's projects and upcoming
 * milestones, a read-only progress view of one project, the message thread with
 * the firm and the profile; invoices are in portal-invoices.ts. Proposals and
 * documents are left out until the firm has those areas.
 */
import { z } from "zod";
import { ON_SCHEDULE } from "../value-labels.ts";
import { fieldLabels, PROJECT_STATUS } from "../record-labels.ts";
import { TASK } from "../../areas/work/types/task.ts";
import { head, type ScreenDef } from "./screen-def.ts";
import { portalHelp } from "./portal-help.ts";
import { portalInvoices } from "./portal-invoices.ts";
import { PORTAL_PROPOSAL_SCREENS } from "./portal-proposals.ts";
import { TASK_STATUSES } from "../../areas/analytics/projects/constants.ts";

const STATUS_TONE = {
  $match: {
    value: { $field: "status" },
    cases: { active: "info", completed: "success", on_hold: "warning" },
    otherwise: "neutral",
  },
} as const;

/** `/client-portal/dashboard`. */
export const portalDashboard: ScreenDef = {
  id: "client-portal/dashboard",
  audience: "portal",
  perUser: true,
  build: ({ access, lists }) => ({
    ...head("client-portal/dashboard", "Client Portal", "dynamic"),
    sources: {
      projects: {
        method: "POST",
        path: "/portal/projects",
        body: {},
        select: "projects",
        label: "Projects",
        emptyText: "No projects yet",
      },
      milestones: {
        method: "POST",
        path: "/portal/milestones",
        body: {},
        select: "milestones",
        label: "Milestones",
        emptyText: "No upcoming milestones",
      },
    },
    body: {
      type: "page",
      title: "Your projects",
      description: `Welcome${
        access ? `, ${access.user.first_name}` : ""
      }. Here is where your work with us stands.`,
      children: [
        {
          type: "table",
          source: "projects",
          columns: [
            { key: "name", label: "Project", sortable: true },
            { key: "status", label: "Status", tone: STATUS_TONE, labels: PROJECT_STATUS },
            {
              key: "progress_percentage",
              label: "Progress",
              format: "percent",
              align: "end",
              sortable: true,
            },
            { key: "next_milestone", label: "Next milestone", fallback: "—" },
            { key: "next_milestone_date", label: "Due", format: "date", fallback: "—" },
            { key: "end_date", label: "Planned end", format: "date" },
          ],
          emptyText: "No projects yet",
          rowAction: { kind: "navigate", to: "/client-portal/projects/{id}" },
        },
        {
          type: "card",
          title: "Upcoming milestones",
          children: [{
            type: "list",
            source: "milestones",
            title: { $field: "title" },
            subtitle: { $field: "project_name" },
            meta: { $field: "due_date", format: "date", fallback: "No date" },
            badge: {
              text: { $field: "status", labels: fieldLabels(TASK, "status", lists) },
              tone: STATUS_TONE,
            },
            limit: 8,
            emptyText: "No upcoming milestones",
          }],
        },
      ],
    },
  }),
};

const portalProject: ScreenDef = {
  id: "client-portal/projects",
  audience: "portal",
  params: z.object({ id: z.string().min(1).max(64) }).strict(),
  build: ({ lists }) => ({
    ...head("client-portal/projects", "Project progress", "dynamic"),
    sources: {
      progress: {
        method: "POST",
        path: "/portal/projects/{id}/progress",
        body: {},
        critical: true,
        label: "Project",
        errorText: "This project could not be found",
      },
    },
    body: {
      type: "page",
      title: "Project progress",
      children: [
        { type: "heading", text: { $bind: "progress", path: "project.name" }, level: 2 },
        {
          type: "grid",
          columns: 4,
          children: [
            {
              type: "stat",
              label: "Progress",
              value: { $bind: "progress", path: "project.progress_percentage", format: "percent" },
            },
            {
              type: "stat",
              label: "Time elapsed",
              value: { $bind: "progress", path: "schedule_progress_percentage", format: "percent" },
            },
            {
              type: "stat",
              label: "Schedule",
              value: { $bind: "progress", path: "is_on_schedule", labels: ON_SCHEDULE },
              tone: {
                $match: {
                  value: { $bind: "progress", path: "is_on_schedule" },
                  cases: { true: "success" },
                  otherwise: "warning",
                },
              },
            },
            {
              type: "stat",
              label: "Planned end",
              value: { $bind: "progress", path: "project.end_date", format: "date" },
            },
          ],
        },
        {
          type: "progress-bar",
          label: "Overall progress",
          value: { $bind: "progress", path: "project.progress_percentage" },
          max: 100,
          cap: 100,
        },
        {
          type: "key-value",
          // One line per status the figures count, and their total: nothing left out.
          items: [
            ...TASK_STATUSES.map((status) => ({
              label: fieldLabels(TASK, "status", lists)[status],
              value: {
                $bind: "progress",
                path: `tasks_by_status.${status}`,
                format: "integer" as const,
              },
            })),
            {
              label: "Total",
              value: { $bind: "progress", path: "project.total_tasks", format: "integer" },
            },
          ],
        },
        {
          type: "card",
          title: "Milestones",
          children: [{
            type: "list",
            source: "progress",
            path: "milestones",
            title: { $field: "title" },
            meta: { $field: "due_date", format: "date", fallback: "No date" },
            badge: {
              text: { $field: "status", labels: fieldLabels(TASK, "status", lists) },
              tone: STATUS_TONE,
            },
            emptyText: "No milestones",
          }],
        },
        {
          type: "button",
          label: "Back to your projects",
          action: { kind: "navigate", to: "/client-portal/dashboard" },
          variant: "secondary",
        },
      ],
    },
  }),
};

const portalMessages: ScreenDef = {
  id: "client-portal/messages",
  audience: "portal",
  build: () => ({
    ...head("client-portal/messages", "Messages", "dynamic"),
    sources: {
      messages: {
        method: "POST",
        path: "/portal/messages",
        body: {},
        select: "messages",
        label: "Messages",
        emptyText: "No messages yet",
        refreshMs: 15_000,
      },
    },
    body: {
      type: "page",
      title: "Messages",
      description: "Your conversation with the firm.",
      children: [
        {
          type: "list",
          source: "messages",
          title: { $field: "body" },
          subtitle: { $field: "author_name" },
          meta: { $field: "created_at", format: "relative-time" },
          emptyText: "No messages yet",
        },
        {
          type: "form",
          id: "send-message",
          fields: [{
            name: "body",
            label: "Message *",
            kind: "textarea",
            required: true,
            maxLength: 4000,
            messages: { required: "Write a message" },
          }],
          submit: {
            label: "Send",
            method: "POST",
            path: "/portal/messages/send",
            successText: "Message sent",
            invalidate: ["messages"],
            resetOnSuccess: true,
          },
        },
      ],
    },
  }),
};

const portalProfile: ScreenDef = {
  id: "client-portal/profile",
  audience: "portal",
  build: () => ({
    ...head("client-portal/profile", "Profile", "dynamic"),
    sources: {
      profile: {
        method: "POST",
        path: "/portal/profile",
        body: {},
        label: "Profile",
        critical: true,
      },
    },
    body: {
      type: "page",
      title: "Profile",
      children: [{
        type: "key-value",
        items: [
          { label: "Name", value: { $bind: "profile", path: "user.full_name" } },
          { label: "Email", value: { $bind: "profile", path: "user.email" } },
          { label: "Company", value: { $bind: "profile", path: "client.name" } },
          { label: "Your firm", value: { $bind: "profile", path: "organization.name" } },
          {
            label: "Firm contact",
            value: { $bind: "profile", path: "organization.email", fallback: "—" },
          },
        ],
      }, { type: "button", label: "Sign out", action: { kind: "sign-out" }, variant: "secondary" }],
    },
  }),
};

/** Every portal screen. */
export const PORTAL_SCREENS: ScreenDef[] = [
  portalDashboard,
  portalProject,
  portalMessages,
  portalProfile,
  portalHelp,
  portalInvoices,
  ...PORTAL_PROPOSAL_SCREENS,
];
