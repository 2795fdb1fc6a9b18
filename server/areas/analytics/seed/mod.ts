/** What analytics adds to the demo seed (seed-steps.ts). */
import type { DemoSeedStep } from "../../../db/seed/seed-steps.ts";
import { seedProjectAnalytics } from "./project-history.ts";
import { seedDashboards } from "./dashboards.ts";
import { seedReportSubscriptions } from "./report-subscriptions.ts";
import { seedReportAlerts } from "./report-alerts.ts";

export const ANALYTICS_SEED: readonly DemoSeedStep[] = [
  // Sprints, status history, time logs and progress updates of the base's projects.
  { id: "project-history", run: (tx, { today }) => seedProjectAnalytics(tx, today) },
  // Saved reports and the executive, operations and sales dashboards made of them.
  { id: "dashboards", run: (tx, { today }) => seedDashboards(tx, today) },
  // Acme's administrator has one of those reports mailed to them weekly.
  {
    id: "report-subscriptions",
    after: ["dashboards"],
    run: (tx, { today }) => seedReportSubscriptions(tx, today),
  },
  // Acme's finance manager is told when the overdue invoices total goes above 750,000.
  {
    id: "report-alerts",
    after: ["dashboards"],
    run: (tx, { today }) => seedReportAlerts(tx, today),
  },
];
