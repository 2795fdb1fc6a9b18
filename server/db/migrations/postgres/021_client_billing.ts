/** PostgreSQL text of migration 021: client billing details (see ../021_client_billing.ts). */
import { T } from "./types.ts";
import { clientBillingMigration } from "../021_client_billing.ts";

export default clientBillingMigration(T);
