/**
 * The printable invoice (`/app/invoices/print/:id`): the firm and the client, the
 * invoice's number, dates and status in words, its lines with their tax, and the
 * totals with what is paid and outstanding, read from the printable invoice call
 * (whoever may read the invoice). Print opens the browser's print dialog; on paper
 * the app's frame and the buttons are left off (client/styles.css, `@media print`).
 */
import { z } from "zod";
import type { Node, Text } from "../../../schemas/descriptor/mod.ts";
import { INVOICE_PDF_BUTTON } from "../../records/types/invoice.ts";
import { head, type ScreenDef } from "./screen-def.ts";

const SOURCE = "invoice";
const field = (path: string, format?: "date" | "currency"): Text => ({
  $bind: SOURCE,
  path: `invoice.${path}`,
  fallback: "—",
  ...(format ? { format } : {}),
});

const body: Node = {
  type: "page",
  children: [
    {
      type: "stack",
      direction: "row",
      gap: "small",
      children: [
        {
          type: "button",
          label: "Print",
          variant: "primary",
          action: { kind: "print" },
        },
        INVOICE_PDF_BUTTON,
        {
          type: "button",
          label: "Back to the invoice",
          variant: "ghost",
          action: { kind: "navigate", to: "/app/invoices/{id}" },
        },
      ],
    },
    { type: "heading", level: 1, text: field("organization") },
    {
      type: "heading",
      level: 2,
      text: { $bind: SOURCE, path: "invoice.name", fallback: "Invoice" },
    },
    {
      type: "grid",
      columns: 2,
      children: [
        {
          type: "key-value",
          items: [
            { label: "Billed to", value: field("client") },
            { label: "Credit note against", value: field("return_against") },
          ],
        },
        {
          type: "key-value",
          items: [
            { label: "Issued", value: field("issue_date", "date") },
            { label: "Due", value: field("due_date", "date") },
            { label: "Status", value: field("status_label") },
            { label: "Currency", value: field("currency") },
          ],
        },
      ],
    },
    {
      type: "table",
      source: SOURCE,
      path: "invoice.lines",
      caption: "Lines",
      emptyText: "This invoice has no lines",
      pageSize: 500,
      columns: [
        { key: "description", label: "Description" },
        { key: "quantity", label: "Quantity", format: "number", align: "end" },
        { key: "rate", label: "Rate", format: "currency", align: "end" },
        { key: "discount_percent", label: "Discount", format: "percent", align: "end" },
        { key: "tax", label: "Tax", fallback: "—" },
        { key: "net_amount", label: "Net", format: "currency", align: "end" },
        { key: "tax_amount", label: "Tax amount", format: "currency", align: "end" },
        { key: "amount", label: "Amount", format: "currency", align: "end" },
      ],
    },
    {
      type: "key-value",
      items: [
        { label: "Net total", value: field("net_total", "currency") },
        { label: "Tax", value: field("tax_total", "currency") },
        { label: "Grand total", value: field("grand_total", "currency") },
        { label: "Paid", value: field("paid_amount", "currency") },
        { label: "Outstanding", value: field("outstanding", "currency") },
      ],
    },
    { type: "text", variant: "muted", text: field("notes") },
  ],
};

/** `/app/invoices/print/:id`. */
export const INVOICE_PRINT_SCREEN: ScreenDef = {
  id: "invoices/print",
  audience: "staff",
  module: "invoices",
  params: z.object({ id: z.string().min(1).max(64) }).strict(),
  paramsKey: () => "",
  build: () => ({
    ...head("invoices/print", "Print invoice", "static"),
    sources: {
      [SOURCE]: { method: "GET", path: "/api/records/invoice/{id}/printable" },
    },
    body,
  }),
};
