/**
 * Test-only record types for the metadata and screen builders: `sample_job` uses
 * every field type, a child table with a computed total, a workflow with a
 * commented transition, a custom action, a level-1 field, declared views, a
 * related-list panel and a node panel; `sample_contact` is the plain type it links
 * to, with the default form route. They belong to catalogue modules no real record
 * type owns, so tests can add them beside the product's types.
 */
import { defineRecordType, type RecordType } from "../records/define.ts";
import { defineController, type RecordController } from "../records/engine/controller.ts";

/** A type with every field type, a child table, states, transitions and a level-1 field. */
export const SAMPLE_JOB: RecordType = defineRecordType({
  id: "sample_job",
  label: "Job",
  plural: "Jobs",
  module: "milestones",
  naming: { series: "JOB-.YYYY.-.#####" },
  title_field: "title",
  search_fields: ["title", "notes"],
  fields: [
    { id: "title", label: "Title", type: "data", required: true, in_list: true, sortable: true },
    { id: "notes", label: "Notes", type: "long_text", column: "notes_text" },
    { id: "visits", label: "Visits", type: "int", min: 0, max: 99 },
    {
      id: "priority",
      label: "Priority",
      type: "int",
      default: 2,
      options: [{ value: "1", label: "Low" }, { value: "2", label: "Medium" }],
    },
    { id: "hours", label: "Hours", type: "float", precision: 1 },
    { id: "total", label: "Total", type: "currency", computed: { sum: "lines.amount" } },
    { id: "progress", label: "Progress", type: "percent", in_list: true },
    { id: "billable", label: "Billable", type: "check", default: true },
    {
      id: "kind",
      label: "Kind",
      type: "select",
      filterable: true,
      options: [{ value: "repair", label: "Repair", tone: "warning" }, {
        value: "install",
        label: "Install",
      }],
    },
    { id: "category", label: "Category", type: "select", options_from: "job_category" },
    { id: "due_date", label: "Due", type: "date", in_list: true, sortable: true },
    { id: "started_at", label: "Started", type: "datetime" },
    { id: "contact", label: "Contact", type: "link", link: "sample_contact" },
    {
      id: "contact_email",
      label: "Contact email",
      type: "email",
      fetch_from: "contact.email",
    },
    { id: "owner", label: "Owner", type: "link", link: "user", filterable: true },
    {
      id: "lines",
      label: "Lines",
      type: "table",
      child: {
        table: "sample_job_lines",
        fields: [
          { id: "item", label: "Item", type: "data", required: true },
          { id: "amount", label: "Amount", type: "currency" },
          { id: "cost", label: "Cost", type: "currency", level: 1 },
        ],
      },
    },
    { id: "sheet", label: "Sheet", type: "attach" },
    { id: "phone", label: "Phone", type: "phone", visible_if: "kind == 'repair'" },
    { id: "site", label: "Site", type: "url", required_if: "kind == 'install'" },
    {
      id: "margin",
      label: "Margin",
      type: "percent",
      level: 1,
      in_list: true,
      sortable: true,
      read_only_if: "status == 'done'",
    },
  ],
  states: {
    initial: "open",
    list: [
      { id: "open", label: "Open", docstatus: 0 },
      { id: "done", label: "Done", tone: "success", docstatus: 1 },
    ],
    transitions: [
      { action: "finish", label: "Finish", from: ["open"], to: "done", tone: "primary" },
      {
        action: "reopen",
        label: "Reopen",
        from: ["done"],
        to: "open",
        comment: "required",
        confirm: "Reopen this job?",
      },
    ],
  },
  actions: [{ action: "invoice", label: "Invoice" }],
  list: {
    columns: ["title", "due_date", "margin", "progress"],
    sort: [{ field: "margin", dir: "desc" }],
    views: [
      { id: "mine", label: "My jobs", filters: [{ field: "owner", op: "eq", value: "@me" }] },
      {
        id: "due-soon",
        label: "Due soon",
        filters: [{ field: "due_date", op: "lte", value: "@today+7" }],
        sort: [{ field: "due_date", dir: "asc" }],
      },
    ],
  },
  form: {
    tabs: [
      {
        id: "main",
        label: "Job",
        sections: [
          { columns: [["title", "kind", "category", "due_date"], ["owner", "contact"]] },
          { label: "Work", columns: [["visits", "priority", "hours", "progress", "billable"]] },
          { label: "Lines", columns: [["lines", "total"]] },
        ],
      },
      {
        id: "more",
        label: "More",
        sections: [
          { columns: [["notes", "started_at", "contact_email", "sheet", "phone", "site"]] },
        ],
      },
      { id: "money", label: "Money", sections: [{ columns: [["margin"]] }] },
    ],
  },
  panels: [
    { kind: "related", label: "Contacts of this job", type: "sample_contact", field: "job" },
    { kind: "node", label: "Notes", node: { type: "text", text: "Jobs are billed monthly." } },
  ],
  roles: { firm_admin: ["read", "create", "update", "delete", "finish", "reopen", "level1"] },
  form_route: "jobs/:id",
});

/** A plain type: no states, the default form route, the target of the job's link. */
export const SAMPLE_CONTACT: RecordType = defineRecordType({
  id: "sample_contact",
  label: "Contact",
  plural: "Contacts",
  module: "time-tracking",
  naming: { field: "full_name" },
  title_field: "full_name",
  search_fields: ["full_name", "email"],
  fields: [
    { id: "full_name", label: "Name", type: "data", required: true, in_list: true },
    { id: "email", label: "Email", type: "email", in_list: true },
    { id: "job", label: "Job", type: "link", link: "sample_job", filterable: true },
  ],
  list: { columns: ["full_name", "email"], sort: [{ field: "full_name", dir: "asc" }] },
  form: {
    tabs: [{
      id: "main",
      label: "Contact",
      sections: [{ columns: [["full_name"], ["email", "job"]] }],
    }],
  },
  roles: { firm_admin: ["read", "create", "update", "delete"] },
});

/** Both sample types. */
export const SAMPLE_RECORD_TYPES: readonly RecordType[] = [SAMPLE_JOB, SAMPLE_CONTACT];

/** The sample job's controller: its `invoice` action changes nothing but the audit trail. */
export const SAMPLE_CONTROLLERS: readonly RecordController[] = [
  defineController({ type: SAMPLE_JOB, actions: { invoice: () => Promise.resolve() } }),
];
