/**
 * A person's threshold alert on a saved report's number (`report_alert`, module
 * `reports`): "tell me when this report's total goes above (or below) so much".
 * The report must come to one number: aggregates and no groups; with several
 * aggregates, `measure` names the one watched. Each person keeps and sees only
 * their own. The alert is checked with its owner's own permissions whenever a
 * record of the type its report reads changes, and every 15 minutes for reports
 * whose filters move with the date (alerts/alert-watch.ts); it fires once when
 * its condition comes to be met (a notice in the app, and a mail when chosen) and
 * is ready to fire again once it is no longer met.
 */
import { defineRecordType } from "../../../records/define.ts";

/** When an alert's condition is met. */
export const ALERT_CONDITIONS = [
  { value: "above", label: "Goes above" },
  { value: "below", label: "Goes below" },
] as const;

/** Where an alert stands after its last check. */
export const ALERT_STATES = [
  { value: "met", label: "Triggered" },
  { value: "clear", label: "Not triggered" },
] as const;

const OWN_ALERTS = ["read", "create", "update", "delete"];
/** Everyone keeps alerts; each is read as its owner may read the report's records. */
const KEEPERS = ["firm_admin", "project_manager", "sales", "finance", "member"];
/** Each sees only their own alerts; an administrator sees everyone's, as with report mails. */
const CONFINED = ["project_manager", "sales", "finance", "member"];

export const REPORT_ALERT = defineRecordType({
  id: "report_alert",
  label: "Report alert",
  plural: "Report alerts",
  module: "reports",
  table: "report_alerts",
  naming: { series: "RALT-.#####" },
  title_field: "title",
  search_fields: ["title"],
  fields: [
    { id: "title", label: "Name", type: "data", required: true, max_length: 140, in_list: true },
    {
      id: "report",
      label: "Report",
      type: "link",
      link: "report",
      required: true,
      in_list: true,
      filterable: true,
      description: "A report that comes to one number: totals without groups.",
    },
    {
      id: "measure",
      label: "Figure",
      type: "data",
      max_length: 60,
      description: "Which of the report's totals to watch, when it has several.",
    },
    {
      id: "condition",
      label: "Condition",
      type: "select",
      required: true,
      default: "above",
      in_list: true,
      options: ALERT_CONDITIONS,
    },
    { id: "threshold", label: "Threshold", type: "float", required: true, in_list: true },
    {
      id: "by_mail",
      label: "Also by mail",
      type: "check",
      default: false,
      description: "You are always told in the app; tick to be mailed too.",
    },
    { id: "active", label: "Active", type: "check", default: true, in_list: true },
    { id: "last_value", label: "Current value", type: "float", read_only: true, in_list: true },
    {
      id: "last_state",
      label: "State",
      type: "select",
      options: ALERT_STATES,
      read_only: true,
      in_list: true,
    },
    { id: "last_checked_at", label: "Last checked", type: "datetime", read_only: true },
    { id: "last_triggered_at", label: "Last triggered", type: "datetime", read_only: true },
    {
      id: "stopped_reason",
      label: "Not checked because",
      type: "data",
      max_length: 300,
      read_only: true,
    },
  ],
  indexes: [{ fields: ["report"] }],
  list: {
    columns: ["title", "report", "condition", "threshold", "last_value", "last_state", "active"],
    sort: [{ field: "created_at", dir: "desc" }],
  },
  form: {
    tabs: [{
      id: "details",
      label: "Details",
      sections: [{
        columns: [["title", "report", "measure", "condition", "threshold"], [
          "by_mail",
          "active",
          "last_value",
          "last_state",
          "last_checked_at",
          "last_triggered_at",
          "stopped_reason",
        ]],
      }],
    }],
  },
  form_route: "report-alerts/:id",
  roles: Object.fromEntries(KEEPERS.map((role) => [role, OWN_ALERTS])),
  own_records: { roles: CONFINED, fields: ["created_by"] },
});
