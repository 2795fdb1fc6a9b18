/**
 * The finance figures' calls: the finance dashboard, the invoice reports and the
 * expense report, each as JSON and the reports as CSV files. Each path belongs
 * to its catalogue module (finance-dashboard, reports/invoice-reports,
 * reports/expense-reports), so the module guard asks that module's read
 * permission first; each figure then counts the records the caller's own lists
 * hold (figure-reader.ts). Dates are the server's clock in UTC.
 */
import { z } from "zod";
import {
  FinanceDashboard,
  FinanceDashboardRequest,
  FinanceReport,
  INVOICE_REPORT_TYPES,
  InvoiceReportRequest,
  ReportPeriodRequest,
} from "../../../../schemas/api/finance-reports.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import { invalidInput } from "../../../platform/errors/app-error.ts";
import type { Api } from "../../../platform/http/api.ts";
import { figureReader } from "../../../records/engine/figure-reader.ts";
import { lastMonths, type Period } from "../invoices/figures/period.ts";
import { reportCsv } from "./csv.ts";
import { financeDashboard } from "./dashboard.ts";
import { expenseReport } from "./expense-reports.ts";
import { invoiceReport } from "./invoice-reports.ts";

/** The longest period a report covers (five years), so one call cannot scan without bound. */
export const MAX_REPORT_DAYS = 5 * 366;

/** The period asked for, by default the last 12 months to today. */
function periodOf(request: { from?: string; to?: string }, today: string): Period {
  const to = request.to ?? today;
  const from = request.from ?? lastMonths(to, 12).from;
  if (from > to) {
    throw invalidInput("to must not be before from", { to: "Must not be before from" });
  }
  if (Date.parse(to) - Date.parse(from) > MAX_REPORT_DAYS * 86_400_000) {
    throw invalidInput(`from must be at most ${MAX_REPORT_DAYS} days before to`, {
      from: `At most ${MAX_REPORT_DAYS} days before to`,
    });
  }
  return { from, to };
}

function csvResponse(text: string, fileName: string): Response {
  return new Response(text, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}

const CsvQuery = ReportPeriodRequest;

/** Declares the finance figures' calls. */
export function financeReportRoutes(api: Api, records: RecordEngine): void {
  const db = records.db;
  const now = () => new Date(records.clock()).toISOString();

  api.route(
    {
      method: "post",
      path: "/api/finance/dashboard",
      reads: true,
      tag: "Finance",
      summary: "Revenue, collections, outstanding by age, overdue invoices, expenses and budgets",
      description:
        "revenue_by_month: grand totals of submitted invoices by issue month and amounts of submitted payments by payment month; aging: what unpaid and partly paid invoices owe by days past due (0–30 including not yet due, 31–60, 61–90, 90+); overdue_invoices: the 10 most overdue; expenses_by_category: lines of submitted, approved and paid claims in the period; budgets: approved budgets running today with committed and consumed.",
      audience: "staff",
      body: FinanceDashboardRequest,
      response: FinanceDashboard,
    },
    async (c, { access, body }) =>
      c.json(
        await financeDashboard(figureReader(records, access), db, access.organizationId, {
          now: now(),
          months: body.months,
        }),
      ),
  );

  api.route({
    method: "post",
    path: "/api/finance/reports/invoices",
    reads: true,
    tag: "Finance",
    summary: "An invoice report: summary, aging, by client, by month or tax summary",
    description:
      "rows hold exactly the columns' keys; totals sum the amount and count columns. The aging report is as of today whatever the period.",
    audience: "staff",
    body: InvoiceReportRequest,
    response: FinanceReport,
  }, async (c, { access, body }) => {
    const at = now();
    return c.json(
      await invoiceReport(
        figureReader(records, access),
        db,
        access.organizationId,
        body.report_type,
        {
          ...periodOf(body, at.slice(0, 10)),
          now: at,
        },
      ),
    );
  });

  api.route({
    method: "get",
    path: "/api/finance/reports/invoices/:reportType/csv",
    tag: "Finance",
    summary: "An invoice report as a CSV file (the columns' keys as header)",
    audience: "staff",
    query: CsvQuery,
  }, async (c, { access, query }) => {
    const type = z.enum(INVOICE_REPORT_TYPES).safeParse(c.req.param("reportType"));
    if (!type.success) {
      throw invalidInput(`reportType must be one of ${INVOICE_REPORT_TYPES.join(", ")}`, {
        reportType: `One of ${INVOICE_REPORT_TYPES.join(", ")}`,
      });
    }
    const at = now();
    const report = await invoiceReport(
      figureReader(records, access),
      db,
      access.organizationId,
      type.data,
      {
        ...periodOf(query, at.slice(0, 10)),
        now: at,
      },
    );
    return csvResponse(
      reportCsv(report.columns, report.rows),
      `invoice-report-${type.data}-${report.period.from}-${report.period.to}.csv`,
    );
  });

  api.route({
    method: "post",
    path: "/api/finance/reports/expenses",
    reads: true,
    tag: "Finance",
    summary: "The expense report: claimed, approved and paid by category and by month",
    audience: "staff",
    body: ReportPeriodRequest,
    response: FinanceReport.extend({
      by_month: z.array(z.record(z.string(), z.union([z.string(), z.number()]))),
    }).strict(),
  }, async (c, { access, body }) => {
    const at = now();
    return c.json(
      await expenseReport(figureReader(records, access), {
        ...periodOf(body, at.slice(0, 10)),
        now: at,
      }),
    );
  });

  api.route({
    method: "get",
    path: "/api/finance/reports/expenses/csv",
    tag: "Finance",
    summary: "The expense report by category as a CSV file (the columns' keys as header)",
    audience: "staff",
    query: CsvQuery,
  }, async (_c, { access, query }) => {
    const at = now();
    const report = await expenseReport(figureReader(records, access), {
      ...periodOf(query, at.slice(0, 10)),
      now: at,
    });
    return csvResponse(
      reportCsv(report.columns, report.rows),
      `expense-report-${report.period.from}-${report.period.to}.csv`,
    );
  });
}
