/** An item of the item master: a product or service the firm sells or buys, with its rate and tax. */
import { defineRecordType } from "../../../records/define.ts";

export const ITEM = defineRecordType({
  id: "item",
  label: "Item",
  plural: "Items",
  module: "item-master",
  table: "items",
  naming: { field: "name" },
  title_field: "name",
  search_fields: ["name", "description"],
  fields: [
    {
      id: "name",
      label: "Item name",
      type: "data",
      required: true,
      unique: true,
      in_list: true,
      sortable: true,
    },
    {
      id: "item_type",
      label: "Type",
      type: "select",
      required: true,
      default: "service",
      options: [
        { value: "product", label: "Product", tone: "info" },
        { value: "service", label: "Service", tone: "neutral" },
      ],
      in_list: true,
      filterable: true,
    },
    { id: "rate", label: "Rate", type: "currency", min: 0, in_list: true, sortable: true },
    {
      id: "unit",
      label: "Unit",
      type: "data",
      default: "each",
      max_length: 20,
      in_list: true,
    },
    {
      id: "tax_rate",
      label: "Tax rate",
      type: "percent",
      min: 0,
      max: 100,
      in_list: true,
    },
    {
      id: "tax_template",
      label: "Tax template",
      type: "link",
      link: "tax_template",
      column: "tax_template_id",
      description: "The taxes an invoice line for this item carries unless changed there.",
    },
    { id: "description", label: "Description", type: "long_text" },
    {
      id: "active",
      label: "Active",
      type: "check",
      default: true,
      in_list: true,
      filterable: true,
      description: "Inactive items are kept for old documents but not offered for new ones.",
    },
  ],
  list: {
    columns: ["name", "item_type", "rate", "unit", "tax_rate", "active"],
    sort: [{ field: "name", dir: "asc" }],
    views: [{
      id: "active",
      label: "Active items",
      filters: [{ field: "active", op: "eq", value: true }],
    }],
  },
  form: {
    tabs: [
      {
        id: "details",
        label: "Details",
        sections: [
          {
            columns: [["name", "item_type", "active"], [
              "rate",
              "unit",
              "tax_rate",
              "tax_template",
            ]],
          },
          { label: "Description", columns: [["description"]] },
        ],
      },
    ],
  },
  roles: {
    firm_admin: ["read", "create", "update", "delete", "export", "import", "level1"],
    finance: ["read", "create", "update", "delete", "export", "import"],
    sales: ["read", "export"],
    project_manager: ["read", "export"],
    member: ["read"],
  },
});
