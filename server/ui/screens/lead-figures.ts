/** The lead pipeline's figures, kept above the leads' list. */
import type { ListScreenExtras } from "./record-list-screen.ts";

/** The lead pipeline's figures above the leads. */
export const LEAD_FIGURES: ListScreenExtras = {
  sources: {
    stats: { method: "POST", path: "/api/leads/stats", body: {}, label: "Lead statistics" },
  },
  before: [{
    type: "grid",
    columns: 4,
    children: [
      {
        type: "stat",
        label: "Total leads",
        value: { $bind: "stats", path: "total", format: "integer" },
      },
      {
        type: "stat",
        label: "New this month",
        value: { $bind: "stats", path: "new_this_month", format: "integer" },
      },
      {
        type: "stat",
        label: "Pipeline value",
        value: { $bind: "stats", path: "pipeline_value", format: "currency" },
      },
      {
        type: "stat",
        label: "Conversion rate",
        value: { $bind: "stats", path: "conversion_rate", format: "percent" },
      },
    ],
  }],
};
