/**
 * One run of an automation rule (`automation_run`, module `automation/executions`):
 * queued in the transaction of the change that triggered it (or when its time
 * came), claimed by one instance, and carried out action by action. The row is the
 * queue itself: `due_at` says when it may run, `lease_until` when an instance that
 * claimed it is presumed gone, `step` how many of its actions are done (each done
 * in the transaction that records it, so a run taken over after a crash carries on
 * where it stopped and no action is done twice). Only the system writes runs.
 */
import { defineRecordType } from "../../../records/define.ts";
import { RECORD_TYPE_OPTIONS } from "../../../records/declaration.ts";
import { RULE_TRIGGERS } from "./automation-rule.ts";

/** Where a run stands. */
export const RUN_STATUSES = [
  { value: "queued", label: "Queued" },
  { value: "running", label: "Running" },
  { value: "succeeded", label: "Succeeded" },
  { value: "failed", label: "Failed" },
  { value: "skipped", label: "Skipped" },
] as const;

export const AUTOMATION_RUN = defineRecordType({
  id: "automation_run",
  label: "Automation run",
  plural: "Automation runs",
  module: "automation/executions",
  table: "automation_runs",
  naming: { field: "reference" },
  title_field: "reference",
  search_fields: ["reference", "record_name"],
  system_made: true,
  fields: [
    { id: "reference", label: "Run", type: "data", read_only: true, max_length: 40, in_list: true },
    {
      id: "rule",
      label: "Rule",
      type: "link",
      link: "automation_rule",
      read_only: true,
      in_list: true,
      filterable: true,
    },
    {
      id: "record_type",
      label: "Record type",
      type: "select",
      options_from: RECORD_TYPE_OPTIONS,
      read_only: true,
      in_list: true,
      filterable: true,
    },
    {
      id: "record_id",
      label: "Record id",
      type: "data",
      max_length: 64,
      read_only: true,
      filterable: true,
    },
    {
      id: "record_name",
      label: "Record",
      type: "data",
      max_length: 140,
      read_only: true,
      in_list: true,
    },
    {
      id: "trigger",
      label: "Triggered by",
      type: "select",
      options: RULE_TRIGGERS,
      read_only: true,
      in_list: true,
    },
    {
      id: "status",
      label: "Status",
      type: "select",
      options: RUN_STATUSES,
      read_only: true,
      in_list: true,
      filterable: true,
    },
    { id: "due_at", label: "Due", type: "datetime", read_only: true },
    { id: "started_at", label: "Started", type: "datetime", read_only: true, in_list: true },
    { id: "finished_at", label: "Finished", type: "datetime", read_only: true, in_list: true },
    { id: "depth", label: "Depth", type: "int", read_only: true, default: 0 },
    { id: "step", label: "Actions done", type: "int", read_only: true, default: 0 },
    { id: "attempts", label: "Attempts", type: "int", read_only: true, default: 0 },
    { id: "lease_until", label: "Claimed until", type: "datetime", read_only: true, hidden: true },
    {
      id: "run_key",
      label: "Key",
      type: "data",
      max_length: 200,
      read_only: true,
      hidden: true,
      unique: true,
    },
    {
      id: "snapshot",
      label: "Record as deleted",
      type: "long_text",
      max_length: 60000,
      read_only: true,
      hidden: true,
    },
    { id: "error", label: "Error", type: "long_text", max_length: 2000, read_only: true },
    { id: "log", label: "Actions", type: "long_text", max_length: 20000, read_only: true },
  ],
  indexes: [
    { fields: ["status", "due_at"] },
    { fields: ["rule", "started_at"] },
    { fields: ["record_type", "record_id"] },
  ],
  actions: [
    {
      action: "retry",
      label: "Retry",
      tone: "primary",
      condition: { expression: "status == 'failed'", message: "Only a failed run is retried" },
      done: "Queued again",
    },
  ],
  list: {
    columns: ["reference", "rule", "record_type", "record_name", "trigger", "status", "started_at"],
    sort: [{ field: "created_at", dir: "desc" }],
  },
  form: {
    tabs: [{
      id: "details",
      label: "Run",
      sections: [
        {
          columns: [["rule", "record_type", "record_name", "trigger", "status"], [
            "due_at",
            "started_at",
            "finished_at",
            "depth",
            "step",
            "attempts",
          ]],
        },
        { label: "What it did", columns: [["log", "error"]] },
      ],
    }],
  },
  roles: { firm_admin: ["read", "retry"] },
});
