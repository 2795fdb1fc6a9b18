/** Payloads of the invoice calls besides the record engine's: print view, portal list, tax summary. */
import { z } from "zod";

/** The status shown for an invoice (derived: Overdue is computed on read). */
export const InvoiceStatus = z.enum([
  "draft",
  "unpaid",
  "partly_paid",
  "paid",
  "overdue",
  "cancelled",
  "return",
]);

export const PrintedInvoiceLine = z.object({
  description: z.string(),
  item: z.string().nullable(),
  quantity: z.number(),
  rate: z.number(),
  discount_percent: z.number(),
  tax: z.string().nullable(),
  net_amount: z.number(),
  tax_amount: z.number(),
  amount: z.number(),
}).strict();

/** An invoice as printed. */
export const PrintableInvoiceResponse = z.object({
  invoice: z.object({
    id: z.string(),
    name: z.string(),
    organization: z.string(),
    client: z.string().nullable(),
    issue_date: z.string(),
    due_date: z.string(),
    currency: z.string(),
    status: InvoiceStatus,
    status_label: z.string(),
    return_against: z.string().nullable(),
    net_total: z.number(),
    tax_total: z.number(),
    grand_total: z.number(),
    paid_amount: z.number(),
    outstanding: z.number(),
    notes: z.string(),
    lines: z.array(PrintedInvoiceLine),
  }).strict(),
}).strict();

/** One of the client's submitted invoices, as the portal lists it. */
export const PortalInvoice = z.object({
  id: z.string(),
  name: z.string(),
  issue_date: z.string(),
  due_date: z.string(),
  currency: z.string(),
  grand_total: z.number(),
  outstanding: z.number(),
  status: InvoiceStatus,
}).strict();

export const PortalInvoicesResponse = z.object({ invoices: z.array(PortalInvoice) }).strict();

export const TaxSummaryRequest = z.object({
  from: z.string().regex(/^\d{4}-\d{2}$/, "Must be a month (YYYY-MM)").optional(),
  to: z.string().regex(/^\d{4}-\d{2}$/, "Must be a month (YYYY-MM)").optional(),
}).strict();

/** Tax collected per template and month, from submitted invoices (credit notes subtract). */
export const TaxSummaryResponse = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(
    z.object({
      period: z.string(),
      tax_template_id: z.string().nullable(),
      tax_template: z.string(),
      invoices: z.number().int(),
      taxable_amount: z.number(),
      tax_amount: z.number(),
    }).strict(),
  ),
  total_tax: z.number(),
}).strict();
