/**
 * A tax template: the taxes an invoice line carries, each a rate that is either
 * included in the line's price or added on top (Odoo's "included in price",
 * ERPNext's "is this tax included in basic rate"). The included and added rates
 * are kept as sums so an invoice line fetches two numbers instead of the rows.
 */
import { defineRecordType } from "../../../records/define.ts";

export const TAX_TEMPLATE = defineRecordType({
  id: "tax_template",
  label: "Tax template",
  plural: "Tax templates",
  module: "tax",
  table: "tax_templates",
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
      id: "rows",
      label: "Taxes",
      type: "table",
      required: true,
      child: {
        table: "tax_template_rows",
        row_label: "Tax",
        parent_column: "tax_template_id",
        max_rows: 10,
        fields: [
          { id: "tax_name", label: "Tax", type: "data", required: true, in_list: true },
          { id: "rate", label: "Rate (%)", type: "percent", min: 0, max: 100, in_list: true },
          { id: "included_in_price", label: "Included in price", type: "check", in_list: true },
          {
            id: "included_rate",
            label: "Included part",
            type: "percent",
            hidden: true,
            computed: { expression: "if(included_in_price, rate, 0)" },
          },
          {
            id: "added_rate",
            label: "Added part",
            type: "percent",
            hidden: true,
            computed: { expression: "if(included_in_price, 0, rate)" },
          },
        ],
      },
    },
    {
      id: "inclusive_rate",
      label: "Included in price (%)",
      type: "percent",
      in_list: true,
      computed: { sum: "rows.included_rate" },
    },
    {
      id: "exclusive_rate",
      label: "Added to price (%)",
      type: "percent",
      in_list: true,
      computed: { sum: "rows.added_rate" },
    },
  ],
  list: {
    columns: ["title", "inclusive_rate", "exclusive_rate"],
    sort: [{ field: "title", dir: "asc" }],
  },
  form: {
    tabs: [{
      id: "details",
      label: "Details",
      sections: [
        { columns: [["title"], ["inclusive_rate", "exclusive_rate"]] },
        { label: "Taxes", columns: [["rows"]] },
      ],
    }],
  },
  roles: {
    firm_admin: ["read", "create", "update", "delete", "export", "import", "level1"],
    finance: ["read", "create", "update", "delete", "export", "import"],
  },
});
