/**
 * What the compliance screen shows above its obligations: the compliance
 * summary (open, overdue, due soon, done) and the open obligations by category.
 */
import type { ListScreenExtras } from "./record-list-screen.ts";

const CATEGORY_LABELS = {
  tax: "Tax filing",
  payroll: "Payroll",
  corporate: "Corporate filing",
  licence: "Licence or permit",
  data_protection: "Data protection",
  audit: "Audit",
  other: "Other",
};

/** The compliance summary above the compliance items. */
export const COMPLIANCE_FIGURES: ListScreenExtras = {
  sources: {
    compliance: {
      method: "POST",
      path: "/api/compliance/summary",
      body: {},
      label: "Compliance summary",
      errorText: "Could not load the compliance summary",
    },
  },
  before: [
    {
      type: "grid",
      columns: 4,
      children: [
        {
          type: "stat",
          label: "Open obligations",
          value: { $bind: "compliance", path: "open", format: "integer" },
        },
        {
          type: "stat",
          label: "Overdue",
          value: { $bind: "compliance", path: "overdue", format: "integer" },
          tone: {
            $rule: {
              value: { $bind: "compliance", path: "overdue" },
              thresholds: [{ min: 1, tone: "danger" }],
              otherwise: "success",
            },
          },
        },
        {
          type: "stat",
          label: "Due soon",
          value: { $bind: "compliance", path: "due_soon", format: "integer" },
          tone: {
            $rule: {
              value: { $bind: "compliance", path: "due_soon" },
              thresholds: [{ min: 1, tone: "warning" }],
              otherwise: "neutral",
            },
          },
        },
        {
          type: "stat",
          label: "Done",
          value: { $bind: "compliance", path: "done", format: "integer" },
        },
      ],
    },
    {
      type: "table",
      source: "compliance",
      path: "by_category",
      caption: "By category",
      columns: [
        { key: "category", label: "Category", labels: CATEGORY_LABELS },
        { key: "open", label: "Open", format: "integer", align: "end" },
        { key: "overdue", label: "Overdue", format: "integer", align: "end" },
        { key: "done", label: "Done", format: "integer", align: "end" },
      ],
      emptyText: "No obligations yet",
    },
  ],
};
