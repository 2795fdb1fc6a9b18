/** PostgreSQL text of migration 019: invoice notices (see ../019_invoice_notices.ts). */
import { T } from "./types.ts";

export default `
CREATE TABLE invoice_notices (
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  invoice_id ${T} NOT NULL,
  due_date ${T} NOT NULL,
  user_id ${T} NOT NULL,
  notified_at ${T} NOT NULL,
  PRIMARY KEY (invoice_id, due_date)
);
`;
