/**
 * A compliance obligation: a filing, renewal or audit the firm must meet by a due
 * date, with the authority it is owed to, its owner and the evidence that it was
 * met. Its state moves by actions (start, complete, waive, reopen), never by
 * editing, so that completion is dated and audited. Completing a recurring
 * obligation creates its next occurrence (the same obligation, due one period
 * later), as a compliance calendar does; the completed one stays as the record.
 * An obligation still open after its due date is overdue (computed on read and
 * in SQL, never stored); its owner is notified once per due date.
 */
import { defineRecordType } from "../../../records/define.ts";

/** Months between two occurrences of a recurring obligation. */
export const RECURRENCE_MONTHS: Readonly<Record<string, number>> = {
  monthly: 1,
  quarterly: 3,
  yearly: 12,
};

/** The states an obligation is still to be met in (it can be overdue). */
export const OPEN_COMPLIANCE_STATUSES = ["open", "in_progress"] as const;

/**
 * `date` (YYYY-MM-DD) plus whole months; a day past the target month's end becomes
 * its last day (31 January + 1 month = 28 or 29 February).
 */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(d, last);
  return `${String(year).padStart(4, "0")}-${String(month + 1).padStart(2, "0")}-${
    String(day).padStart(2, "0")
  }`;
}

const OPEN = "status in ['open', 'in_progress']";

export const COMPLIANCE_ITEM = defineRecordType({
  id: "compliance_item",
  label: "Compliance item",
  plural: "Compliance items",
  module: "compliance",
  table: "compliance_items",
  naming: { series: "CMP-.YYYY.-.#####" },
  title_field: "title",
  search_fields: ["title", "authority", "name"],
  fields: [
    {
      id: "title",
      label: "Obligation",
      type: "data",
      required: true,
      in_list: true,
      sortable: true,
    },
    {
      id: "category",
      label: "Category",
      type: "select",
      required: true,
      default: "tax",
      options: [
        { value: "tax", label: "Tax filing" },
        { value: "payroll", label: "Payroll" },
        { value: "corporate", label: "Corporate filing" },
        { value: "licence", label: "Licence or permit" },
        { value: "data_protection", label: "Data protection" },
        { value: "audit", label: "Audit" },
        { value: "other", label: "Other" },
      ],
      in_list: true,
      filterable: true,
    },
    {
      id: "authority",
      label: "Authority",
      type: "data",
      in_list: true,
      description: "Who the obligation is owed to (tax office, registry, regulator).",
    },
    {
      id: "due_date",
      label: "Due date",
      type: "date",
      required: true,
      in_list: true,
      filterable: true,
      sortable: true,
    },
    {
      id: "recurrence",
      label: "Recurrence",
      type: "select",
      required: true,
      default: "none",
      options: [
        { value: "none", label: "Once" },
        { value: "monthly", label: "Monthly" },
        { value: "quarterly", label: "Quarterly" },
        { value: "yearly", label: "Yearly" },
      ],
      filterable: true,
      description: "Completing a recurring obligation creates its next occurrence.",
    },
    {
      id: "owner",
      label: "Owner",
      type: "link",
      link: "user",
      column: "owner_id",
      default: "@me",
      required: true,
      in_list: true,
      filterable: true,
    },
    {
      id: "status",
      label: "Status",
      type: "select",
      column: "status",
      required: true,
      default: "open",
      read_only: true,
      options: [
        { value: "open", label: "Open", tone: "info" },
        { value: "in_progress", label: "In progress", tone: "warning" },
        { value: "done", label: "Done", tone: "success" },
        { value: "waived", label: "Waived", tone: "neutral" },
      ],
      in_list: true,
      filterable: true,
    },
    { id: "evidence", label: "Evidence", type: "attach" },
    { id: "completed_at", label: "Completed at", type: "datetime", read_only: true },
    { id: "notes", label: "Notes", type: "long_text" },
  ],
  actions: [
    {
      action: "start",
      label: "Start",
      condition: { expression: "status == 'open'", message: "Only an open obligation is started" },
    },
    {
      action: "complete",
      label: "Mark done",
      tone: "primary",
      condition: { expression: OPEN, message: "This obligation is already done or waived" },
    },
    {
      action: "waive",
      label: "Waive",
      tone: "danger",
      comment: "required",
      confirm: "Waive this obligation? It will no longer count as due.",
      condition: { expression: OPEN, message: "This obligation is already done or waived" },
    },
    {
      action: "reopen",
      label: "Reopen",
      condition: {
        expression: "status in ['done', 'waived']",
        message: "Only a done or waived obligation is reopened",
      },
    },
  ],
  indexes: [
    // Open obligations by due date, per organisation and for the daily check across them.
    { fields: ["status", "due_date"] },
    { fields: ["status", "due_date"], across_organizations: true },
  ],
  list: {
    columns: ["name", "title", "category", "authority", "due_date", "owner", "status"],
    sort: [{ field: "due_date", dir: "asc" }],
    views: [
      {
        id: "open",
        label: "Open",
        filters: [{ field: "status", op: "in", value: ["open", "in_progress"] }],
      },
      {
        id: "overdue",
        label: "Overdue",
        filters: [
          { field: "status", op: "in", value: ["open", "in_progress"] },
          { field: "due_date", op: "lt", value: "@today" },
        ],
      },
      { id: "mine", label: "Mine", filters: [{ field: "owner", op: "eq", value: "@me" }] },
    ],
  },
  form: {
    tabs: [{
      id: "details",
      label: "Details",
      sections: [
        {
          label: "Obligation",
          columns: [["title", "category", "authority"], ["due_date", "recurrence", "owner"]],
        },
        { label: "Progress", columns: [["status", "completed_at"], ["evidence"]] },
        { columns: [["notes"]] },
      ],
    }],
  },
  roles: {
    firm_admin: [
      "read",
      "create",
      "update",
      "delete",
      "export",
      "import",
      "start",
      "complete",
      "waive",
      "reopen",
    ],
    finance: ["read", "create", "update", "export", "start", "complete"],
  },
});
