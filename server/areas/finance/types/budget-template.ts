/**
 * A budget template: how a budget's amount is shared out over the months of its
 * period (month 0 is the period's first) and, optionally, expense categories.
 * A budget saved with a template and no items gets its items from it.
 */
import { defineRecordType } from "../../../records/define.ts";

export const BUDGET_TEMPLATE = defineRecordType({
  id: "budget_template",
  label: "Budget template",
  plural: "Budget templates",
  module: "budget-templates",
  table: "budget_templates",
  naming: { field: "title" },
  title_field: "title",
  search_fields: ["title"],
  fields: [
    {
      id: "title",
      label: "Title",
      type: "data",
      required: true,
      unique: true,
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
    },
    {
      id: "lines",
      label: "Shares",
      type: "table",
      required: true,
      child: {
        table: "budget_template_lines",
        row_label: "Share",
        parent_column: "budget_template_id",
        max_rows: 240,
        fields: [
          {
            id: "month_offset",
            label: "Month (0 = first)",
            type: "int",
            required: true,
            min: 0,
            max: 11,
          },
          {
            id: "category",
            label: "Category",
            type: "select",
            options_from: "expense_category",
          },
          {
            id: "share_percent",
            label: "Share",
            type: "percent",
            required: true,
            min: 0,
            max: 100,
          },
        ],
      },
    },
    {
      id: "share_total",
      label: "Shares total",
      type: "percent",
      computed: { sum: "lines.share_percent" },
      in_list: true,
    },
  ],
  list: {
    columns: ["title", "scope", "action_on_excess", "share_total"],
    sort: [{ field: "title", dir: "asc" }],
  },
  form: {
    tabs: [
      {
        id: "details",
        label: "Template",
        sections: [
          { columns: [["title", "scope"], ["action_on_excess", "share_total"]] },
          { label: "Shares", columns: [["lines"]] },
        ],
      },
    ],
  },
  roles: {
    firm_admin: ["read", "create", "update", "delete", "export", "import", "level1"],
    finance: ["read", "create", "update", "delete", "export"],
    project_manager: ["read"],
  },
});
