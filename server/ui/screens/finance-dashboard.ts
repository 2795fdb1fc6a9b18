/**
 * The finance dashboard: revenue invoiced and collected per month, outstanding by
 * age, the most overdue invoices, expenses by category and budget consumption,
 * all from `POST /api/finance/dashboard` (one SQL definition per figure), with
 * links to the invoice and expense reports the caller may open.
 */
import type { Node } from "../../../schemas/descriptor/mod.ts";
import { findModule } from "../../platform/catalogue/module-definitions.ts";
import { canSeeModule } from "../../platform/catalogue/visibility.ts";
import type { Access } from "../../platform/access/access.ts";
import { screen, type ScreenDef } from "./screen-def.ts";

/** The age buckets' labels. */
export const AGE_BUCKET_LABELS = {
  "0-30": "0–30 days",
  "31-60": "31–60 days",
  "61-90": "61–90 days",
  "90+": "Over 90 days",
};

function sees(access: Access | undefined, id: string): boolean {
  const module = findModule(id);
  return !!access && !!module && canSeeModule(access, module);
}

function stat(label: string, path: string, format: "currency" | "integer"): Node {
  return { type: "stat", label, value: { $bind: "finance", path, format } };
}

const financeDashboard: ScreenDef = {
  id: "finance-dashboard",
  audience: "staff",
  module: "finance-dashboard",
  build: ({ access }) => {
    const links: Node[] = [];
    if (sees(access, "reports/invoice-reports")) {
      links.push(
        { type: "link", text: "Aging report", to: "/app/reports/invoice-reports/aging" },
        { type: "link", text: "Invoices by client", to: "/app/reports/invoice-reports/by-client" },
        { type: "link", text: "Tax summary", to: "/app/reports/invoice-reports/tax-summary" },
      );
    }
    if (sees(access, "reports/expense-reports")) {
      links.push({ type: "link", text: "Expense report", to: "/app/reports/expense-reports" });
    }
    const children: Node[] = [
      {
        type: "grid",
        columns: 5,
        children: [
          stat("Invoiced (12 months)", "totals.invoiced", "currency"),
          stat("Collected (12 months)", "totals.collected", "currency"),
          stat("Outstanding", "totals.outstanding", "currency"),
          {
            type: "stat",
            label: "Overdue invoices",
            value: { $bind: "finance", path: "totals.overdue_invoices", format: "integer" },
            hint: {
              $bind: "finance",
              path: "totals.overdue_outstanding",
              format: "currency",
              suffix: " overdue",
            },
            tone: {
              $rule: {
                value: { $bind: "finance", path: "totals.overdue_invoices" },
                thresholds: [{ min: 1, tone: "danger" }],
                otherwise: "success",
              },
            },
          },
          stat("Approved expenses (12 months)", "totals.approved_expenses", "currency"),
        ],
      },
      {
        type: "grid",
        columns: 2,
        children: [
          {
            type: "card",
            title: "Revenue per month",
            children: [{
              type: "line-chart",
              source: "finance",
              path: "revenue_by_month",
              x: "month",
              series: [
                { key: "invoiced", label: "Invoiced", tone: "info" },
                { key: "collected", label: "Collected", tone: "success" },
              ],
              title: "Invoiced and collected per month",
              labelEvery: 2,
              emptyText: "No invoices or payments in these months",
            }],
          },
          {
            type: "card",
            title: "Outstanding by age",
            children: [{
              type: "bar-chart",
              source: "finance",
              path: "aging",
              x: "bucket",
              y: "outstanding",
              xLabels: AGE_BUCKET_LABELS,
              title: "Outstanding by days past due",
              tone: "warning",
              emptyText: "Nothing outstanding",
            }],
          },
        ],
      },
      {
        type: "grid",
        columns: 1,
        children: [
          {
            type: "card",
            title: "Most overdue invoices",
            children: [{
              type: "table",
              source: "finance",
              path: "overdue_invoices",
              columns: [
                { key: "name", label: "Invoice" },
                { key: "client_name", label: "Client" },
                { key: "due_date", label: "Due", format: "date" },
                { key: "days_overdue", label: "Days late", format: "integer", align: "end" },
                { key: "outstanding", label: "Outstanding", format: "currency", align: "end" },
              ],
              pageSize: 10,
              emptyText: "No overdue invoices",
            }],
          },
          {
            type: "card",
            title: "Expenses by category",
            children: [{
              type: "bar-chart",
              source: "finance",
              path: "expenses_by_category",
              x: "label",
              y: "approved",
              title: "Approved expenses by category (12 months)",
              emptyText: "No approved expenses in these months",
            }],
          },
        ],
      },
      {
        type: "card",
        title: "Budget consumption",
        children: [{
          type: "table",
          source: "finance",
          path: "budgets",
          columns: [
            { key: "title", label: "Budget" },
            { key: "period_end", label: "Until", format: "date" },
            { key: "total", label: "Budget", format: "currency", align: "end" },
            { key: "committed", label: "Committed", format: "currency", align: "end" },
            { key: "consumed", label: "Consumed", format: "currency", align: "end" },
            { key: "remaining", label: "Remaining", format: "currency", align: "end" },
            { key: "used_percent", label: "Used", format: "percent", align: "end" },
          ],
          pageSize: 10,
          emptyText: "No approved budget runs today",
        }],
      },
    ];
    if (links.length > 0) {
      children.push({ type: "stack", direction: "row", gap: "medium", children: links });
    }
    return screen(
      "finance-dashboard",
      "Finance Dashboard",
      "dynamic",
      {
        finance: {
          method: "POST",
          path: "/api/finance/dashboard",
          body: { months: 12 },
          follows: ["invoice", "payment", "expense", "budget"],
          label: "Finance figures",
          errorText: "Could not load the finance figures",
        },
      },
      children,
      "Revenue, collections, what clients owe and what the firm spends, over the last 12 months.",
    );
  },
};

/** The finance dashboard screen. */
export const FINANCE_DASHBOARD_SCREEN: ScreenDef = financeDashboard;
