/**
 * Invoices by client over a period (by issue date): the number of submitted
 * invoices, what they were invoiced for (credit notes lower it), what they still
 * owe and how much of that is overdue — the invoice's declared Overdue status,
 * as its list shows it. Three grouped queries of the engine as the caller
 * (figure-reader.ts), merged by client. Largest invoiced first.
 */
import type { Filter } from "../../../../../schemas/records/meta.ts";
import type { QueryAggregate } from "../../../../../schemas/records/query.ts";
import type { RecordData } from "../../../../records/engine/record-rows.ts";
import { OWING } from "./aging.ts";
import type { FigureReader } from "../../../../records/engine/figure-reader.ts";
import { money, type Period } from "./period.ts";
import { submittedIn } from "./revenue-by-month.ts";

/** One client's invoicing. */
export interface ClientInvoicing {
  client_id: string | null;
  client_name: string;
  invoices: number;
  invoiced: number;
  outstanding: number;
  overdue: number;
}

/** Aggregates per client of the period's submitted invoices that match `filters`. */
function byClient(
  read: FigureReader,
  period: Period,
  filters: Filter[],
  sums: QueryAggregate[],
): Promise<RecordData[]> {
  return read.all("invoice", {
    filters: [...submittedIn("issue_date", period), ...filters],
    group_by: [{ field: "client" }],
    aggregates: sums,
  });
}

/** Invoicing per client of the period. */
export async function invoicesByClient(
  read: FigureReader,
  period: Period,
): Promise<ClientInvoicing[]> {
  if (!read.reads("invoice", "issue_date", "grand_total", "outstanding", "payment_status")) {
    return [];
  }
  const invoiced = await byClient(read, period, [], [
    { fn: "count", as: "n" },
    { fn: "sum", field: "grand_total", as: "amount" },
  ]);
  const owing = await byClient(read, period, OWING, [
    { fn: "sum", field: "outstanding", as: "amount" },
  ]);
  const overdue = await byClient(read, period, [
    { field: "status", op: "eq", value: "overdue" },
  ], [{ fn: "sum", field: "outstanding", as: "amount" }]);
  const amountOf = (rows: RecordData[]) =>
    new Map(rows.map((r) => [r.client ?? null, Number(r.amount ?? 0)]));
  const owes = amountOf(owing);
  const late = amountOf(overdue);
  return invoiced
    .map((r) => ({
      client_id: (r.client as string | null) ?? null,
      client_name: (r.client__title as string | undefined) || "No client",
      invoices: Number(r.n),
      invoiced: money(r.amount),
      outstanding: money(owes.get(r.client ?? null)),
      overdue: money(late.get(r.client ?? null)),
    }))
    .sort((a, b) =>
      b.invoiced - a.invoiced || a.client_name.localeCompare(b.client_name) ||
      (a.client_id ?? "").localeCompare(b.client_id ?? "")
    );
}
