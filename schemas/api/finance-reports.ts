/**
 * Payloads of the finance figures: the finance dashboard, the invoice reports
 * (summary, aging, by client, by month, tax summary) and the expense report.
 * Every report answers flat `rows` (one object per line, the same keys as its
 * CSV columns) and `totals`.
 */
import { z } from "zod";

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date as YYYY-MM-DD");

/** The invoice report types (`reports/invoice-reports/{reportType}`). */
export const INVOICE_REPORT_TYPES = [
  "summary",
  "aging",
  "by-client",
  "by-month",
  "tax-summary",
] as const;

export const FinanceDashboardRequest = z.object({
  months: z.number().int().min(1).max(24).default(12).describe(
    "how many months (to the current one) revenue and expenses cover",
  ),
}).strict();

const Money = z.number();

const RevenueMonth = z.object({
  month: z.string(),
  invoiced: Money,
  invoices: z.number().int(),
  collected: Money,
  payments: z.number().int(),
}).strict();

const AgeBucket = z.object({
  bucket: z.string(),
  label: z.string(),
  outstanding: Money,
  invoices: z.number().int(),
}).strict();

const OverdueInvoice = z.object({
  id: z.string(),
  name: z.string(),
  client_name: z.string(),
  due_date: z.string(),
  days_overdue: z.number().int(),
  outstanding: Money,
}).strict();

const ExpenseCategory = z.object({
  category: z.string(),
  label: z.string(),
  claimed: Money,
  approved: Money,
  paid: Money,
  lines: z.number().int(),
}).strict();

const BudgetConsumption = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  action_on_excess: z.string(),
  total: Money,
  committed: Money,
  consumed: Money,
  remaining: Money,
  used_percent: z.number().describe("100 × (committed + consumed) / total"),
}).strict();

const Period = z.object({ from: z.string(), to: z.string() }).strict();

export const FinanceDashboard = z.object({
  as_of: z.string(),
  period: Period,
  totals: z.object({
    invoiced: Money,
    collected: Money,
    outstanding: Money,
    overdue_invoices: z.number().int(),
    overdue_outstanding: Money,
    approved_expenses: Money,
  }).strict(),
  revenue_by_month: z.array(RevenueMonth),
  aging: z.array(AgeBucket),
  overdue_invoices: z.array(OverdueInvoice),
  expenses_by_category: z.array(ExpenseCategory),
  budgets: z.array(BudgetConsumption),
}).strict();

export const ReportPeriodRequest = z.object({
  from: IsoDate.optional().describe("first day (default: the first day of 11 months ago)"),
  to: IsoDate.optional().describe("last day (default: today)"),
}).strict();

export const InvoiceReportRequest = ReportPeriodRequest.extend({
  report_type: z.enum(INVOICE_REPORT_TYPES).default("summary"),
}).strict();

export const ReportColumn = z.object({
  key: z.string(),
  label: z.string(),
  format: z.enum(["text", "integer", "currency", "date"]),
}).strict();

const Row = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));

export const FinanceReport = z.object({
  report_type: z.string(),
  title: z.string(),
  generated_at: z.string(),
  period: Period,
  columns: z.array(ReportColumn),
  rows: z.array(Row),
  totals: z.record(z.string(), z.number()),
}).strict();
