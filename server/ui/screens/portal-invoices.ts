/**
 * The client portal's invoices: the client's submitted invoices with their
 * status (Overdue derived on read) and a PDF download per invoice; on a phone one
 * card per invoice, its amount, status and Download first.
 */
import { head, type ScreenDef } from "./screen-def.ts";
import { INVOICE_STATUS_LABELS } from "../../areas/finance/invoices/invoice-status.ts";

/** `/client-portal/invoices`. */
export const portalInvoices: ScreenDef = {
  id: "client-portal/invoices",
  audience: "portal",
  build: () => ({
    ...head("client-portal/invoices", "Invoices", "dynamic"),
    sources: {
      invoices: {
        method: "POST",
        path: "/portal/invoices",
        body: {},
        select: "invoices",
        label: "Invoices",
        emptyText: "No invoices yet",
      },
    },
    body: {
      type: "page",
      title: "Invoices",
      description: "Invoices from the firm. Download any of them as a PDF.",
      children: [{
        type: "table",
        source: "invoices",
        columns: [
          { key: "name", label: "Invoice", sortable: true },
          { key: "issue_date", label: "Issued", format: "date", sortable: true },
          { key: "due_date", label: "Due", format: "date", sortable: true },
          { key: "grand_total", label: "Total", format: "currency" },
          { key: "outstanding", label: "Outstanding", format: "currency" },
          {
            key: "status",
            label: "Status",
            labels: INVOICE_STATUS_LABELS,
            tone: {
              $match: {
                value: { $field: "status" },
                cases: {
                  paid: "success",
                  overdue: "danger",
                  partly_paid: "info",
                  unpaid: "warning",
                },
                otherwise: "neutral",
              },
            },
          },
        ],
        emptyText: "No invoices yet",
        // On a phone each invoice is a card: what it is, what it costs, whether it
        // is paid and its PDF come first; the dates follow.
        phone: { first: ["name", "grand_total", "status"] },
        rowActions: [{
          label: "Download PDF",
          action: {
            kind: "download",
            format: "file",
            source: "/portal/invoices/{id}/pdf",
            filename: "{name}.pdf",
          },
        }],
      }],
    },
  }),
};
