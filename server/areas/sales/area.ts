/** Sales: leads and the pipeline, clients, proposals and their templates. */
import { defineArea } from "../define-area.ts";
import { SALES_MODULES } from "./modules.ts";
import { LEAD } from "./types/lead.ts";
import { CLIENT } from "./types/client.ts";
import { leadRoutes } from "./leads/routes.ts";
import { clientRoutes } from "./clients/routes.ts";

export const SALES = defineArea({
  id: "sales",
  name: "Sales",
  modules: SALES_MODULES,
  types: [LEAD, CLIENT],
  routes: ({ api, db, records, clock }) => {
    leadRoutes(api, db, records, clock);
    clientRoutes(api, db, records);
  },
});
