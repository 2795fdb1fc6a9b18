/**
 * A person's subscription to a saved report (`report_subscription`, module
 * `reports`): "Email me this report" daily or weekly on a weekday, at an hour in
 * the organisation's time zone (its `timezone` setting, UTC without one). Each
 * person keeps and sees their own; an administrator sees everyone's, to end them. The mail is computed with the subscriber's
 * own permissions when it is sent (subscriptions/report-mailing.ts); the periodic
 * check keeps the period it last handled and, when nothing could be sent, why.
 */
import { defineRecordType } from "../../../records/define.ts";

/** How often a report is mailed. */
export const SUBSCRIPTION_FREQUENCIES = [
  { value: "daily", label: "Daily" },
  { value: "weekly", label: "Weekly" },
] as const;

/** The weekdays a weekly mail goes out on, Monday first (ISO numbering as text). */
export const SUBSCRIPTION_WEEKDAYS = [
  { value: "1", label: "Monday" },
  { value: "2", label: "Tuesday" },
  { value: "3", label: "Wednesday" },
  { value: "4", label: "Thursday" },
  { value: "5", label: "Friday" },
  { value: "6", label: "Saturday" },
  { value: "7", label: "Sunday" },
] as const;

const OWN_SUBSCRIPTIONS = ["read", "create", "update", "delete"];
/** Who keeps only their own; an administrator sees (and may end) everyone's. */
const CONFINED = ["project_manager", "sales", "finance", "member"];

export const REPORT_SUBSCRIPTION = defineRecordType({
  id: "report_subscription",
  label: "Report subscription",
  plural: "Report subscriptions",
  module: "reports",
  table: "report_subscriptions",
  naming: { series: "RSUB-.#####" },
  title_field: "name",
  search_fields: ["name"],
  fields: [
    {
      id: "report",
      label: "Report",
      type: "link",
      link: "report",
      required: true,
      in_list: true,
      filterable: true,
    },
    {
      id: "frequency",
      label: "Frequency",
      type: "select",
      required: true,
      default: "daily",
      in_list: true,
      options: SUBSCRIPTION_FREQUENCIES,
    },
    {
      id: "weekday",
      label: "Weekday",
      type: "select",
      options: SUBSCRIPTION_WEEKDAYS,
      in_list: true,
      visible_if: "frequency == 'weekly'",
      required_if: "frequency == 'weekly'",
    },
    {
      id: "hour",
      label: "Hour",
      type: "int",
      required: true,
      default: 7,
      min: 0,
      max: 23,
      in_list: true,
      description: "The hour of the day (0–23) in the organisation's time zone.",
    },
    {
      id: "note",
      label: "Note",
      type: "data",
      max_length: 200,
      description: "A line of your own at the top of each mail: what you read the report for.",
    },
    {
      id: "last_period",
      label: "Last sent for",
      type: "data",
      max_length: 20,
      read_only: true,
      description: "The day (or week's first day) of the last mail handled.",
    },
    {
      id: "stopped_reason",
      label: "Not sent because",
      type: "data",
      max_length: 300,
      read_only: true,
      in_list: true,
    },
  ],
  indexes: [{ fields: ["report"] }],
  list: {
    columns: ["report", "frequency", "weekday", "hour", "stopped_reason"],
    sort: [{ field: "created_at", dir: "desc" }],
  },
  form: {
    tabs: [{
      id: "details",
      label: "Details",
      sections: [{
        columns: [["report", "frequency", "weekday", "hour"], [
          "note",
          "last_period",
          "stopped_reason",
        ]],
      }],
    }],
  },
  form_route: "report-subscriptions/:id",
  roles: Object.fromEntries(
    ["firm_admin", ...CONFINED].map((role) => [role, OWN_SUBSCRIPTIONS]),
  ),
  own_records: { roles: CONFINED, fields: ["created_by"] },
});
