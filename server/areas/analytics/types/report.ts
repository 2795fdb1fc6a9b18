/**
 * A saved report (`report`, module `reports`): a query of the engine
 * (schemas/records/query.ts) over one record type, saved under a name with the
 * chart it is drawn as. Each person keeps their own and shares them with roles or
 * with everyone in the organisation (`sharing`); whoever opens one sees it computed
 * with their own permissions, so a shared report never shows what its reader may
 * not read (the prepared-report leak of frappe#6544 and erpnext#36930).
 */
import { RECORD_TYPE_OPTIONS, sharingFields } from "../../../records/declaration.ts";
import { defineRecordType } from "../../../records/define.ts";

/** How a report is drawn. */
export const REPORT_CHARTS = [
  { value: "table", label: "Table" },
  { value: "bar", label: "Bar chart" },
  { value: "line", label: "Line chart" },
  { value: "pie", label: "Pie chart" },
  { value: "number", label: "Number" },
] as const;

/** Everyone may keep reports; each reads what their own permissions let the report read. */
const KEEPS_REPORTS = ["read", "create", "update", "delete", "export"];

export const REPORT = defineRecordType({
  id: "report",
  label: "Report",
  plural: "Reports",
  module: "reports",
  table: "saved_reports",
  naming: { field: "name" },
  title_field: "name",
  search_fields: ["name", "description"],
  fields: [
    { id: "name", label: "Name", type: "data", required: true, in_list: true, sortable: true },
    { id: "description", label: "Description", type: "long_text", max_length: 1_000 },
    {
      id: "record_type",
      label: "Records",
      type: "select",
      options_from: RECORD_TYPE_OPTIONS,
      required: true,
      in_list: true,
      filterable: true,
      description: "The record type the report reads (invoice, lead, task…).",
      example: "invoice",
    },
    {
      id: "definition",
      label: "Query",
      type: "long_text",
      required: true,
      max_length: 20_000,
      description: "Columns, filters, groups, aggregates and sort, as the query call takes them.",
      example: '{"group_by":[{"field":"status"}],"aggregates":[{"fn":"count","as":"count"}]}',
    },
    {
      id: "chart",
      label: "Chart",
      type: "select",
      required: true,
      default: "table",
      in_list: true,
      options: REPORT_CHARTS,
    },
    ...sharingFields("saved_report_roles", "report_id"),
  ],
  sharing: { owner: "created_by", mode: "sharing", roles: "shared_roles" },
  list: {
    columns: ["name", "record_type", "chart", "sharing"],
    sort: [{ field: "name", dir: "asc" }],
  },
  form: {
    tabs: [{
      id: "details",
      label: "Details",
      sections: [
        { columns: [["name", "record_type", "chart"], ["sharing", "description"]] },
        { label: "Shared with roles", columns: [["shared_roles"]] },
        { label: "Query", columns: [["definition"]] },
      ],
    }],
  },
  form_route: "report-builder/:id",
  roles: {
    firm_admin: KEEPS_REPORTS,
    project_manager: KEEPS_REPORTS,
    sales: KEEPS_REPORTS,
    finance: KEEPS_REPORTS,
    member: KEEPS_REPORTS,
  },
});
