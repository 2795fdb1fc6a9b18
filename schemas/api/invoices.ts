/** Payloads of the invoice calls besides the record engine's: printed invoice, portal list, tax summary. */
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
