/**
 * An approval workflow: the ordered steps a project passes before it is approved
 * (issue 14). Each step names who approves it — a role of the organisation (any
 * of its holders) or one person (issue 24) — and may apply only when the
 * project's budget reaches an amount or its risk reaches a level; a step whose
 * condition does not hold is passed over. The enterprise projects module refuses
 * a step no one could approve (approval-workflow-rules.ts).
 */
import { ROLE_OPTIONS } from "../../../records/declaration.ts";
import { defineRecordType } from "../../../records/define.ts";

export const APPROVAL_WORKFLOW = defineRecordType({
  id: "approval_workflow",
  label: "Approval workflow",
  plural: "Approval workflows",
  module: "workflow-management",
  table: "approval_workflows",
  naming: { field: "name" },
  title_field: "name",
  search_fields: ["name", "description"],
  fields: [
    { id: "name", label: "Name", type: "data", required: true, unique: true, in_list: true },
    { id: "description", label: "Description", type: "long_text" },
    {
      id: "active",
      label: "Active",
      type: "check",
      default: true,
      in_list: true,
      filterable: true,
      description: "Only active workflows are offered when a project is submitted.",
    },
    {
      id: "steps",
      label: "Steps",
      type: "table",
      child: {
        table: "approval_workflow_steps",
        row_label: "Step",
        parent_column: "workflow_id",
        max_rows: 20,
        fields: [
          { id: "step_name", label: "Step", type: "data", required: true, in_list: true },
          {
            id: "approver_role",
            label: "Approver role",
            type: "select",
            options_from: ROLE_OPTIONS,
            in_list: true,
            description:
              "Anyone holding this role may approve the step (except whoever submitted the project).",
          },
          {
            id: "approver",
            label: "Approving person",
            type: "link",
            link: "user",
            column: "approver_user_id",
            in_list: true,
            description: "One person who approves the step, instead of a role.",
          },
          {
            id: "min_budget",
            label: "Only from budget",
            type: "currency",
            min: 0,
            in_list: true,
            description: "Applies only to projects whose budget is at least this (0: always).",
          },
          {
            id: "min_risk_level",
            label: "Only from risk",
            type: "select",
            options: [
              { value: "medium", label: "Medium" },
              { value: "high", label: "High" },
              { value: "critical", label: "Critical" },
            ],
            in_list: true,
            description: "Applies only to projects at least this risky (empty: always).",
          },
        ],
      },
    },
  ],
  list: { columns: ["name", "active"], sort: [{ field: "name", dir: "asc" }] },
  form: {
    tabs: [{
      id: "details",
      label: "Details",
      sections: [{ columns: [["name", "active"], ["description"]] }, {
        label: "Steps",
        columns: [["steps"]],
      }],
    }],
  },
  roles: {
    firm_admin: ["read", "create", "update", "delete"],
    project_manager: ["read"],
  },
});
