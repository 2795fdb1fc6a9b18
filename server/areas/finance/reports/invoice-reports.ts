/**
 * The invoice reports: each report type is a title, its columns and its rows
 * from one figure of `finance/figures/`, with totals. The rows' keys are the
 * columns' keys (nothing else), so the screen's table, its CSV download and the
 * CSV call show the same lines.
 */
import type { z } from "zod";
import type {
  FinanceReport,
  INVOICE_REPORT_TYPES,
  ReportColumn,
} from "../../../../schemas/api/finance-reports.ts";
import type { Queryable } from "../../../db/database.ts";
import { agingByClient } from "../invoices/figures/aging.ts";
import type { FigureReader } from "../../../records/engine/figure-reader.ts";
import { invoicesByClient } from "../invoices/figures/invoices-by-client.ts";
import { money, type Period } from "../invoices/figures/period.ts";
import { revenueByMonth } from "../invoices/figures/revenue-by-month.ts";
import { taxSummary } from "../invoices/tax-summary.ts";

type Report = z.infer<typeof FinanceReport>;
type Column = z.infer<typeof ReportColumn>;
type Row = Report["rows"][number];
export type InvoiceReportType = typeof INVOICE_REPORT_TYPES[number];

const text = (key: string, label: string): Column => ({ key, label, format: "text" });
const count = (key: string, label: string): Column => ({ key, label, format: "integer" });
const amount = (key: string, label: string): Column => ({ key, label, format: "currency" });

/** The sums of a report's amount and count columns. */
export function totalsOf(rows: Row[], columns: Column[]): Record<string, number> {
  return Object.fromEntries(
    columns.filter((c) => c.format === "currency" || c.format === "integer").map((c) => [
      c.key,
      c.format === "currency"
        ? money(rows.reduce((n, r) => n + Number(r[c.key] ?? 0), 0))
        : rows.reduce((n, r) => n + Number(r[c.key] ?? 0), 0),
    ]),
  );
}

/** The rows with exactly the columns' keys, in their order (what the CSV files hold). */
export function projectRows(rows: readonly Row[], columns: readonly Column[]): Row[] {
  return rows.map((r) => Object.fromEntries(columns.map((c) => [c.key, r[c.key] ?? null])));
}

/** Each report type's title and columns (the screens and the CSV read them). */
export const INVOICE_REPORTS: Readonly<
  Record<InvoiceReportType, { title: string; columns: Column[] }>
> = {
  "summary": {
    title: "Invoicing by month",
    columns: [
      text("month", "Month"),
      count("invoices", "Invoices"),
      amount("invoiced", "Invoiced"),
      count("payments", "Payments"),
      amount("collected", "Collected"),
    ],
  },
  "by-month": {
    title: "Invoicing by month",
    columns: [
      text("month", "Month"),
      count("invoices", "Invoices"),
      amount("invoiced", "Invoiced"),
      count("payments", "Payments"),
      amount("collected", "Collected"),
    ],
  },
  "aging": {
    title: "Outstanding by age",
    columns: [
      text("client_name", "Client"),
      count("invoices", "Invoices"),
      amount("days_0_30", "0–30 days"),
      amount("days_31_60", "31–60 days"),
      amount("days_61_90", "61–90 days"),
      amount("days_over_90", "Over 90 days"),
      amount("outstanding", "Outstanding"),
    ],
  },
  "by-client": {
    title: "Invoicing by client",
    columns: [
      text("client_name", "Client"),
      count("invoices", "Invoices"),
      amount("invoiced", "Invoiced"),
      amount("outstanding", "Outstanding"),
      amount("overdue", "Overdue"),
    ],
  },
  "tax-summary": {
    title: "Tax summary",
    columns: [
      text("period", "Month"),
      text("tax_template", "Tax template"),
      count("invoices", "Invoices"),
      amount("taxable_amount", "Taxable amount"),
      amount("tax_amount", "Tax"),
    ],
  },
};

async function rowsOf(
  read: FigureReader,
  q: Queryable,
  organizationId: string,
  type: InvoiceReportType,
  options: Period & { today: string },
): Promise<Row[]> {
  const period = { from: options.from, to: options.to };
  switch (type) {
    case "summary":
    case "by-month":
      return (await revenueByMonth(read, period)).map((r) => ({ ...r }));
    case "aging":
      return (await agingByClient(read, options.today)).map((r) => ({ ...r }));
    case "by-client":
      return (await invoicesByClient(read, period)).map((r) => ({ ...r }));
    case "tax-summary":
      // The tax screen's own query (by month): the months the period touches.
      return (await taxSummary(q, organizationId, period.from.slice(0, 7), period.to.slice(0, 7)))
        .map((r) => ({ ...r }));
  }
}

/** An invoice report of the organisation. */
export async function invoiceReport(
  read: FigureReader,
  q: Queryable,
  organizationId: string,
  type: InvoiceReportType,
  options: Period & { now: string },
): Promise<Report> {
  const today = options.now.slice(0, 10);
  const { title, columns } = INVOICE_REPORTS[type];
  const rows = projectRows(
    await rowsOf(read, q, organizationId, type, { ...options, today }),
    columns,
  );
  return {
    report_type: type,
    title,
    generated_at: options.now,
    // The aging report is a picture of today, whatever the period.
    period: type === "aging" ? { from: today, to: today } : { from: options.from, to: options.to },
    columns,
    rows,
    totals: totalsOf(rows, columns),
  };
}
