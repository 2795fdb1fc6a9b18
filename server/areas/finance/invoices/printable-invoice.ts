/**
 * The facts an invoice is printed from: the firm (its record), the client with
 * its billing address and tax number, the numbers and dates, the lines with their
 * item, description and tax, and the totals. One loader for the staff and the
 * portal (the portal passes its client, and sees only submitted invoices);
 * printed-invoice.ts turns them into the printed document.
 */
import type { Queryable } from "../../../db/database.ts";
import { notFound } from "../../../platform/errors/app-error.ts";
import { derivedStatusSql } from "../../../records/engine/derived-status-sql.ts";
import { INVOICE } from "../types/invoice.ts";

/** One printed line. */
export interface PrintedLine {
  description: string;
  item: string | null;
  quantity: number;
  rate: number;
  discount_percent: number;
  tax: string | null;
  net_amount: number;
  tax_amount: number;
  amount: number;
}

/** A printable invoice. */
export interface PrintableInvoice {
  id: string;
  name: string;
  organization: string;
  /** The organisation's own address and contacts, printed when its letterhead has none. */
  organization_address: string;
  organization_email: string;
  organization_phone: string;
  organization_website: string;
  client: string;
  client_billing_address: string;
  client_tax_number: string;
  issue_date: string;
  due_date: string;
  currency: string;
  /** The status shown (Overdue derived against the day it is printed). */
  status: string;
  is_return: boolean;
  return_against: string | null;
  net_total: number;
  tax_total: number;
  grand_total: number;
  paid_amount: number;
  outstanding: number;
  notes: string;
  lines: PrintedLine[];
}

/** Loads an invoice to print; `clientId` confines it to that client's submitted invoices. */
export async function loadPrintableInvoice(
  q: Queryable,
  where: { organizationId: string; id: string; today: string; clientId?: string },
): Promise<PrintableInvoice> {
  const { organizationId, id, clientId } = where;
  const row = await q.get<Omit<PrintableInvoice, "lines" | "is_return"> & { is_return: number }>(
    `SELECT i.id, i.name, o.name AS organization, o.address AS organization_address,
            o.email AS organization_email, o.phone AS organization_phone,
            o.website AS organization_website, c.name AS client,
            COALESCE(c.billing_address, '') AS client_billing_address,
            COALESCE(c.tax_number, '') AS client_tax_number, i.issue_date, i.due_date,
            i.currency, ${
      derivedStatusSql(INVOICE, "i", where.today, q.dialect)
    } AS status, i.is_return, r.name AS return_against,
            i.net_total, i.tax_total, i.grand_total, i.paid_amount, i.outstanding, i.notes
       FROM invoices i
       JOIN organizations o ON o.id = i.organization_id
       LEFT JOIN clients c ON c.organization_id = i.organization_id AND c.id = i.client_id
       LEFT JOIN invoices r ON r.organization_id = i.organization_id AND r.id = i.return_against
      WHERE i.organization_id = ? AND i.id = ?
        AND (CAST(? AS text) IS NULL OR (i.client_id = ? AND i.docstatus = 1))`,
    [organizationId, id, clientId ?? null, clientId ?? null],
  );
  if (!row) throw notFound("Invoice");
  const lines = await q.all<PrintedLine>(
    `SELECT l.description, it.name AS item, l.quantity, l.rate, l.discount_percent,
            t.title AS tax, l.net_amount, l.tax_amount, l.amount
       FROM invoice_lines l
       LEFT JOIN items it ON it.organization_id = l.organization_id AND it.id = l.item_id
       LEFT JOIN tax_templates t ON t.organization_id = l.organization_id AND t.id = l.tax_template_id
      WHERE l.organization_id = ? AND l.invoice_id = ?
      ORDER BY l.idx`,
    [organizationId, id],
  );
  return { ...row, is_return: row.is_return === 1, lines };
}
