/** PostgreSQL text of migration 020: client billing details (see ../020_client_billing.ts). */
import { T } from "./types.ts";
import { clientBillingMigration } from "../020_client_billing.ts";

export default clientBillingMigration(T);
