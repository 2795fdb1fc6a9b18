/**
 * A proposal template: the reusable parts of a kind of proposal — its
 * introduction, terms, default lines under their sections, deposit, validity and
 * the project template acceptance starts. A new proposal naming a template takes
 * whatever of these it leaves empty (proposals/proposal-from-template.ts).
 */
import { defineRecordType } from "../../../records/define.ts";
import { PROPOSAL_LINE_FIELDS } from "./proposal.ts";

/** A template's line: a proposal line's own columns, without the figures computed from them. */
const TEMPLATE_LINE_FIELDS = PROPOSAL_LINE_FIELDS.filter((f) =>
  [
    "section",
    "item",
    "description",
    "quantity",
    "rate",
    "discount_percent",
    "tax_template",
    "optional",
  ]
    .includes(f.id)
);

export const PROPOSAL_TEMPLATE = defineRecordType({
  id: "proposal_template",
  label: "Proposal template",
  plural: "Proposal templates",
  module: "proposal-templates",
  table: "proposal_templates",
  naming: { field: "template_name" },
  title_field: "template_name",
  search_fields: ["template_name", "description"],
  fields: [
    {
      id: "template_name",
      label: "Template name",
      type: "data",
      required: true,
      unique: true,
      in_list: true,
      sortable: true,
      example: "Annual support plan",
    },
    { id: "description", label: "Description", type: "data", max_length: 280, in_list: true },
    {
      id: "valid_days",
      label: "Valid for (days)",
      type: "int",
      min: 1,
      max: 365,
      default: 30,
      in_list: true,
    },
    { id: "deposit_percent", label: "Deposit %", type: "percent", min: 0, max: 100 },
    {
      id: "project_template",
      label: "Project template",
      type: "link",
      link: "project_template",
    },
    { id: "introduction", label: "Introduction", type: "long_text", max_length: 10_000 },
    {
      id: "lines",
      label: "Default lines",
      type: "table",
      child: {
        table: "proposal_template_lines",
        row_label: "Line",
        parent_column: "template_id",
        max_rows: 500,
        fields: TEMPLATE_LINE_FIELDS,
      },
    },
    { id: "terms", label: "Terms", type: "long_text", max_length: 10_000 },
    {
      id: "active",
      label: "Active",
      type: "check",
      default: true,
      in_list: true,
      filterable: true,
    },
  ],
  makes: [{
    id: "new_proposal",
    label: "New proposal",
    type: "proposal",
    when: "active",
    values: {
      template: "id",
      introduction: "introduction",
      terms: "terms",
      deposit_percent: "deposit_percent",
      project_template: "project_template",
      valid_until: "add_days(today(), valid_days)",
      lines: {
        each: "lines",
        row: {
          section: "section",
          item: "item",
          description: "description",
          quantity: "quantity",
          rate: "rate",
          discount_percent: "discount_percent",
          tax_template: "tax_template",
          optional: "optional",
        },
      },
    },
  }],
  list: {
    columns: ["template_name", "description", "valid_days", "active"],
    sort: [{ field: "template_name", dir: "asc" }],
  },
  form: {
    tabs: [{
      id: "details",
      label: "Template",
      sections: [
        {
          columns: [["template_name", "description", "active"], [
            "valid_days",
            "deposit_percent",
            "project_template",
          ]],
        },
        { label: "Introduction", columns: [["introduction"]] },
        { label: "Default lines", columns: [["lines"]] },
        { label: "Terms", columns: [["terms"]] },
      ],
    }],
  },
  panels: [{
    kind: "related",
    label: "Proposals",
    type: "proposal",
    field: "template",
    empty_text: "No proposal uses this template yet",
  }],
  roles: {
    firm_admin: ["read", "create", "update", "delete", "export", "import", "level1"],
    sales: ["read", "create", "update", "export"],
    project_manager: ["read"],
  },
  form_route: "proposal-templates/view/:id",
});
