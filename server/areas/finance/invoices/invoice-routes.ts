/**
 * Invoice calls besides the record engine's and its printer's (the printed
 * invoice and its PDF, print-routes.ts): the client portal's
 * list of its client's submitted invoices and their PDFs (never drafts, never
 * another client's: any other id answers 404); and the tax summary by month.
 */
import {
  PortalInvoicesResponse,
  TaxSummaryRequest,
  TaxSummaryResponse,
} from "../../../../schemas/api/invoices.ts";
import { PortalEmpty } from "../../../../schemas/api/portal.ts";
import type { Database } from "../../../db/database.ts";
import type { Access } from "../../../platform/access/access.ts";
import { requireAuthorized } from "../../../platform/access/authorize.ts";
import { portalClientFor } from "../../../platform/access/portal-client.ts";
import type { Api } from "../../../platform/http/api.ts";
import { pdfResponse } from "../../../platform/printing/pdf-response.ts";
import { derivedStatusSql } from "../../../records/engine/derived-status-sql.ts";
import { INVOICE } from "../types/invoice.ts";
import { printedInvoice } from "./printed-invoice.ts";
import { lastTwelveMonths, taxSummary } from "./tax-summary.ts";
import { roundMoney } from "../../../../schemas/money/rounding.ts";

/** The portal caller's client, in an organisation that has invoices switched on. */
const portalClient = (access: Access) => portalClientFor(access, "invoices", "Invoices");

/** Declares the invoice portal and tax summary endpoints. */
export function invoiceRoutes(
  api: Api,
  db: Database,
  clock: () => number,
): void {
  const today = () => new Date(clock()).toISOString().slice(0, 10);

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
