/**
 * Finance: items and tax templates, invoices and their payments, expense claims,
 * budgets, compliance obligations, and the finance dashboard and reports.
 */
import { defineArea } from "../define-area.ts";
import { FINANCE_MODULES } from "./modules.ts";
import { ITEM } from "./types/item.ts";
import { TAX_TEMPLATE } from "./types/tax-template.ts";
import { INVOICE } from "./types/invoice.ts";
import { PAYMENT } from "./types/payment.ts";
import { EXPENSE } from "./types/expense.ts";
import { BUDGET } from "./types/budget.ts";
import { BUDGET_TEMPLATE } from "./types/budget-template.ts";
import { COMPLIANCE_ITEM } from "./types/compliance-item.ts";
import { EXPENSE_CONTROLLER } from "./expenses/mod.ts";
import { PAYMENT_CONTROLLER } from "./payments/mod.ts";
import { INVOICE_CONTROLLER } from "./invoices/invoice-rules.ts";
import { COMPLIANCE_ITEM_CONTROLLER } from "./compliance/compliance-controller.ts";
import { invoiceRoutes } from "./invoices/invoice-routes.ts";
import { printedInvoice } from "./invoices/printed-invoice.ts";
import { InvoiceWatch } from "./invoices/overdue-notices.ts";
import { BUDGET_CONTROLLER, budgetRoutes } from "./budget/mod.ts";
import { complianceRoutes, ComplianceWatch } from "./compliance/mod.ts";
import { financeReportRoutes } from "./reports/mod.ts";
import { BUDGET_SCREENS } from "../../ui/screens/budget-screens.ts";
import { FINANCE_REPORT_SCREENS } from "../../ui/screens/finance-report-wrappers.ts";
import { FINANCE_DASHBOARD_SCREEN } from "../../ui/screens/finance-dashboard.ts";
import { INVOICE_PRINT_SCREEN } from "../../ui/screens/invoice-print.ts";
import { TAX_SUMMARY } from "../../ui/screens/tax-summary.ts";
import { COMPLIANCE_FIGURES } from "../../ui/screens/compliance-figures.ts";
import { FINANCE_SEED } from "./seed/mod.ts";

export const FINANCE = defineArea({
  id: "finance",
  name: "Finance",
  modules: FINANCE_MODULES,
  types: [ITEM, TAX_TEMPLATE, INVOICE, PAYMENT, EXPENSE, BUDGET, BUDGET_TEMPLATE, COMPLIANCE_ITEM],
  controllers: [
    INVOICE_CONTROLLER,
    PAYMENT_CONTROLLER,
    EXPENSE_CONTROLLER,
    BUDGET_CONTROLLER,
    COMPLIANCE_ITEM_CONTROLLER,
  ],
  routes: ({ api, db, records, clock }) => {
    budgetRoutes(api, db);
    complianceRoutes(api, { db, records, clock });
    financeReportRoutes(api, records);
    invoiceRoutes(api, db, clock);
  },
  printers: [{ type: INVOICE.id, print: printedInvoice }],
  screens: [
    ...BUDGET_SCREENS,
    ...FINANCE_REPORT_SCREENS,
    FINANCE_DASHBOARD_SCREEN,
    INVOICE_PRINT_SCREEN,
  ],
  recordScreens: {
    lists: [{ module: "budget-approval", type: BUDGET, view: "pending-approval" }],
    around: [
      { module: "tax", extras: () => TAX_SUMMARY },
      { module: "compliance", extras: () => COMPLIANCE_FIGURES },
    ],
  },
  checks: [(db) => new ComplianceWatch(db), (db) => new InvoiceWatch(db)],
  seed: FINANCE_SEED,
});
