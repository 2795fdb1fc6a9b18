/**
 * A lead's enrolment in a nurturing sequence: the step it is at, when that step's
 * mail is due, and whether it is still active, completed (every step sent) or
 * exited (why: its stage changed, it replied, it unsubscribed, or by hand). A lead
 * is enrolled at most once at a time in a sequence: `active_key` holds the lead
 * while the enrolment is active (empty after), and its unique index with the
 * sequence refuses a second active one even when two arrive at once.
 */
import { defineRecordType } from "../../../records/define.ts";

/** Where an enrolment is. */
export const ENROLLMENT_STATES = [
  { value: "active", label: "Active", tone: "info" },
  { value: "completed", label: "Completed", tone: "success" },
  { value: "exited", label: "Exited", tone: "neutral" },
] as const;

/** Why an enrolment ended before its last step. */
export const EXIT_REASONS = [
  { value: "stage_changed", label: "Stage changed", tone: "neutral" },
  { value: "replied", label: "Replied", tone: "success" },
  { value: "unsubscribed", label: "Unsubscribed", tone: "warning" },
  { value: "manual", label: "Taken out by hand", tone: "neutral" },
] as const;

export type ExitReason = typeof EXIT_REASONS[number]["value"];

export const NURTURE_ENROLLMENT = defineRecordType({
  id: "nurture_enrollment",
  label: "Enrolment",
  plural: "Enrolments",
  module: "lead-nurturing",
  table: "nurture_enrollments",
  naming: { series: "NUR-.#####" },
  title_field: "title",
  search_fields: [],
  fields: [
    {
      id: "title",
      label: "Enrolment",
      type: "data",
      read_only: true,
      max_length: 300,
      description: "The lead and the sequence, as the enrolment is called.",
    },
    {
      id: "lead",
      label: "Lead",
      type: "link",
      link: "lead",
      column: "lead_id",
      required: true,
      in_list: true,
      filterable: true,
    },
    {
      id: "sequence",
      label: "Sequence",
      type: "link",
      link: "nurture_sequence",
      column: "sequence_id",
      required: true,
      link_filters: [{ field: "active", op: "eq", value: true }],
      in_list: true,
      filterable: true,
    },
    {
      id: "current_step",
      label: "Step",
      type: "int",
      read_only: true,
      in_list: true,
      sortable: true,
      description: "The step whose mail is sent next (the last sent, once completed).",
    },
    {
      id: "state",
      label: "Status",
      type: "select",
      read_only: true,
      default: "active",
      options: ENROLLMENT_STATES.map((o) => ({ ...o })),
      in_list: true,
      filterable: true,
    },
    {
      id: "exit_reason",
      label: "Exit reason",
      type: "select",
      read_only: true,
      options: EXIT_REASONS.map((o) => ({ ...o })),
      in_list: true,
      filterable: true,
    },
    {
      id: "next_send_at",
      label: "Next mail at",
      type: "datetime",
      read_only: true,
      in_list: true,
      sortable: true,
    },
    {
      id: "enrolled_via",
      label: "Enrolled",
      type: "select",
      read_only: true,
      default: "hand",
      options: [
        { value: "hand", label: "By hand", tone: "neutral" },
        { value: "rule", label: "By the sequence's rule", tone: "info" },
      ],
      in_list: true,
      filterable: true,
    },
    {
      id: "enrolled_by",
      label: "Enrolled by",
      type: "link",
      link: "user",
      column: "enrolled_by",
      read_only: true,
    },
    { id: "exited_at", label: "Ended at", type: "datetime", read_only: true },
    {
      id: "active_key",
      label: "Active lead",
      type: "link",
      link: "lead",
      read_only: true,
      hidden: true,
      description: "The lead while the enrolment is active, empty after: one active per sequence.",
    },
    {
      id: "unsubscribe_token",
      label: "Unsubscribe token",
      type: "data",
      read_only: true,
      hidden: true,
    },
  ],
  unique_together: [["sequence", "active_key"]],
  indexes: [
    // The runner's due mails.
    { fields: ["state", "next_send_at"] },
    { fields: ["unsubscribe_token"] },
  ],
  list: {
    columns: ["current_step", "lead", "sequence", "state", "exit_reason", "next_send_at"],
    // Who is at which step: the active first, by step, then the ended.
    sort: [
      { field: "state", dir: "asc" },
      { field: "current_step", dir: "asc" },
      { field: "created_at", dir: "asc" },
    ],
  },
  form: {
    tabs: [
      {
        id: "details",
        label: "Enrolment",
        sections: [
          { columns: [["lead", "sequence"], ["current_step", "state", "exit_reason"]] },
          { columns: [["next_send_at", "enrolled_via"], ["enrolled_by", "exited_at"]] },
        ],
      },
    ],
  },
  roles: {
    firm_admin: ["read", "create", "export"],
    sales: ["read", "create", "export"],
  },
  form_route: "lead-nurturing/enrollments/:id",
});
