/**
 * Overdue invoices: the invoices whose declared status is Overdue (unpaid or
 * partly paid past their due date, types/invoice.ts) — the number, what they
 * still owe, and the most overdue ones with their client. Overdue is never
 * stored: the engine compiles the declared rule to SQL (derived-status-sql.ts),
 * and these are queries of it as the caller (figure-reader.ts).
 */
import type { Filter } from "../../../../../schemas/records/meta.ts";
import type { FigureReader } from "../../../../records/engine/figure-reader.ts";
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

const OVERDUE: Filter[] = [{ field: "status", op: "eq", value: "overdue" }];

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The count and outstanding of overdue invoices, and the `limit` most overdue. */
export async function overdueInvoices(
  read: FigureReader,
  options: { today: string; limit: number },
): Promise<{ count: number; outstanding: number; oldest: OverdueInvoice[] }> {
  if (!read.reads("invoice", "due_date", "outstanding")) {
    return { count: 0, outstanding: 0, oldest: [] };
  }
  const [totals] = await read.all("invoice", {
    filters: OVERDUE,
    aggregates: [{ fn: "count", as: "n" }, { fn: "sum", field: "outstanding", as: "amount" }],
  });
  const oldest = options.limit > 0
    ? await read.first("invoice", {
      columns: ["name", "client", "due_date", "outstanding"],
      // Overdue ones are due before today: said, so the due date's index gives their order.
      filters: [...OVERDUE, { field: "due_date", op: "lt", value: options.today }],
      sort: [{ field: "due_date", dir: "asc" }],
      limit: options.limit,
    })
    : [];
  return {
    count: Number(totals?.n ?? 0),
    outstanding: money(totals?.amount),
    oldest: oldest.map((r) => ({
      id: r.id as string,
      name: r.name as string,
      client_name: (r.client__title as string | undefined) || "No client",
      due_date: r.due_date as string,
      days_overdue: daysBetween(r.due_date as string, options.today),
      outstanding: money(r.outstanding),
    })),
  };
}
