/** PostgreSQL text of migration 016: tax templates and invoices (see ../016_invoices.ts). */
import { T } from "./types.ts";
import { invoicesMigration } from "../016_invoices.ts";

export default invoicesMigration(T);
