/**
 * A lead activity: a call, meeting, email, note or task with a lead or a client
 * (one of the two is required), on a date, with how long it took, its outcome and
 * the next step with its date. Its owner (the one who logged it, unless changed)
 * is reminded of a next step left undone past its date on the dashboard. Members
 * see only the activities they own or logged.
 */
import { defineRecordType } from "../../../records/define.ts";

/** The kinds of activity, as people read them. */
export const ACTIVITY_TYPES = [
  { value: "call", label: "Call", tone: "info" },
  { value: "meeting", label: "Meeting", tone: "success" },
  { value: "email", label: "Email", tone: "info" },
  { value: "note", label: "Note", tone: "neutral" },
  { value: "task", label: "Task", tone: "warning" },
] as const;

/** How an activity went. */
export const ACTIVITY_OUTCOMES = [
  { value: "positive", label: "Positive", tone: "success" },
  { value: "neutral", label: "Neutral", tone: "neutral" },
  { value: "negative", label: "Negative", tone: "danger" },
  { value: "no_response", label: "No response", tone: "warning" },
] as const;

export const LEAD_ACTIVITY = defineRecordType({
  id: "lead_activity",
  label: "Activity",
  plural: "Activities",
  module: "lead-activity",
  table: "lead_activities",
  naming: { series: "ACT-.#####" },
  title_field: "subject",
  search_fields: ["subject", "notes", "next_step"],
  fields: [
    {
      id: "activity_type",
      label: "Type",
      type: "select",
      required: true,
      default: "call",
      options: ACTIVITY_TYPES.map((o) => ({ ...o })),
      in_list: true,
      filterable: true,
    },
    {
      id: "subject",
      label: "Subject",
      type: "data",
      required: true,
      max_length: 140,
      in_list: true,
      example: "Discovery call",
    },
    {
      id: "lead",
      label: "Lead",
      type: "link",
      link: "lead",
      column: "lead_id",
      required_if: "not is_set(client)",
      in_list: true,
      filterable: true,
      description: "The lead the activity was with; a lead or a client is required.",
    },
    {
      id: "client",
      label: "Client",
      type: "link",
      link: "client",
      column: "client_id",
      in_list: true,
      filterable: true,
      description: "The client the activity was with, when it was not a lead.",
    },
    {
      id: "date",
      label: "Date",
      type: "date",
      column: "activity_date",
      required: true,
      default: "@today",
      in_list: true,
      sortable: true,
    },
    {
      id: "duration_minutes",
      label: "Duration (minutes)",
      type: "int",
      min: 0,
      max: 1440,
    },
    {
      id: "outcome",
      label: "Outcome",
      type: "select",
      options: ACTIVITY_OUTCOMES.map((o) => ({ ...o })),
      in_list: true,
      filterable: true,
    },
    { id: "notes", label: "Notes", type: "long_text" },
    { id: "next_step", label: "Next step", type: "data", max_length: 140, in_list: true },
    {
      id: "next_step_date",
      label: "Next step date",
      type: "date",
      in_list: true,
      sortable: true,
      filterable: true,
    },
    {
      id: "next_step_done",
      label: "Next step done",
      type: "check",
      default: false,
      filterable: true,
      visible_if: "is_set(next_step) or is_set(next_step_date)",
    },
    {
      id: "owner",
      label: "Owner",
      type: "link",
      link: "user",
      column: "owner_id",
      required: true,
      default: "@me",
      in_list: true,
      filterable: true,
    },
  ],
  indexes: [
    // The dashboard's overdue next steps: the owner's undone steps by date.
    { fields: ["owner", "next_step_done", "next_step_date"] },
    // A lead's and a client's timeline, newest first.
    { fields: ["lead", "date"] },
    { fields: ["client", "date"] },
  ],
  list: {
    columns: [
      "date",
      "activity_type",
      "subject",
      "lead",
      "client",
      "outcome",
      "next_step_date",
      "owner",
    ],
    sort: [{ field: "date", dir: "desc" }, { field: "created_at", dir: "desc" }],
    views: [
      {
        id: "mine",
        label: "Mine",
        filters: [{ field: "owner", op: "eq", value: "@me" }],
      },
      {
        id: "overdue",
        label: "Overdue next steps",
        filters: [
          { field: "next_step_date", op: "lt", value: "@today" },
          { field: "next_step_done", op: "eq", value: false },
        ],
        sort: [{ field: "next_step_date", dir: "asc" }],
      },
    ],
  },
  form: {
    tabs: [
      {
        id: "details",
        label: "Activity",
        sections: [
          { columns: [["activity_type", "subject", "date"], ["lead", "client", "owner"]] },
          { label: "What happened", columns: [["duration_minutes", "outcome"], ["notes"]] },
          { label: "Next step", columns: [["next_step", "next_step_date"], ["next_step_done"]] },
        ],
      },
    ],
  },
  roles: {
    firm_admin: ["read", "create", "update", "delete", "export", "import"],
    sales: ["read", "create", "update", "delete", "export", "import"],
    project_manager: ["read"],
    member: ["read"],
  },
  own_records: { roles: ["member"], fields: ["owner", "created_by"] },
});
