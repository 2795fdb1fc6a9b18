/** Analytics: project progress analytics, the analytics dashboard and the reports. */
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
import { REPORT_CONTROLLER } from "./saved-reports/report-controller.ts";
import { savedReportRoutes } from "./saved-reports/routes.ts";

export const ANALYTICS = defineArea({
  id: "analytics",
  name: "Analytics",
  modules: ANALYTICS_MODULES,
  types: [REPORT],
  controllers: [REPORT_CONTROLLER],
  routes: ({ app, api, db, records, clock }) => {
    savedReportRoutes(api, records);
    projectAnalyticsRoutes(api, db, records, clock);
    dashboardAnalyticsRoutes(app, api, db, { clock });
    reportRoutes(api, db, clock);
  },
  screens: [
    ...PROJECT_ANALYTICS_SCREENS,
    ...ANALYTICS_DASHBOARD_SCREENS,
    ...REPORT_WRAPPER_SCREENS,
    ...REPORT_BUILDER_SCREENS,
  ],
  seed: ANALYTICS_SEED,
});
