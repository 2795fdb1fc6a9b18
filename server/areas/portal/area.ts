/**
 * The client portal: what a client's contacts see (their projects, invoices,
 * messages and help), and how staff give and take their access.
 */
import { defineArea } from "../define-area.ts";
import { clientAccessRoutes } from "./access/client-access.ts";
import { portalRoutes } from "./routes.ts";
import { PORTAL_SCREENS } from "../../ui/screens/portal.ts";
import { clientPortalAccess } from "../../ui/screens/client-portal-access.ts";
import { PORTAL_SEED } from "./seed/mod.ts";

export const PORTAL = defineArea({
  id: "portal",
  name: "Client portal",
  modules: [],
  types: [],
  routes: ({ api, db, clock, config }) => {
    clientAccessRoutes(api, {
      db,
      clock,
      publicUrl: config.publicUrl,
      invitationLimits: config.invitationLimits,
    });
    portalRoutes(api, db, clock);
  },
  screens: PORTAL_SCREENS,
  // Who of a client may sign in to the portal, kept below the clients' list.
  recordScreens: { around: [{ module: "clients", extras: clientPortalAccess }] },
  seed: PORTAL_SEED,
});
