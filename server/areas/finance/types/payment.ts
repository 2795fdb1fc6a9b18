/**
 * A payment received from a client, allocated to that client's open invoices (by
 * hand, or oldest first on submit when no allocation is given); what is not
 * allocated stays on the payment as its unallocated remainder. Submitting applies
 * each allocation to its invoice's outstanding amount and payment status in the
 * same transaction, cancelling takes them back (the finance module's payment rules).
 */
import { defineRecordType } from "../../../records/define.ts";

export const PAYMENT = defineRecordType({
  id: "payment",
  label: "Payment",
  plural: "Payments",
  module: "payments",
  table: "payments",
  naming: { series: "PAY-.YYYY.-.#####" },
  // Not "name": the client takes a type titled by its name as named by the user.
  title_field: "reference",
  search_fields: ["name", "reference"],
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
      id: "date",
      label: "Date",
      type: "date",
      column: "payment_date",
      required: true,
      default: "@today",
      in_list: true,
      filterable: true,
      sortable: true,
    },
    {
      id: "amount",
      label: "Amount",
      type: "currency",
      required: true,
      min: 0.01,
      max: 1_000_000_000,
      in_list: true,
      sortable: true,
    },
    {
      id: "method",
      label: "Method",
      type: "select",
      required: true,
      default: "bank_transfer",
      options: [
        { value: "bank_transfer", label: "Bank transfer" },
        { value: "card", label: "Card" },
        { value: "cash", label: "Cash" },
        { value: "cheque", label: "Cheque" },
        { value: "other", label: "Other" },
      ],
      in_list: true,
      filterable: true,
    },
    { id: "reference", label: "Reference", type: "data", max_length: 140, in_list: true },
    {
      id: "allocations",
      label: "Allocations",
      type: "table",
      description:
        "The client's submitted invoices this payment settles. Leave empty to allocate oldest first on submit.",
      child: {
        table: "payment_allocations",
        row_label: "Allocation",
        parent_column: "payment_id",
        max_rows: 500,
        // What paid an invoice.
        indexes: [{ fields: ["invoice"] }],
        fields: [
          {
            id: "invoice",
            label: "Invoice",
            type: "link",
            link: "invoice",
            column: "invoice_id",
            required: true,
            // The payment's client's submitted invoices that still owe something.
            link_filters: [
              { field: "client", op: "eq", value: { $field: "client" } },
              { field: "docstatus", op: "eq", value: 1 },
              { field: "is_return", op: "eq", value: false },
              { field: "outstanding", op: "gt", value: 0 },
            ],
          },
          {
            id: "amount",
            label: "Amount",
            type: "currency",
            required: true,
            min: 0.01,
            max: 1_000_000_000,
          },
        ],
      },
    },
    {
      id: "allocated_amount",
      label: "Allocated",
      type: "currency",
      computed: { sum: "allocations.amount" },
      in_list: true,
    },
    {
      id: "unallocated_amount",
      label: "Unallocated",
      type: "currency",
      computed: { expression: "amount - allocated_amount" },
      in_list: true,
    },
  ],
  // Revenue collected per month.
  indexes: [{ fields: ["docstatus", "date", "amount"] }],
  list: {
    columns: [
      "name",
      "client",
      "date",
      "amount",
      "method",
      "allocated_amount",
      "unallocated_amount",
    ],
    sort: [{ field: "date", dir: "desc" }],
  },
  form: {
    tabs: [
      {
        id: "details",
        label: "Payment",
        sections: [
          { columns: [["client", "date"], ["amount", "method", "reference"]] },
          { label: "Allocations", columns: [["allocations"]] },
          { columns: [["allocated_amount"], ["unallocated_amount"]] },
        ],
      },
    ],
  },
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
    ],
  },
});
