/**
 * An automation rule (`automation_rule`, module `automation/rules`): when something
 * happens to a record of one type (its trigger) and its condition holds over the
 * record before and after the change, its actions run in order, with the
 * permissions of its owner (the person who last saved it). Runs are queued in the
 * change's own transaction and carried out after it (rules/rule-queue.ts,
 * rules/rule-runner.ts); each is kept in the run log (`automation_run`).
 */
import { defineRecordType } from "../../../records/define.ts";
import { RECORD_TYPE_OPTIONS } from "../../../records/declaration.ts";

/** What starts a rule. */
export const RULE_TRIGGERS = [
  { value: "created", label: "Record created" },
  { value: "updated", label: "Record updated" },
  { value: "field_changed", label: "Field changed to a value" },
  { value: "state_entered", label: "State entered" },
  { value: "deleted", label: "Record deleted" },
  { value: "date_offset", label: "Before or after a date" },
  { value: "schedule", label: "On a schedule" },
  { value: "manual", label: "Button on the record" },
  { value: "webhook", label: "Incoming webhook" },
] as const;

/** What a rule does, step by step. */
export const RULE_ACTIONS = [
  { value: "set_field", label: "Set fields" },
  { value: "create_record", label: "Create a record" },
  { value: "assign", label: "Assign by rotation" },
  { value: "notify", label: "Notify in the app" },
  { value: "send_email", label: "Send an email" },
  { value: "webhook", label: "Call a webhook" },
  { value: "run_action", label: "Take a record action" },
  { value: "wait", label: "Wait" },
] as const;

/** Units of a date rule's offset. */
export const OFFSET_UNITS = [
  { value: "minutes", label: "Minutes" },
  { value: "hours", label: "Hours" },
  { value: "days", label: "Days" },
] as const;

/** Whether a date rule runs before or after the date. */
export const OFFSET_DIRECTIONS = [
  { value: "before", label: "Before" },
  { value: "after", label: "After" },
] as const;

/** The depth at which a chain of rules triggering rules stops. */
export const MAX_CHAIN_DEPTH = 5;

/** Consecutive failures after which a rule is switched off. */
export const MAX_CONSECUTIVE_FAILURES = 5;

const EVENT = "trigger in ['updated', 'field_changed']";

export const AUTOMATION_RULE = defineRecordType({
  id: "automation_rule",
  label: "Automation rule",
  plural: "Automation rules",
  module: "automation/rules",
  table: "automation_rules",
  naming: { field: "name" },
  title_field: "name",
  search_fields: ["name"],
  fields: [
    {
      id: "name",
      label: "Name",
      type: "data",
      required: true,
      max_length: 140,
      in_list: true,
    },
    {
      id: "record_type",
      label: "Record type",
      type: "select",
      options_from: RECORD_TYPE_OPTIONS,
      required: true,
      in_list: true,
      filterable: true,
      description: "The records this rule watches and acts on.",
    },
    {
      id: "trigger",
      label: "When",
      type: "select",
      options: RULE_TRIGGERS,
      required: true,
      default: "created",
      in_list: true,
      filterable: true,
    },
    {
      id: "watch_fields",
      label: "Only when these fields change",
      type: "data",
      max_length: 500,
      visible_if: EVENT,
      description: "Field ids, separated by commas (for example: stage, value). Empty: any field.",
    },
    {
      id: "from_value",
      label: "From value",
      type: "data",
      max_length: 140,
      visible_if: "trigger == 'field_changed'",
      description: "The value the field had. Empty: any value.",
    },
    {
      id: "to_value",
      label: "To value",
      type: "data",
      max_length: 140,
      visible_if: "trigger in ['field_changed', 'state_entered']",
      required_if: "trigger == 'state_entered'",
      description: "The value the field takes, or the state entered (its id, such as qualified).",
    },
    {
      id: "date_field",
      label: "Date field",
      type: "data",
      max_length: 64,
      visible_if: "trigger == 'date_offset'",
      required_if: "trigger == 'date_offset'",
      description: "The id of the record's date field, such as due_date.",
    },
    {
      id: "offset_amount",
      label: "Offset",
      type: "int",
      min: 0,
      max: 10000,
      default: 0,
      visible_if: "trigger == 'date_offset'",
    },
    {
      id: "offset_unit",
      label: "Unit",
      type: "select",
      options: OFFSET_UNITS,
      default: "days",
      visible_if: "trigger == 'date_offset'",
    },
    {
      id: "offset_direction",
      label: "Before or after",
      type: "select",
      options: OFFSET_DIRECTIONS,
      default: "after",
      visible_if: "trigger == 'date_offset'",
    },
    {
      id: "working_days",
      label: "Count working days only",
      type: "check",
      default: false,
      visible_if: "trigger == 'date_offset' and offset_unit == 'days'",
    },
    {
      id: "schedule",
      label: "Schedule (cron)",
      type: "data",
      max_length: 100,
      visible_if: "trigger == 'schedule'",
      required_if: "trigger == 'schedule'",
      example: "0 9 * * 1-5",
      description:
        "Minute, hour, day of month, month and weekday, in the organisation's time zone.",
    },
    {
      id: "webhook_path",
      label: "Webhook address",
      type: "data",
      max_length: 200,
      read_only: true,
      visible_if: "trigger == 'webhook'",
      description:
        'POST here (after the server\'s address) to run the rule; send {"record_id": "…"} to run it on a record. Keep it secret.',
    },
    {
      id: "condition",
      label: "Only if",
      type: "long_text",
      max_length: 500,
      description:
        "An expression over the record, such as value > 1000 and stage == 'qualified'. before.stage is the value before the change; client.city reads a linked record.",
    },
    {
      id: "active",
      label: "Active",
      type: "check",
      default: true,
      in_list: true,
      filterable: true,
    },
    {
      id: "max_depth",
      label: "Maximum depth",
      type: "int",
      min: 1,
      max: MAX_CHAIN_DEPTH,
      description:
        "Lets a rule that can trigger itself (or another rule) run, up to this many rules deep.",
    },
    {
      id: "rate_limit",
      label: "Runs a minute at most",
      type: "int",
      min: 1,
      max: 100000,
      default: 600,
    },
    {
      id: "owner",
      label: "Runs as",
      type: "link",
      link: "user",
      read_only: true,
      in_list: true,
      description: "The rule's actions run with the permissions of the person who last saved it.",
    },
    { id: "failures", label: "Failures in a row", type: "int", read_only: true, default: 0 },
    {
      id: "stopped_reason",
      label: "Switched off because",
      type: "data",
      max_length: 300,
      read_only: true,
    },
    { id: "rotation", label: "Rotation", type: "int", read_only: true, default: 0, hidden: true },
    { id: "last_run_at", label: "Last run", type: "datetime", read_only: true, in_list: true },
    {
      id: "next_run_at",
      label: "Next run",
      type: "datetime",
      read_only: true,
      visible_if: "trigger == 'schedule'",
    },
    {
      id: "dates_planned",
      label: "Due times planned",
      type: "check",
      read_only: true,
      hidden: true,
      default: false,
    },
    {
      id: "dry_run_result",
      label: "Test result",
      type: "long_text",
      max_length: 20000,
      read_only: true,
    },
    {
      id: "actions",
      label: "Actions",
      type: "table",
      required: true,
      child: {
        table: "automation_rule_actions",
        parent_column: "rule_id",
        max_rows: 20,
        row_label: "Action",
        fields: [
          {
            id: "action",
            label: "Action",
            type: "select",
            options: RULE_ACTIONS,
            required: true,
            example: "notify",
            in_list: true,
          },
          {
            id: "params",
            label: "Settings",
            type: "long_text",
            max_length: 4000,
            default: "{}",
            required: true,
            example: '{"to": ["owner"], "message": "{{ name }} needs a look"}',
            in_list: true,
            description:
              'A JSON object. Set fields: {"values": {"stage": "won"}}. Create a record: {"type": "task", "values": {"title": "Call {{ name }}"}}.',
          },
        ],
      },
    },
  ],
  indexes: [{ fields: ["record_type", "active", "trigger"] }],
  actions: [
    {
      action: "dry_run",
      label: "Test this rule",
      tone: "neutral",
      done: "Tested: see the test result",
    },
  ],
  list: {
    columns: ["name", "record_type", "trigger", "active", "owner", "last_run_at"],
    sort: [{ field: "created_at", dir: "desc" }],
  },
  form: {
    tabs: [{
      id: "details",
      label: "Rule",
      sections: [
        {
          columns: [["name", "record_type", "trigger", "condition", "active"], [
            "watch_fields",
            "from_value",
            "to_value",
            "date_field",
            "offset_amount",
            "offset_unit",
            "offset_direction",
            "working_days",
            "schedule",
            "webhook_path",
          ]],
        },
        { label: "Actions", columns: [["actions"]] },
        {
          label: "Safety",
          columns: [["max_depth", "rate_limit", "owner"], [
            "failures",
            "stopped_reason",
            "last_run_at",
            "next_run_at",
          ]],
        },
        { label: "Test", columns: [["dry_run_result"]] },
      ],
    }],
  },
  roles: { firm_admin: ["read", "create", "update", "delete", "dry_run"] },
});
