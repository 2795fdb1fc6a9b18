/**
 * Invoice calls besides the record engine's: the printed invoice (the document the
 * printable page draws) and its PDF (the same document drawn as a PDF, named by
 * the invoice's number) for whoever may read the invoice; the client portal's
 * list of its client's submitted invoices and their PDFs (never drafts, never
 * another client's: any other id answers 404); and the tax summary by month.
 */
import {
  PortalInvoicesResponse,
  PrintedInvoiceResponse,
  TaxSummaryRequest,
  TaxSummaryResponse,
} from "../../../../schemas/api/invoices.ts";
import { PortalEmpty } from "../../../../schemas/api/portal.ts";
import type { PrintedDocument } from "../../../../schemas/api/printed-document.ts";
import type { Database } from "../../../db/database.ts";
import type { Access } from "../../../platform/access/access.ts";
import { requireAuthorized } from "../../../platform/access/authorize.ts";
import { forbidden, notFound } from "../../../platform/errors/app-error.ts";
import type { Api } from "../../../platform/http/api.ts";
import { printedDocumentPdf } from "../../../platform/printing/printed-document-pdf.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import { derivedStatusSql } from "../../../records/engine/derived-status-sql.ts";
import { INVOICE } from "../types/invoice.ts";
import { printedInvoice } from "./printed-invoice.ts";
import { lastTwelveMonths, taxSummary } from "./tax-summary.ts";
import { roundMoney } from "../../../../schemas/money/rounding.ts";

/** The PDF of a printed document, downloaded under the document's own file name. */
async function pdfResponse(printed: { document: PrintedDocument; issued: string }) {
  const bytes = await printedDocumentPdf(printed.document, { issued: printed.issued });
  const name = printed.document.file_name;
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(bytes.length),
      "Content-Disposition": `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, "_")}"; ` +
        `filename*=UTF-8''${encodeURIComponent(name)}`,
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
    summary:
      "An invoice as printed: the document its page and its PDF draw (for whoever may read it)",
    audience: "staff",
    response: PrintedInvoiceResponse,
  }, async (c, { access }) => {
    const { record } = await records.get(access, "invoice", c.req.param("id")!);
    const { document } = await printedInvoice(db, {
      organizationId: access.organizationId,
      id: record.id as string,
      today: today(),
    });
    return c.json({ document });
  });

  api.route({
    method: "get",
    path: "/api/records/invoice/:id/pdf",
    tag: "Invoices",
    summary: "An invoice as a PDF named by its number (for whoever may read it)",
    audience: "staff",
  }, async (c, { access }) => {
    const { record } = await records.get(access, "invoice", c.req.param("id")!);
    return await pdfResponse(
      await printedInvoice(db, {
        organizationId: access.organizationId,
        id: record.id as string,
        today: today(),
      }),
    );
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
              ${derivedStatusSql(INVOICE, "i", today(), db.dialect)} AS status
         FROM invoices i
        WHERE i.organization_id = ? AND i.client_id = ? AND i.docstatus = 1
        ORDER BY i.issue_date DESC, i.id DESC
        LIMIT 500`,
      [access.organizationId, clientId],
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
    return await pdfResponse(
      await printedInvoice(db, {
        organizationId: access.organizationId,
        id: c.req.param("id")!,
        today: today(),
        clientId: portalClient(access),
      }),
    );
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
