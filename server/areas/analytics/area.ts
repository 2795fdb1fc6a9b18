/** Analytics: project progress analytics, the analytics dashboard, saved reports, dashboards, report mailings and alerts. */
import { defineArea } from "../define-area.ts";
import { ANALYTICS_MODULES } from "./modules.ts";
import { projectAnalyticsRoutes } from "./projects/mod.ts";
import { dashboardAnalyticsRoutes } from "./dashboard/mod.ts";
import { reportRoutes } from "./reports/mod.ts";
import { PROJECT_ANALYTICS_SCREENS } from "../../ui/screens/project-analytics.ts";
import { ANALYTICS_DASHBOARD_SCREENS } from "../../ui/screens/analytics-dashboard.ts";
import { REPORT_WRAPPER_SCREENS } from "../../ui/screens/report-wrappers.ts";
import { REPORT_BUILDER_SCREENS } from "../../ui/screens/report-builder.ts";
import { ANALYTICS_SEED } from "./seed/mod.ts";
import { REPORT } from "./types/report.ts";
import { REPORT_SUBSCRIPTION } from "./types/report-subscription.ts";
import { REPORT_CONTROLLER } from "./saved-reports/report-controller.ts";
import { savedReportRoutes } from "./saved-reports/routes.ts";
import { reportsIndex } from "../../ui/screens/reports-index.ts";
import { DASHBOARD } from "./types/dashboard.ts";
import { DASHBOARD_CONTROLLER } from "./dashboards/dashboard-controller.ts";
import { dashboardRoutes } from "./dashboards/routes.ts";
import { DASHBOARD_VIEW_SCREENS } from "../../ui/screens/dashboards.ts";
import { ReportMailings } from "./subscriptions/report-mailing.ts";
import { REPORT_SUBSCRIPTION_CONTROLLER } from "./subscriptions/subscription-controller.ts";
import { REPORT_ALERT } from "./types/report-alert.ts";
import { REPORT_ALERT_CONTROLLER } from "./alerts/alert-controller.ts";
import { ReportAlerts } from "./alerts/alert-watch.ts";

export const ANALYTICS = defineArea({
  id: "analytics",
  name: "Analytics",
  modules: ANALYTICS_MODULES,
  types: [REPORT, DASHBOARD, REPORT_SUBSCRIPTION, REPORT_ALERT],
  controllers: [
    REPORT_CONTROLLER,
    DASHBOARD_CONTROLLER,
    REPORT_SUBSCRIPTION_CONTROLLER,
    REPORT_ALERT_CONTROLLER,
  ],
  routes: ({ app, api, db, records, clock }) => {
    savedReportRoutes(api, records);
    dashboardRoutes(api, records);
    projectAnalyticsRoutes(api, db, records, clock);
    dashboardAnalyticsRoutes(app, api, db, { clock });
    reportRoutes(api, records);
  },
  screens: [
    ...PROJECT_ANALYTICS_SCREENS,
    ...ANALYTICS_DASHBOARD_SCREENS,
    ...REPORT_WRAPPER_SCREENS,
    ...REPORT_BUILDER_SCREENS,
    ...DASHBOARD_VIEW_SCREENS,
  ],
  recordScreens: { around: [{ module: REPORT.module, extras: reportsIndex }] },
  checks: [
    (db, config) => new ReportMailings(db, { publicUrl: config.publicUrl }),
    (db, config) => new ReportAlerts(db, { publicUrl: config.publicUrl }),
  ],
  seed: ANALYTICS_SEED,
});
