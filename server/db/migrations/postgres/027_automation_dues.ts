/** PostgreSQL text of migration 027: when date rules fall due (see ../027_automation_dues.ts). */
import { T } from "./types.ts";

export default `
CREATE TABLE automation_dues (
  rule_id ${T} NOT NULL,
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  record_id ${T} NOT NULL,
  due_at ${T} NOT NULL,
  PRIMARY KEY (rule_id, record_id)
);
CREATE INDEX automation_dues_due ON automation_dues (due_at);
`;
