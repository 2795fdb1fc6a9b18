/**
 * An expense claim: a member's lines of spending (date, category from the
 * organisation's expense categories, amount, project, receipt), sent to an
 * approver who is not the claimant. Approval sanctions an amount per line (level
 * 1: what finance decides, defaulting to what was claimed) and commits it against
 * the budgets it falls in; paying it consumes them. Members see only their own
 * claims. A claim is changed only while it is a draft (sanctioned amounts while it
 * waits for approval), as its states declare; the finance module's expense rules
 * hold the approver rule and the budget check.
 */
import { defineRecordType } from "../../../records/define.ts";

export const EXPENSE = defineRecordType({
  id: "expense",
  label: "Expense claim",
  plural: "Expense claims",
  module: "expenses",
  table: "expenses",
  naming: { series: "EXP-.YYYY.-.#####" },
  title_field: "purpose",
  search_fields: ["name", "purpose"],
  fields: [
    {
      id: "purpose",
      label: "Purpose",
      type: "data",
      required: true,
      max_length: 140,
      in_list: true,
    },
    {
      id: "claimant",
      label: "Claimant",
      type: "link",
      link: "user",
      column: "claimant_id",
      required: true,
      default: "@me",
      in_list: true,
      filterable: true,
    },
    {
      id: "approver",
      label: "Approver",
      type: "link",
      link: "user",
      column: "approver_id",
      required: true,
      in_list: true,
      filterable: true,
      description: "Who approves the claim; not the claimant.",
    },
    {
      id: "lines",
      label: "Expenses",
      type: "table",
      child: {
        table: "expense_lines",
        parent_column: "expense_id",
        max_rows: 500,
        // The spend budget actuals sum: by category or project and date, and by date.
        indexes: [
          { fields: ["category", "date"] },
          { fields: ["project", "date"] },
          { fields: ["date", "category", "expense_id", "amount", "sanctioned_amount"] },
        ],
        row_label: "Line",
        fields: [
          {
            id: "date",
            label: "Date",
            type: "date",
            column: "expense_date",
            required: true,
            default: "@today",
          },
          {
            id: "category",
            label: "Category",
            type: "select",
            options_from: "expense_category",
            required: true,
          },
          { id: "description", label: "Description", type: "data", max_length: 140 },
          {
            id: "amount",
            label: "Amount",
            type: "currency",
            required: true,
            min: 0.01,
            max: 10_000_000,
          },
          { id: "project", label: "Project", type: "link", link: "project", column: "project_id" },
          {
            id: "sanctioned_amount",
            label: "Sanctioned",
            type: "currency",
            min: 0,
            max: 10_000_000,
            level: 1,
            description: "What is approved of the line; the amount claimed unless changed.",
          },
          { id: "receipt", label: "Receipt", type: "attach" },
        ],
      },
    },
    {
      id: "total",
      label: "Total claimed",
      type: "currency",
      computed: { sum: "lines.amount" },
      in_list: true,
      sortable: true,
    },
    {
      id: "sanctioned_total",
      label: "Total sanctioned",
      type: "currency",
      computed: { sum: "lines.sanctioned_amount" },
      level: 1,
      in_list: true,
    },
    {
      id: "budget_warning",
      label: "Budget warning",
      type: "long_text",
      read_only: true,
      visible_if: "is_set(budget_warning)",
      description: "Set when approval took a budget that only warns past its amount.",
    },
    { id: "approved_at", label: "Approved at", type: "datetime", read_only: true },
    { id: "paid_at", label: "Paid at", type: "datetime", read_only: true },
  ],
  // Its organisation may edit from where, by whom and with what comment each step is taken.
  workflow_editable: true,
  states: {
    initial: "draft",
    list: [
      { id: "draft", label: "Draft", tone: "neutral", docstatus: 0 },
      // Waiting for approval: the approver may still change what is sanctioned of each line.
      {
        id: "submitted",
        label: "Submitted",
        tone: "info",
        docstatus: 0,
        awaits: { action: "approve", field: "approver" },
        editable: ["lines.sanctioned_amount"],
      },
      { id: "approved", label: "Approved", tone: "success", docstatus: 1 },
      { id: "rejected", label: "Rejected", tone: "danger", docstatus: 1 },
      { id: "paid", label: "Paid", tone: "success", docstatus: 1 },
    ],
    transitions: [
      {
        action: "submit",
        label: "Submit",
        from: ["draft"],
        to: "submitted",
        tone: "primary",
        condition: {
          expression: "approver != claimant",
          message: "The approver cannot be the claimant",
        },
      },
      {
        action: "approve",
        label: "Approve",
        from: ["submitted"],
        to: "approved",
        tone: "primary",
        not_by_creator: true,
        condition: {
          expression: "approver != claimant",
          message: "The approver cannot be the claimant",
        },
      },
      {
        action: "reject",
        label: "Reject",
        from: ["submitted"],
        to: "rejected",
        tone: "danger",
        not_by_creator: true,
        comment: "required",
      },
      {
        action: "mark_paid",
        label: "Mark paid",
        from: ["approved"],
        to: "paid",
        tone: "primary",
        confirm: "Mark this claim as paid?",
      },
    ],
  },
  // Claims by state.
  indexes: [{ fields: ["status"] }],
  list: {
    columns: ["name", "purpose", "claimant", "approver", "status", "total", "sanctioned_total"],
    sort: [{ field: "created_at", dir: "desc" }],
    views: [
      {
        id: "to-approve",
        label: "To approve",
        filters: [{ field: "status", op: "eq", value: "submitted" }],
      },
    ],
  },
  form: {
    tabs: [
      {
        id: "details",
        label: "Claim",
        sections: [
          { columns: [["purpose", "claimant"], ["approver", "budget_warning"]] },
          { label: "Expenses", columns: [["lines"]] },
          { columns: [["total", "sanctioned_total"], ["approved_at", "paid_at"]] },
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
      "submit",
      "approve",
      "reject",
      "mark_paid",
      "level1",
    ],
    finance: [
      "read",
      "create",
      "update",
      "export",
      "submit",
      "approve",
      "reject",
      "mark_paid",
      "level1",
    ],
    project_manager: ["read", "create", "update", "submit", "approve", "reject"],
    sales: ["read", "create", "update", "submit"],
    member: ["read", "create", "update", "submit"],
  },
  own_records: { roles: ["member", "sales"], fields: ["claimant", "created_by"] },
});
