/**
 * A budget: money set aside for one project or one expense category over a
 * period, with monthly amounts (items), started from a template when one is
 * chosen, approved by someone with budget approval who did not create it, and an
 * action on excess: "stop" refuses an expense approval that would take it past
 * its amount, "warn" lets it through with a warning. Changed only while a draft
 * (its states say so: pending approval and decided budgets keep their values).
 */
import { defineRecordType } from "../../../records/define.ts";

export const BUDGET = defineRecordType({
  id: "budget",
  label: "Budget",
  plural: "Budgets",
  module: "budget",
  table: "budgets",
  naming: { series: "BUD-.YYYY.-.####" },
  title_field: "title",
  search_fields: ["title", "name"],
  fields: [
    {
      id: "title",
      label: "Title",
      type: "data",
      required: true,
      in_list: true,
      sortable: true,
    },
    {
      id: "scope",
      label: "Budget for",
      type: "select",
      required: true,
      default: "category",
      options: [
        { value: "category", label: "Expense category" },
        { value: "project", label: "A project" },
      ],
      in_list: true,
      filterable: true,
    },
    {
      id: "project",
      label: "Project",
      type: "link",
      link: "project",
      column: "project_id",
      visible_if: "scope == 'project'",
      required_if: "scope == 'project'",
      in_list: true,
      filterable: true,
    },
    {
      id: "category",
      label: "Expense category",
      type: "select",
      options_from: "expense_category",
      visible_if: "scope == 'category'",
      description: "Empty: every expense category (an overall expense budget).",
      in_list: true,
      filterable: true,
    },
    {
      id: "period_start",
      label: "From",
      type: "date",
      required: true,
      example: "2027-01-01",
      in_list: true,
      sortable: true,
    },
    {
      id: "period_end",
      label: "To",
      type: "date",
      required: true,
      example: "2027-12-31",
      in_list: true,
    },
    {
      id: "action_on_excess",
      label: "When exceeded",
      type: "select",
      required: true,
      default: "warn",
      options: [
        { value: "stop", label: "Stop", tone: "danger" },
        { value: "warn", label: "Warn", tone: "warning" },
      ],
      in_list: true,
      filterable: true,
    },
    {
      id: "template",
      label: "Template",
      type: "link",
      link: "budget_template",
      column: "template_id",
      description: "Saving a budget with a template and no items fills the items from it.",
    },
    {
      id: "amount",
      label: "Amount to spread",
      type: "currency",
      min: 0,
      max: 1_000_000_000,
      description: "With a template: the amount its lines share out.",
      visible_if: "is_set(template)",
    },
    {
      id: "items",
      label: "Monthly amounts",
      type: "table",
      child: {
        table: "budget_items",
        row_label: "Monthly amount",
        parent_column: "budget_id",
        max_rows: 600,
        fields: [
          { id: "month", label: "Month", type: "data", required: true, max_length: 7 },
          {
            id: "category",
            label: "Category",
            type: "select",
            options_from: "expense_category",
          },
          { id: "description", label: "Description", type: "data", max_length: 140 },
          {
            id: "amount",
            label: "Amount",
            type: "currency",
            required: true,
            min: 0,
            max: 1_000_000_000,
          },
        ],
      },
    },
    {
      id: "total",
      label: "Total",
      type: "currency",
      computed: { sum: "items.amount" },
      in_list: true,
      sortable: true,
    },
  ],
  // Its organisation may edit from where, by whom and with what comment each step is taken.
  workflow_editable: true,
  states: {
    initial: "draft",
    list: [
      { id: "draft", label: "Draft", tone: "neutral", docstatus: 0 },
      // Waiting for approval, a budget is what its approver decides on: nothing changes.
      {
        id: "pending_approval",
        label: "Pending approval",
        tone: "warning",
        docstatus: 0,
        awaits: { action: "approve" },
        editable: [],
      },
      { id: "approved", label: "Approved", tone: "success", docstatus: 1 },
      { id: "rejected", label: "Rejected", tone: "danger", docstatus: 1 },
    ],
    transitions: [
      {
        action: "submit_for_approval",
        label: "Submit for approval",
        from: ["draft"],
        to: "pending_approval",
        tone: "primary",
        condition: { expression: "total > 0", message: "A budget needs an amount to approve" },
      },
      {
        action: "approve",
        label: "Approve",
        from: ["pending_approval"],
        to: "approved",
        tone: "primary",
        not_by_creator: true,
      },
      {
        action: "reject",
        label: "Reject",
        from: ["pending_approval"],
        to: "rejected",
        tone: "danger",
        comment: "required",
        not_by_creator: true,
      },
      { action: "revise", label: "Revise", from: ["rejected"], to: "draft" },
    ],
  },
  // The budgets in force for a date.
  indexes: [{ fields: ["status", "period_start"] }],
  list: {
    columns: [
      "title",
      "scope",
      "project",
      "category",
      "period_start",
      "action_on_excess",
      "total",
      "status",
    ],
    sort: [{ field: "period_start", dir: "desc" }],
    views: [
      {
        id: "pending-approval",
        label: "Pending approval",
        filters: [{ field: "status", op: "eq", value: "pending_approval" }],
      },
    ],
  },
  form: {
    tabs: [
      {
        id: "details",
        label: "Budget",
        sections: [
          {
            columns: [
              ["title", "scope", "project", "category"],
              ["period_start", "period_end", "action_on_excess"],
            ],
          },
          { label: "From a template", columns: [["template"], ["amount"]] },
          { label: "Monthly amounts", columns: [["items"]] },
          { columns: [["total"]] },
        ],
      },
    ],
  },
  roles: {
    firm_admin: [
      "read",
      "create",
      "update",
      "delete",
      "export",
      "import",
      "submit_for_approval",
      "approve",
      "reject",
      "revise",
      "level1",
    ],
    finance: [
      "read",
      "create",
      "update",
      "delete",
      "export",
      "submit_for_approval",
      "approve",
      "reject",
      "revise",
    ],
    project_manager: ["read", "create", "update", "export", "submit_for_approval", "revise"],
  },
});
