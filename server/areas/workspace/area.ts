/**
 * The workspace: what every staff member's day starts from (the dashboard, what
 * waits for them, notifications, the calendar, their profile, feedback) and the
 * organisation's administration (people, roles, audit, settings, type masters).
 */
import { defineArea } from "../define-area.ts";
import { WORKSPACE_MODULES } from "./modules.ts";
import { TYPE_MASTER } from "./types/type-master.ts";
import { DOCUMENT } from "./types/document.ts";
import { navigationRoutes } from "./navigation/routes.ts";
import { notificationRoutes } from "./notifications/routes.ts";
import { userRoutes } from "./users/routes.ts";
import { auditRoutes } from "./audit/routes.ts";
import { settingsRoutes } from "./settings/routes.ts";
import { calendarRoutes } from "./calendar/routes.ts";
import { dashboardRoutes } from "./dashboard/routes.ts";
import { waitingForMeRoutes } from "./dashboard/waiting-route.ts";
import { feedbackRoutes } from "./feedback/routes.ts";
import { DASHBOARD_SCREEN } from "../../ui/screens/dashboard.ts";
import { NOTIFICATION_AND_CALENDAR_SCREENS } from "../../ui/screens/notifications-and-calendar.ts";
import { STAFF_MISC_SCREENS } from "../../ui/screens/staff-misc.ts";
import { ADMIN_SCREENS } from "../../ui/screens/admin-screens.ts";
import { WORKSPACE_SEED } from "./seed/mod.ts";

export const WORKSPACE = defineArea({
  id: "workspace",
  name: "Workspace",
  modules: WORKSPACE_MODULES,
  types: [TYPE_MASTER, DOCUMENT],
  routes: ({ api, db, records, clock }) => {
    navigationRoutes(api);
    notificationRoutes(api, db);
    userRoutes(api, db);
    auditRoutes(api, records);
    settingsRoutes(api, db, clock);
    calendarRoutes(api, records, clock);
    dashboardRoutes(api, records, clock);
    waitingForMeRoutes(api, db, records);
    feedbackRoutes(api, db, clock);
  },
  screens: [
    DASHBOARD_SCREEN,
    ...NOTIFICATION_AND_CALENDAR_SCREENS,
    ...STAFF_MISC_SCREENS,
    ...ADMIN_SCREENS,
  ],
  seed: WORKSPACE_SEED,
});
