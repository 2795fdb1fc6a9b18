/**
 * The Schedule tab of the project form: the optimised schedule (not applied)
 * loads when the tab opens — the end date today and after optimisation, the
 * change in days, the critical path, and each open task's current against its
 * proposed dates with slack, as a timeline chart and as a table — and, for
 * callers who may update projects, an Apply button that asks first and writes
 * the proposed dates.
 */
import type { MembershipAccess } from "../../platform/access/access.ts";
import { authorize } from "../../platform/access/authorize.ts";
import type { RecordFormTab } from "./record-form-tab.ts";

const SOURCE = "optimized_schedule";
const PATH = "/enterprise-projects/{id}/optimize-schedule";
const bind = (path: string, extra: Record<string, string> = {}) => ({
  $bind: SOURCE,
  path,
  fallback: "—",
  ...extra,
});

/** The tab's widgets and its one source. */
export const SCHEDULE_TAB: RecordFormTab = {
  id: "schedule",
  label: "Schedule",
  requires: { module: "projects", action: "read" },
  content: (access: MembershipAccess) => ({
    sources: {
      [SOURCE]: { method: "POST", path: PATH, body: { constraints: {} } },
    },
    children: [
      {
        type: "grid",
        columns: 3,
        children: [
          {
            type: "stat",
            label: "End date today",
            value: bind("end_date_before", { format: "date" }),
          },
          {
            type: "stat",
            label: "End date optimised",
            value: bind("end_date_after", { format: "date" }),
          },
          {
            type: "stat",
            label: "Change (days)",
            value: bind("change_in_days", { format: "integer" }),
          },
        ],
      },
      {
        type: "alert",
        tone: "info",
        title: "Proposal",
        // The optimiser's refusal, with its reason, when estimates or capacities are missing.
        text: {
          $bind: SOURCE,
          path: "refusal.reason",
          fallback: "A schedule is proposed from the open tasks' estimates and capacities.",
        },
      },
      {
        type: "text",
        variant: "muted",
        text:
          "Durations are the remaining estimated hours over the assignee's daily capacity (weekly capacity ÷ 5 × allocation); nobody works on two tasks at once. Critical tasks have no slack: any delay on them moves the end date.",
      },
      {
        type: "timeline-chart",
        source: SOURCE,
        path: "tasks",
        label: "title",
        title: "Today's dates against the proposed schedule",
        sortBy: "proposed_start",
        markToday: true,
        bars: [
          { start: "current_start", end: "current_due", label: "Dates today", tone: "neutral" },
          {
            start: "proposed_start",
            end: "proposed_due",
            label: "Proposed",
            tone: "info",
            emphasis: {
              field: "critical",
              tone: "danger",
              label: "Proposed, on the critical path",
            },
          },
        ],
        emptyText: "No dates proposed",
      },
      {
        type: "table",
        source: SOURCE,
        path: "tasks",
        caption: "Current and proposed dates of the open tasks",
        emptyText: "No dates proposed",
        pageSize: 50,
        defaultSort: { key: "proposed_start", direction: "asc" },
        columns: [
          { key: "title", label: "Task" },
          {
            key: "critical",
            label: "Critical path",
            labels: { true: "Critical", false: "—" },
            tone: {
              $match: {
                value: { $field: "critical" },
                cases: { true: "danger" },
                otherwise: "neutral",
              },
            },
          },
          { key: "current_start", label: "Start today", format: "date", fallback: "—" },
          { key: "current_due", label: "Due today", format: "date", fallback: "—" },
          { key: "proposed_start", label: "Proposed start", format: "date" },
          { key: "proposed_due", label: "Proposed due", format: "date" },
          { key: "duration_days", label: "Working days", format: "integer", align: "end" },
          { key: "slack_days", label: "Slack (days)", format: "integer", align: "end" },
        ],
      },
      ...(authorize(access, "projects", "update")
        ? [{
          type: "button" as const,
          label: "Fill in default estimates (8 hours)",
          variant: "secondary" as const,
          action: {
            kind: "call" as const,
            method: "POST" as const,
            path: "/enterprise-projects/{id}/schedule-defaults",
            body: { estimated_hours: 8 },
            confirm:
              "Give every open task without an estimate 8 estimated hours? Each change is recorded in the task's history.",
            confirmLabel: "Fill in estimates",
            keepLabel: "Go back",
            invalidate: [SOURCE],
            toast: "Default estimates filled in",
          },
        }, {
          type: "button" as const,
          label: "Apply proposed schedule",
          variant: "primary" as const,
          action: {
            kind: "call" as const,
            method: "POST" as const,
            path: PATH,
            body: { constraints: { apply: true } },
            confirm:
              "Write the proposed start and due dates to every open task that is not fixed? Each change is recorded in the task's history.",
            confirmLabel: "Apply schedule",
            keepLabel: "Go back",
            invalidate: [SOURCE],
            toast: "Schedule applied",
          },
        }]
        : []),
    ],
  }),
};
