/** A client of the firm: the organisation projects are for and portal users belong to. */
import { defineRecordType } from "../../../records/define.ts";

export const CLIENT = defineRecordType({
  id: "client",
  label: "Client",
  plural: "Clients",
  module: "clients",
  table: "clients",
  naming: { field: "name" },
  title_field: "name",
  search_fields: ["name", "email", "industry"],
  fields: [
    {
      id: "name",
      label: "Client name",
      type: "data",
      required: true,
      in_list: true,
      sortable: true,
    },
    { id: "email", label: "Email", type: "email", in_list: true },
    { id: "phone", label: "Phone", type: "phone", in_list: true },
    { id: "industry", label: "Industry", type: "data", in_list: true, filterable: true },
    {
      id: "payment_terms_days",
      label: "Payment terms (days)",
      type: "int",
      default: 30,
      min: 0,
      max: 365,
      description: "Invoices to this client fall due this many days after their issue date.",
    },
    {
      id: "billing_address",
      label: "Billing address",
      type: "long_text",
      max_length: 500,
      description: "Printed under Bill to on this client's invoices.",
    },
    {
      id: "tax_number",
      label: "Tax number",
      type: "data",
      max_length: 40,
      description: "The client's VAT or tax identification number, printed on their invoices.",
    },
    {
      id: "status",
      label: "Status",
      type: "select",
      required: true,
      default: "active",
      options: [
        { value: "active", label: "Active", tone: "success" },
        { value: "inactive", label: "Inactive", tone: "neutral" },
      ],
      in_list: true,
      filterable: true,
    },
  ],
  list: {
    columns: ["name", "email", "phone", "industry", "status"],
    sort: [{ field: "name", dir: "asc" }],
  },
  form: {
    tabs: [
      {
        id: "details",
        label: "Details",
        sections: [
          { columns: [["name", "industry", "status"], ["email", "phone"]] },
          {
            label: "Billing",
            columns: [["billing_address"], ["tax_number", "payment_terms_days"]],
          },
        ],
      },
    ],
  },
  panels: [
    { kind: "related", label: "Projects", type: "project", field: "client" },
    {
      kind: "related",
      label: "Converted leads",
      type: "lead",
      field: "client",
      create: false,
      empty_text: "No leads converted into this client yet",
    },
    {
      kind: "related",
      label: "Activities",
      type: "lead_activity",
      field: "client",
      empty_text: "No activities logged with this client yet",
    },
  ],
  roles: {
    firm_admin: ["read", "create", "update", "delete", "export", "import", "level1"],
    project_manager: ["read", "create", "update", "export"],
    sales: ["read", "create", "update", "export", "import"],
    finance: ["read", "export"],
  },
  // A new client that looks like an existing client or lead is named before it is created.
  create_check: "/api/duplicates/check",
});
