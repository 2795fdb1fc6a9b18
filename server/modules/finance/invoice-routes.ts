/**
 * Invoice calls besides the record engine's: the printable invoice (JSON for the
 * print view) and its PDF for whoever may read the invoice; the client portal's
 * list of its client's submitted invoices and their PDFs (never drafts, never
 * another client's: any other id answers 404); and the tax summary by month.
 */
import {
  PortalInvoicesResponse,
  PrintableInvoiceResponse,
  TaxSummaryRequest,
  TaxSummaryResponse,
} from "../../../schemas/api/invoices.ts";
import { PortalEmpty } from "../../../schemas/api/portal.ts";
import type { Database } from "../../db/database.ts";
import type { Access } from "../../platform/access/access.ts";
import { requireAuthorized } from "../../platform/access/authorize.ts";
import { forbidden, notFound } from "../../platform/errors/app-error.ts";
import type { Api } from "../../platform/http/api.ts";
import type { RecordEngine } from "../../records/engine/engine.ts";
import { invoicePdf } from "./invoice-pdf.ts";
import { INVOICE_STATUS_LABELS, invoiceStatusSql } from "./invoice-status.ts";
import { loadPrintableInvoice, type PrintableInvoice } from "./printable-invoice.ts";
import { lastTwelveMonths, taxSummary } from "./tax-summary.ts";
import { roundMoney } from "../../../schemas/money/rounding.ts";

function pdfResponse(invoice: PrintableInvoice, bytes: Uint8Array): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(bytes.length),
      "Content-Disposition": `attachment; filename="${invoice.name}.pdf"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}

/** The portal caller's client, in an organisation that has invoices switched on. */
function portalClient(access: Access): string {
  if (!access.user.client_id) throw forbidden("This account is not linked to a client");
  if (!access.enabledModules.has("invoices")) throw notFound("Invoices");
  return access.user.client_id;
}

/** Declares the invoice print, portal and tax summary endpoints. */
export function invoiceRoutes(
  api: Api,
  db: Database,
  records: RecordEngine,
  clock: () => number,
): void {
  const today = () => new Date(clock()).toISOString().slice(0, 10);

  api.route({
    method: "get",
    path: "/api/records/invoice/:id/printable",
    tag: "Invoices",
    summary: "An invoice as printed (for whoever may read it)",
    audience: "staff",
    response: PrintableInvoiceResponse,
  }, async (c, { access }) => {
    const { record } = await records.get(access, "invoice", c.req.param("id")!);
    const invoice = await loadPrintableInvoice(db, {
      organizationId: access.organizationId,
      id: record.id as string,
      today: today(),
    });
    const { is_return: _r, ...shown } = invoice;
    return c.json({
      invoice: { ...shown, status_label: INVOICE_STATUS_LABELS[invoice.status] ?? invoice.status },
    });
  });

  api.route({
    method: "get",
    path: "/api/records/invoice/:id/pdf",
    tag: "Invoices",
    summary: "An invoice as a PDF (for whoever may read it)",
    audience: "staff",
  }, async (_c, { access }) => {
    const { record } = await records.get(access, "invoice", _c.req.param("id")!);
    const invoice = await loadPrintableInvoice(db, {
      organizationId: access.organizationId,
      id: record.id as string,
      today: today(),
    });
    return pdfResponse(invoice, await invoicePdf(invoice));
  });

  api.route({
    method: "post",
    path: "/portal/invoices",
    reads: true,
    tag: "Client portal",
    summary: "The client's submitted invoices, newest first",
    audience: "portal",
    body: PortalEmpty,
    response: PortalInvoicesResponse,
  }, async (c, { access }) => {
    const clientId = portalClient(access);
    const invoices = await db.all(
      `SELECT i.id, i.name, i.issue_date, i.due_date, i.currency, i.grand_total, i.outstanding,
              ${invoiceStatusSql("i")} AS status
         FROM invoices i
        WHERE i.organization_id = ? AND i.client_id = ? AND i.docstatus = 1
        ORDER BY i.issue_date DESC, i.id DESC
        LIMIT 500`,
      [today(), access.organizationId, clientId],
    );
    return c.json({ invoices });
  });

  api.route({
    method: "get",
    path: "/portal/invoices/:id/pdf",
    tag: "Client portal",
    summary: "One of the client's submitted invoices as a PDF",
    audience: "portal",
  }, async (c, { access }) => {
    const invoice = await loadPrintableInvoice(db, {
      organizationId: access.organizationId,
      id: c.req.param("id")!,
      today: today(),
      clientId: portalClient(access),
    });
    return pdfResponse(invoice, await invoicePdf(invoice));
  });

  api.route({
    method: "post",
    path: "/api/finance/tax-summary",
    reads: true,
    tag: "Tax",
    summary: "Tax collected per tax template and month, from submitted invoices",
    description:
      "Months from `from` to `to` (YYYY-MM, inclusive; the last twelve months by default). Credit notes subtract.",
    audience: "staff",
    body: TaxSummaryRequest,
    response: TaxSummaryResponse,
  }, async (c, { access, body }) => {
    requireAuthorized(access, "tax", "read");
    const range = lastTwelveMonths(today());
    const from = body.from ?? range.from;
    const to = body.to ?? range.to;
    const rows = await taxSummary(db, access.organizationId, from, to);
    const total = roundMoney(rows.reduce((sum, r) => sum + r.tax_amount, 0));
    return c.json({ from, to, rows, total_tax: total });
  });
}
