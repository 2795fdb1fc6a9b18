/** PostgreSQL text of migration 018: compliance (see ../018_compliance.ts). */
import { T } from "./types.ts";

export default `
CREATE TABLE compliance_settings (
  organization_id ${T} PRIMARY KEY REFERENCES organizations(id),
  due_soon_days INTEGER NOT NULL DEFAULT 14,
  notify_owners INTEGER NOT NULL DEFAULT 1,
  remind_days_before INTEGER NOT NULL DEFAULT 0,
  updated_at ${T} NOT NULL,
  updated_by ${T}
);

CREATE TABLE compliance_notices (
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  item_id ${T} NOT NULL,
  due_date ${T} NOT NULL,
  kind ${T} NOT NULL,
  user_id ${T} NOT NULL,
  notified_at ${T} NOT NULL,
  PRIMARY KEY (item_id, due_date, kind)
);
`;
