/**
 * An organisation's own workflow for a record type whose declaration allows one
 * (`workflow`, module `automation/workflows`): the type's declared states stay, and
 * the administrator edits, row by row, from which state each declared transition
 * may be taken, the permission it needs and whether it asks for a comment. A
 * transition with rows is taken only as its allowed rows say (none allowed: it is
 * switched off); one without rows keeps its declared steps. While the workflow is
 * active the engine enforces it (workflows/workflow-source.ts); its form draws the
 * resulting graph. One workflow per record type and organisation.
 */
import { defineRecordType } from "../../../records/define.ts";
import {
  WORKFLOW_PERMISSION_OPTIONS,
  WORKFLOW_STATE_OPTIONS,
  WORKFLOW_TRANSITION_OPTIONS,
  WORKFLOW_TYPE_OPTIONS,
} from "../../../records/declaration.ts";

/** Whether taking a transition asks for a comment. */
export const COMMENT_RULES = [
  { value: "none", label: "No comment" },
  { value: "optional", label: "Comment optional" },
  { value: "required", label: "Comment required" },
] as const;

export const WORKFLOW = defineRecordType({
  id: "workflow",
  label: "Workflow",
  plural: "Workflows",
  module: "automation/workflows",
  table: "workflows",
  naming: { field: "name" },
  title_field: "name",
  search_fields: ["name"],
  fields: [
    {
      id: "name",
      label: "Name",
      type: "data",
      required: true,
      unique: true,
      max_length: 140,
      in_list: true,
    },
    {
      id: "record_type",
      label: "Record type",
      type: "select",
      options_from: WORKFLOW_TYPE_OPTIONS,
      required: true,
      unique: true,
      // The demo keeps a workflow for budgets: one for expense claims is free to make.
      example: "expense",
      in_list: true,
      filterable: true,
      description: "The records that follow this workflow. A record type has one workflow.",
    },
    {
      id: "active",
      label: "In force",
      type: "check",
      default: false,
      in_list: true,
      filterable: true,
      description:
        "While in force, actions on these records follow the steps below; otherwise the product's own.",
    },
    { id: "description", label: "Description", type: "long_text" },
    {
      id: "steps",
      label: "Steps",
      type: "table",
      description:
        "Each row lets a transition be taken from one state. A transition with rows is taken only as its allowed rows say; one without rows keeps the product's steps.",
      child: {
        table: "workflow_steps",
        row_label: "Step",
        parent_column: "workflow_id",
        max_rows: 100,
        fields: [
          {
            id: "transition",
            label: "Transition",
            type: "select",
            options_from: WORKFLOW_TRANSITION_OPTIONS,
            required: true,
            in_list: true,
          },
          {
            id: "from_state",
            label: "From state",
            type: "select",
            options_from: WORKFLOW_STATE_OPTIONS,
            required: true,
            in_list: true,
          },
          {
            id: "permission",
            label: "Needs permission to",
            type: "select",
            options_from: WORKFLOW_PERMISSION_OPTIONS,
            in_list: true,
            description: "Left empty, the transition's own permission.",
          },
          {
            id: "comment",
            label: "Comment",
            type: "select",
            options: COMMENT_RULES,
            in_list: true,
            description: "Left empty, as the product asks.",
          },
          {
            id: "allowed",
            label: "Allowed",
            type: "check",
            default: true,
            in_list: true,
          },
        ],
      },
    },
  ],
  list: {
    columns: ["name", "record_type", "active"],
    sort: [{ field: "name", dir: "asc" }],
  },
  form: {
    tabs: [{
      id: "details",
      label: "Workflow",
      sections: [
        { columns: [["name", "record_type"], ["active", "description"]] },
        { label: "Steps", columns: [["steps"]] },
      ],
    }],
  },
  roles: { firm_admin: ["read", "create", "update", "delete"] },
});
