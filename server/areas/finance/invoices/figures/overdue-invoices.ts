/**
 * Overdue invoices: submitted, unpaid or partly paid, due before `today` — the
 * number, what they still owe, and the most overdue ones with their client.
 * Overdue is never stored: this is its one definition in SQL.
 */
import type { Queryable } from "../../../../db/database.ts";
import { OWING_SQL } from "./aging.ts";
import { money } from "./period.ts";

/** One overdue invoice. */
export interface OverdueInvoice {
  id: string;
  name: string;
  client_name: string;
  due_date: string;
  days_overdue: number;
  outstanding: number;
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The count and outstanding of overdue invoices, and the `limit` most overdue. */
export async function overdueInvoices(
  q: Queryable,
  organizationId: string,
  options: { today: string; limit: number },
): Promise<{ count: number; outstanding: number; oldest: OverdueInvoice[] }> {
  const totals = await q.get<{ n: number; amount: number | null }>(
    `SELECT COUNT(*) AS n, SUM(outstanding) AS amount FROM invoices
      WHERE organization_id = ? AND ${OWING_SQL} AND due_date < ?`,
    [organizationId, options.today],
  );
  const rows = await q.all<
    { id: string; name: string; client_name: string | null; due_date: string; outstanding: number }
  >(
    `SELECT i.id, i.name, c.name AS client_name, i.due_date, i.outstanding
       FROM (SELECT id, name, client_id, due_date, outstanding FROM invoices
              WHERE organization_id = ? AND ${OWING_SQL} AND due_date < ?
              ORDER BY due_date, id LIMIT ?) i
       LEFT JOIN clients c ON c.id = i.client_id
      ORDER BY i.due_date, i.id`,
    [organizationId, options.today, options.limit],
  );
  return {
    count: Number(totals?.n ?? 0),
    outstanding: money(totals?.amount),
    oldest: rows.map((r) => ({
      id: r.id,
      name: r.name,
      client_name: r.client_name ?? "No client",
      due_date: r.due_date,
      days_overdue: daysBetween(r.due_date, options.today),
      outstanding: money(r.outstanding),
    })),
  };
}
