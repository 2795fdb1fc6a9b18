/**
 * The finance report wrappers: invoice reports (`reports/invoice-reports` and its
 * `{reportType}` variants: aging, by client, by month, tax summary) and the
 * expense report. Each charts its figures, lists them in a table and offers them
 * as a CSV file, whose columns are the rows' keys (as the CSV call's are).
 */
import type { Node, Source } from "../../../schemas/descriptor/mod.ts";
import { INVOICE_REPORT_TYPES } from "../../../schemas/api/finance-reports.ts";
import {
  INVOICE_REPORTS,
  type InvoiceReportType,
} from "../../areas/finance/reports/invoice-reports.ts";
import { EXPENSE_REPORT_COLUMNS } from "../../areas/finance/reports/expense-reports.ts";
import type { ScreenDef } from "./screen-def.ts";
import { reportWrapper } from "./report-wrappers.ts";

type Column = { key: string; label: string; format: "text" | "integer" | "currency" | "date" };

function tableOf(columns: readonly Column[], emptyText: string): Node {
  return {
    type: "table",
    source: "report",
    path: "rows",
    columns: columns.map((c) => ({
      key: c.key,
      label: c.label,
      sortable: true,
      ...(c.format === "text" ? {} : { format: c.format }),
      ...(c.format === "currency" || c.format === "integer" ? { align: "end" as const } : {}),
    })),
    pageSize: 25,
    emptyText,
  };
}

function download(label: string, filename: string): Node {
  return {
    type: "button",
    label,
    variant: "secondary",
    action: { kind: "download", source: "report", path: "rows", filename, format: "csv" },
  };
}

/** The chart of each invoice report type. */
const INVOICE_CHARTS: Record<InvoiceReportType, Node> = {
  "summary": monthly(),
  "by-month": monthly(),
  "aging": {
    type: "bar-chart",
    source: "report",
    path: "rows",
    x: "client_name",
    y: "outstanding",
    title: "Outstanding by client",
    tone: "warning",
    emptyText: "Nothing outstanding",
  },
  "by-client": {
    type: "bar-chart",
    source: "report",
    path: "rows",
    x: "client_name",
    y: "invoiced",
    title: "Invoiced by client",
    emptyText: "No invoices in this period",
  },
  "tax-summary": {
    type: "bar-chart",
    source: "report",
    path: "rows",
    x: "tax_template",
    y: "tax_amount",
    title: "Tax by template",
    emptyText: "No taxed invoices in this period",
  },
};

function monthly(): Node {
  return {
    type: "line-chart",
    source: "report",
    path: "rows",
    x: "month",
    series: [
      { key: "invoiced", label: "Invoiced", tone: "info" },
      { key: "collected", label: "Collected", tone: "success" },
    ],
    title: "Invoiced and collected per month",
    labelEvery: 2,
    emptyText: "No invoices or payments in this period",
  };
}

const VARIANT_LINKS: Node = {
  type: "stack",
  direction: "row",
  gap: "medium",
  children: [
    { type: "link", text: "Summary", to: "/app/reports/invoice-reports" },
    { type: "link", text: "Aging", to: "/app/reports/invoice-reports/aging" },
    { type: "link", text: "By client", to: "/app/reports/invoice-reports/by-client" },
    { type: "link", text: "By month", to: "/app/reports/invoice-reports/by-month" },
    { type: "link", text: "Tax summary", to: "/app/reports/invoice-reports/tax-summary" },
  ],
};

function isInvoiceReport(type: string): type is InvoiceReportType {
  return (INVOICE_REPORT_TYPES as readonly string[]).includes(type);
}

const invoiceReports: ScreenDef = {
  id: "reports/invoice-reports",
  audience: "staff",
  module: "reports/invoice-reports",
  build: (ctx) => {
    const type = ctx.params.reportType ?? "summary";
    if (!isInvoiceReport(type)) {
      return reportWrapper("reports/invoice-reports", ctx, {}, [VARIANT_LINKS, {
        type: "empty-state",
        title: "No such invoice report",
        text: "Choose one of the invoice reports above.",
      }]);
    }
    const report = INVOICE_REPORTS[type];
    const source: Source = {
      method: "POST",
      path: "/api/finance/reports/invoices",
      body: { report_type: type },
      label: report.title,
      errorText: "Could not load the report",
    };
    return reportWrapper("reports/invoice-reports", ctx, { report: source }, [
      VARIANT_LINKS,
      { type: "heading", text: report.title, level: 2 },
      {
        type: "text",
        variant: "muted",
        text: { $bind: "report", path: "period.to", format: "date", prefix: "Up to " },
      },
      { type: "card", children: [INVOICE_CHARTS[type]] },
      download("Download CSV", `invoice-report-${type}.csv`),
      tableOf(report.columns, "Nothing to report for this period"),
    ], { typeLabel: report.title });
  },
};

const expenseReports: ScreenDef = {
  id: "reports/expense-reports",
  audience: "staff",
  module: "reports/expense-reports",
  build: (ctx) =>
    reportWrapper("reports/expense-reports", ctx, {
      report: {
        method: "POST",
        path: "/api/finance/reports/expenses",
        body: {},
        label: "Expense report",
        errorText: "Could not load the report",
      },
    }, [
      {
        type: "grid",
        columns: 3,
        children: [
          {
            type: "stat",
            label: "Claimed (12 months)",
            value: { $bind: "report", path: "totals.claimed", format: "currency" },
          },
          {
            type: "stat",
            label: "Approved",
            value: { $bind: "report", path: "totals.approved", format: "currency" },
          },
          {
            type: "stat",
            label: "Paid",
            value: { $bind: "report", path: "totals.paid", format: "currency" },
          },
        ],
      },
      {
        type: "grid",
        columns: 2,
        children: [
          {
            type: "card",
            title: "By category",
            children: [{
              type: "bar-chart",
              source: "report",
              path: "rows",
              x: "label",
              y: "approved",
              title: "Approved by category",
              emptyText: "No expenses in this period",
            }],
          },
          {
            type: "card",
            title: "By month",
            children: [{
              type: "line-chart",
              source: "report",
              path: "by_month",
              x: "month",
              series: [
                { key: "claimed", label: "Claimed", tone: "info" },
                { key: "approved", label: "Approved", tone: "warning" },
                { key: "paid", label: "Paid", tone: "success" },
              ],
              title: "Claimed, approved and paid per month",
              labelEvery: 2,
              emptyText: "No expenses in this period",
            }],
          },
        ],
      },
      download("Download CSV", "expense-report.csv"),
      tableOf(EXPENSE_REPORT_COLUMNS, "No expenses in this period"),
    ]),
};

/** The finance report wrapper screens. */
export const FINANCE_REPORT_SCREENS: ScreenDef[] = [invoiceReports, expenseReports];
