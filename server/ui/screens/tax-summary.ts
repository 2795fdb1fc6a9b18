/**
 * The Tax screen's summary below its templates: tax collected per template and
 * month over the last twelve months, from submitted invoices (credit notes
 * subtract), as the API computes it in SQL.
 */
import type { ListScreenExtras } from "./record-list-screen.ts";

export const TAX_SUMMARY: ListScreenExtras = {
  sources: {
    taxSummary: {
      method: "POST",
      path: "/api/finance/tax-summary",
      body: {},
      follows: ["invoice", "tax_template"],
      label: "Tax summary",
    },
  },
  after: [{
    type: "card",
    title: "Tax collected by month (last twelve months)",
    children: [
      {
        type: "stat",
        label: "Total tax collected",
        value: { $bind: "taxSummary", path: "total_tax", format: "currency" },
      },
      {
        type: "table",
        source: "taxSummary",
        path: "rows",
        columns: [
          { key: "period", label: "Month", sortable: true },
          { key: "tax_template", label: "Tax template", sortable: true },
          { key: "invoices", label: "Invoices", format: "integer" },
          { key: "taxable_amount", label: "Taxable amount", format: "currency" },
          { key: "tax_amount", label: "Tax", format: "currency", sortable: true },
        ],
        emptyText: "No tax collected in these months",
      },
    ],
  }],
};
