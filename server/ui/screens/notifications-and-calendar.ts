/**
 * The caller's notifications (mark all read), each linking to its record, and the
 * calendar of task due dates, milestones and project ends. Every figure comes
 * from a data source.
 */
import { screen, type ScreenDef } from "./screen-def.ts";
import { CALENDAR_KIND, NOTIFICATION_CATEGORY } from "../value-labels.ts";
import { fieldLabels, PROJECT_STATUS } from "../record-labels.ts";
import { TASK } from "../../areas/work/types/task.ts";

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
        to: "{+link}",
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

const calendar: ScreenDef = {
  id: "calendar",
  audience: "staff",
  module: "calendar",
  build: ({ lists }) =>
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
        {
          key: "status",
          label: "Status",
          labels: { ...PROJECT_STATUS, ...fieldLabels(TASK, "status", lists) },
        },
      ],
      pageSize: 50,
      emptyText: "Nothing due in the next 30 days",
      defaultSort: { key: "date", direction: "asc" },
    }], "Task due dates, milestones and project ends in the next 30 days."),
};

/** The notifications and calendar screens. */
export const NOTIFICATION_AND_CALENDAR_SCREENS: ScreenDef[] = [notifications, calendar];
