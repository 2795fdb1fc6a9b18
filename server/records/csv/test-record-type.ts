/** A record type for the CSV tests: one field of each importable kind, a child table and fields an import skips. */
import { defineRecordType } from "../define.ts";

export const CONTACT = defineRecordType({
  id: "csv_contact",
  label: "Contact",
  plural: "Contacts",
  module: "leads",
  naming: { series: "CON-.#####" },
  title_field: "full_name",
  search_fields: ["full_name"],
  fields: [
    { id: "full_name", label: "Full name", type: "data", required: true },
    { id: "notes", label: "Notes", type: "long_text" },
    { id: "email", label: "E-mail", type: "email" },
    { id: "visits", label: "Visits", type: "int" },
    {
      id: "priority",
      label: "Priority",
      type: "int",
      options: [{ value: "1", label: "Low" }, { value: "4", label: "Urgent" }],
    },
    { id: "score", label: "Score", type: "float" },
    { id: "budget", label: "Budget", type: "currency" },
    { id: "discount", label: "Discount", type: "percent" },
    { id: "active", label: "Active", type: "check" },
    {
      id: "stage",
      label: "Stage",
      type: "select",
      options: [{ value: "new", label: "New" }, { value: "won", label: "Closed won" }],
    },
    { id: "source", label: "Source", type: "select", options_from: "lead_source" },
    { id: "born_on", label: "Born on", type: "date" },
    { id: "met_at", label: "Met at", type: "datetime" },
    { id: "company", label: "Company", type: "link", link: "client" },
    { id: "owner", label: "Owner", type: "link", link: "user" },
    { id: "total", label: "Total", type: "currency", computed: { sum: "lines.amount" } },
    { id: "code", label: "Code", type: "data", read_only: true },
    {
      id: "lines",
      label: "Lines",
      type: "table",
      child: {
        table: "csv_contact_lines",
        fields: [{ id: "amount", label: "Amount", type: "currency" }],
      },
    },
  ],
  list: { columns: ["full_name"], sort: [{ field: "full_name", dir: "asc" }] },
  form: { tabs: [{ id: "main", label: "Main", sections: [{ columns: [["full_name"]] }] }] },
  roles: { firm_admin: ["read", "create", "update", "import", "export"] },
});
