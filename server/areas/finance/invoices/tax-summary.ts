/**
 * Tax collected per tax template and month, from submitted invoices (credit
 * notes are submitted with negative amounts, so they subtract), computed in SQL
 * over the invoice lines. Lines without a template show as "No tax".
 */
import type { Queryable } from "../../../db/database.ts";
import { roundMoney } from "../../../../schemas/money/rounding.ts";

/** One month and template. */
export interface TaxSummaryRow {
  period: string;
  tax_template_id: string | null;
  tax_template: string;
  invoices: number;
  taxable_amount: number;
  tax_amount: number;
}

/** The first day of the month after `month` (`YYYY-MM`). */
function monthAfter(month: string): string {
  const [year, m] = month.split("-").map(Number);
  return m === 12 ? `${year + 1}-01-01` : `${year}-${String(m + 1).padStart(2, "0")}-01`;
}

/** The twelve months ending with the month of `today`, as `from` and `to` (`YYYY-MM`). */
export function lastTwelveMonths(today: string): { from: string; to: string } {
  const [year, month] = today.slice(0, 7).split("-").map(Number);
  const start = month === 12 ? `${year}-01` : `${year - 1}-${String(month + 1).padStart(2, "0")}`;
  return { from: start, to: today.slice(0, 7) };
}

/** Tax per template and month between the months `from` and `to` (inclusive). */
export async function taxSummary(
  q: Queryable,
  organizationId: string,
  from: string,
  to: string,
): Promise<TaxSummaryRow[]> {
  const rows = await q.all<TaxSummaryRow>(
    `SELECT substr(i.issue_date, 1, 7) AS period, l.tax_template_id,
            COALESCE(t.title, 'No tax') AS tax_template, COUNT(DISTINCT i.id) AS invoices,
            SUM(l.net_amount) AS taxable_amount, SUM(l.tax_amount) AS tax_amount
       FROM invoices i
       JOIN invoice_lines l ON l.organization_id = i.organization_id AND l.invoice_id = i.id
       LEFT JOIN tax_templates t ON t.organization_id = l.organization_id AND t.id = l.tax_template_id
      WHERE i.organization_id = ? AND i.docstatus = 1 AND i.issue_date >= ? AND i.issue_date < ?
      GROUP BY substr(i.issue_date, 1, 7), l.tax_template_id, t.title
      ORDER BY period DESC, tax_template`,
    [organizationId, `${from}-01`, monthAfter(to)],
  );
  return rows.map((r) => ({
    ...r,
    invoices: Number(r.invoices),
    taxable_amount: roundMoney(Number(r.taxable_amount)),
    tax_amount: roundMoney(Number(r.tax_amount)),
  }));
}
