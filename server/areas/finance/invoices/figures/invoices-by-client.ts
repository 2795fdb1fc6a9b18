/**
 * Invoices by client over a period (by issue date): the number of submitted
 * invoices, what they were invoiced for (credit notes lower it), what they still
 * owe and how much of that is overdue on `today`. Largest invoiced first.
 */
import type { Queryable } from "../../../../db/database.ts";
import { OWING_SQL } from "./aging.ts";
import { money, type Period } from "./period.ts";

/** One client's invoicing. */
export interface ClientInvoicing {
  client_id: string | null;
  client_name: string;
  invoices: number;
  invoiced: number;
  outstanding: number;
  overdue: number;
}

/** Invoicing per client of the period. */
export async function invoicesByClient(
  q: Queryable,
  organizationId: string,
  options: Period & { today: string },
): Promise<ClientInvoicing[]> {
  const rows = await q.all<{
    client_id: string | null;
    client_name: string | null;
    n: number;
    invoiced: number;
    outstanding: number;
    overdue: number;
  }>(
    `SELECT a.client_id, c.name AS client_name, a.n, a.invoiced, a.outstanding, a.overdue
       FROM (SELECT client_id, COUNT(*) AS n, SUM(grand_total) AS invoiced,
                    SUM(CASE WHEN ${OWING_SQL} THEN outstanding ELSE 0 END) AS outstanding,
                    SUM(CASE WHEN ${OWING_SQL} AND due_date < ? THEN outstanding ELSE 0 END) AS overdue
               FROM invoices
              WHERE organization_id = ? AND docstatus = 1 AND issue_date >= ? AND issue_date <= ?
              GROUP BY client_id) a
       LEFT JOIN clients c ON c.id = a.client_id
      ORDER BY a.invoiced DESC, client_name, a.client_id`,
    [options.today, organizationId, options.from, options.to],
  );
  return rows.map((r) => ({
    client_id: r.client_id,
    client_name: r.client_name ?? "No client",
    invoices: Number(r.n),
    invoiced: money(r.invoiced),
    outstanding: money(r.outstanding),
    overdue: money(r.overdue),
  }));
}
