/** The printable invoice (`/app/invoices/print/:id`), a record print page (record-print-screen.ts). */
import { recordPrintScreen } from "./record-print-screen.ts";

/** `/app/invoices/print/:id`. */
export const INVOICE_PRINT_SCREEN = recordPrintScreen({
  id: "invoices/print",
  module: "invoices",
  type: "invoice",
  title: "Print invoice",
  label: "Invoice",
  filename: "invoice.pdf",
  back: { label: "Back to the invoice", to: "invoices/{id}" },
});
