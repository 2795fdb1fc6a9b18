/**
 * The tax summary of a period: per tax template, the net amounts and the tax of
 * the lines of submitted invoices issued in the period (credit notes' negative
 * lines lower both). Lines without a template are summed as "No tax".
 */
import type { Queryable } from "../../../db/database.ts";
import { money, type Period } from "./period.ts";

/** The tax of one template. */
export interface TaxOfTemplate {
  tax_template_id: string | null;
  tax_template: string;
  lines: number;
  net_amount: number;
  tax_amount: number;
}

/** Net and tax per template of the period, most tax first. */
export async function taxSummary(
  q: Queryable,
  organizationId: string,
  period: Period,
): Promise<TaxOfTemplate[]> {
  const rows = await q.all<
    { id: string | null; title: string | null; n: number; net: number; tax: number }
  >(
    `SELECT s.id, t.title, s.n, s.net, s.tax
       FROM (SELECT l.tax_template_id AS id, COUNT(*) AS n, SUM(l.net_amount) AS net,
                    SUM(l.tax_amount) AS tax
               FROM invoices i JOIN invoice_lines l ON l.invoice_id = i.id
              WHERE i.organization_id = ? AND i.docstatus = 1
                AND i.issue_date >= ? AND i.issue_date <= ?
              GROUP BY l.tax_template_id) s
       LEFT JOIN tax_templates t ON t.id = s.id
      ORDER BY s.tax DESC, t.title, s.id`,
    [organizationId, period.from, period.to],
  );
  return rows.map((r) => ({
    tax_template_id: r.id,
    tax_template: r.id ? r.title ?? r.id : "No tax",
    lines: Number(r.n),
    net_amount: money(r.net),
    tax_amount: money(r.tax),
  }));
}
