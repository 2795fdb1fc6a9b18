/**
 * A sales invoice (ERPNext Sales Invoice, Odoo customer invoice): a client, issue
 * and due dates (due defaults to issue + the client's payment terms and may be
 * changed, as Odoo's due date from payment terms may), lines with discount
 * and tax, and totals the server computes from the rounded lines. Submitting
 * makes it read-only and opens its balance; payments move `paid_amount`,
 * `outstanding` and `payment_status` (server/areas/finance/invoices/invoice-balance.ts).
 * The status shown is derived on every read: Overdue is an unpaid or partly paid
 * invoice past its due date, so it is never stale. Record payment starts a
 * payment for its client and outstanding amount, allocated to it; its Payments
 * panel lists the payments allocated to it.
 */
import { printPanelNode } from "../../../../schemas/descriptor/print-buttons.ts";
import { defineRecordType } from "../../../records/define.ts";
import { PRICED_LINE_FIGURES, pricedLineInputs } from "./priced-line.ts";

export const INVOICE = defineRecordType({
  id: "invoice",
  label: "Invoice",
  plural: "Invoices",
  module: "invoices",
  table: "invoices",
  naming: { series: "INV-.YYYY.-.#####" },
  title_field: "name",
  search_fields: ["name"],
  submittable: true,
  fields: [
    {
      id: "client",
      label: "Client",
      type: "link",
      link: "client",
      column: "client_id",
      required: true,
      in_list: true,
      filterable: true,
    },
    {
      id: "payment_terms_days",
      label: "Payment terms (days)",
      type: "int",
      hidden: true,
      fetch_from: "client.payment_terms_days",
    },
    {
      id: "issue_date",
      label: "Issue date",
      type: "date",
      required: true,
      default: "@today",
      in_list: true,
      sortable: true,
    },
    {
      id: "due_date",
      label: "Due date",
      type: "date",
      description: "The issue date plus the client's payment terms, unless you change it.",
      required: true,
      in_list: true,
      sortable: true,
      default_formula: "add_days(issue_date, payment_terms_days)",
    },
    {
      id: "currency",
      label: "Currency",
      type: "data",
      read_only: true,
      max_length: 3,
      default: "@organization.currency",
    },
    {
      id: "lines",
      label: "Lines",
      type: "table",
      required: true,
      child: {
        table: "invoice_lines",
        row_label: "Line",
        parent_column: "invoice_id",
        max_rows: 500,
        // Whether a tax template is in use (it may not be deleted while it is).
        indexes: [{ fields: ["tax_template"] }],
        fields: [...pricedLineInputs(), ...PRICED_LINE_FIGURES],
      },
    },
    {
      id: "net_total",
      label: "Net total",
      type: "currency",
      in_list: true,
      computed: { sum: "lines.net_amount" },
    },
    {
      id: "tax_total",
      label: "Tax total",
      type: "currency",
      computed: { sum: "lines.tax_amount" },
    },
    {
      id: "grand_total",
      label: "Grand total",
      type: "currency",
      in_list: true,
      sortable: true,
      computed: { sum: "lines.amount" },
    },
    { id: "paid_amount", label: "Paid", type: "currency", read_only: true },
    {
      id: "outstanding",
      label: "Outstanding",
      type: "currency",
      in_list: true,
      sortable: true,
      computed: { expression: "if(docstatus == 1, grand_total - paid_amount, 0)" },
    },
    {
      id: "payment_status",
      label: "Payment status",
      type: "select",
      read_only: true,
      hidden: true,
      default: "draft",
      filterable: true,
      options: [
        { value: "draft", label: "Draft", tone: "neutral" },
        { value: "unpaid", label: "Unpaid", tone: "warning" },
        { value: "partly_paid", label: "Partly paid", tone: "info" },
        { value: "paid", label: "Paid", tone: "success" },
        { value: "cancelled", label: "Cancelled", tone: "neutral" },
      ],
    },
    { id: "is_return", label: "Credit note", type: "check", read_only: true, filterable: true },
    {
      id: "return_against",
      label: "Credit note against",
      type: "link",
      link: "invoice",
      read_only: true,
    },
    { id: "notes", label: "Notes", type: "long_text", max_length: 2_000 },
  ],
  derived_status: [
    {
      status: "cancelled",
      label: "Cancelled",
      tone: "neutral",
      docstatus: 2,
      when: "docstatus == 2",
    },
    { status: "draft", label: "Draft", tone: "neutral", docstatus: 0, when: "docstatus == 0" },
    { status: "return", label: "Credit note", tone: "info", when: "is_return" },
    { status: "paid", label: "Paid", tone: "success", when: "payment_status == 'paid'" },
    {
      status: "overdue",
      label: "Overdue",
      tone: "danger",
      when: "payment_status in ['unpaid', 'partly_paid'] and due_date < today()",
    },
    {
      status: "partly_paid",
      label: "Partly Paid",
      tone: "info",
      when: "payment_status == 'partly_paid'",
    },
    { status: "unpaid", label: "Unpaid", tone: "warning", when: "payment_status == 'unpaid'" },
  ],
  actions: [{
    action: "credit_note",
    label: "Credit note",
    on_submitted: true,
    condition: { expression: "not is_return", message: "A credit note has no credit note" },
    confirm: "Create a draft credit note for this invoice's lines?",
    done: "credited",
  }],
  makes: [{
    id: "record_payment",
    label: "Record payment",
    type: "payment",
    when: "docstatus == 1 and not is_return and outstanding > 0",
    values: {
      client: "client",
      amount: "outstanding",
      allocations: [{ invoice: "id", amount: "outstanding" }],
    },
  }],
  indexes: [
    // Revenue invoiced per month.
    { fields: ["docstatus", "issue_date", "grand_total"] },
    // What unpaid invoices owe by due date (aging, overdue), and by client (the aging report);
    // docstatus and is_return too, so Overdue's rules (derived_status) are read from the index.
    { fields: ["payment_status", "due_date", "outstanding", "client", "docstatus", "is_return"] },
    { fields: ["client", "payment_status", "due_date", "outstanding"] },
    // The returns made against an invoice.
    { fields: ["return_against"] },
    // The daily overdue check, across organisations.
    { fields: ["payment_status", "due_date"], across_organizations: true },
  ],
  list: {
    columns: ["name", "client", "issue_date", "due_date", "grand_total", "outstanding", "status"],
    sort: [{ field: "issue_date", dir: "desc" }],
    views: [
      {
        id: "unpaid",
        label: "Unpaid",
        filters: [{ field: "payment_status", op: "in", value: ["unpaid", "partly_paid"] }],
      },
      {
        id: "returns",
        label: "Credit notes",
        filters: [{ field: "is_return", op: "eq", value: true }],
      },
    ],
  },
  form: {
    tabs: [{
      id: "details",
      label: "Details",
      sections: [
        {
          columns: [["client", "issue_date", "due_date"], [
            "currency",
            "return_against",
            "is_return",
          ]],
        },
        { label: "Lines", columns: [["lines"]] },
        {
          label: "Totals",
          columns: [["notes"], [
            "net_total",
            "tax_total",
            "grand_total",
            "paid_amount",
            "outstanding",
          ]],
        },
      ],
    }],
  },
  panels: [
    {
      kind: "node",
      label: "Print",
      node: printPanelNode("invoice", "invoices/print", "Printable invoice", "invoice.pdf"),
    },
    {
      kind: "related",
      label: "Payments",
      type: "payment",
      field: "allocations.invoice",
      create: false,
      empty_text: "No payments yet. Record payment on a submitted invoice starts one.",
    },
    {
      kind: "related",
      label: "Credit notes",
      type: "invoice",
      field: "return_against",
      create: false,
      empty_text: "No credit notes yet. Credit note on a submitted invoice drafts one against it.",
    },
  ],
  roles: {
    firm_admin: [
      "read",
      "create",
      "update",
      "delete",
      "export",
      "import",
      "submit",
      "cancel",
      "amend",
      "credit_note",
      "level1",
    ],
    finance: [
      "read",
      "create",
      "update",
      "delete",
      "export",
      "import",
      "submit",
      "cancel",
      "amend",
      "credit_note",
    ],
    project_manager: ["read"],
  },
});
