/** PostgreSQL text of migration 018: compliance (see ../018_compliance.ts). */
import { T } from "./types.ts";

export default `
CREATE TABLE compliance_items (
  id ${T} PRIMARY KEY,
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  name ${T} NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_at ${T} NOT NULL,
  created_by ${T},
  updated_at ${T} NOT NULL,
  updated_by ${T},
  title ${T} NOT NULL DEFAULT '',
  category ${T} NOT NULL DEFAULT '',
  authority ${T} NOT NULL DEFAULT '',
  due_date ${T},
  recurrence ${T} NOT NULL DEFAULT '',
  owner_id ${T},
  status ${T} NOT NULL DEFAULT '',
  evidence ${T} NOT NULL DEFAULT '',
  completed_at ${T},
  notes ${T} NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX compliance_items_name ON compliance_items (organization_id, name);
CREATE INDEX compliance_items_list ON compliance_items (organization_id, due_date, id);
CREATE INDEX compliance_items_title ON compliance_items (organization_id, title);
CREATE INDEX compliance_items_category ON compliance_items (organization_id, category);
CREATE INDEX compliance_items_recurrence ON compliance_items (organization_id, recurrence);
CREATE INDEX compliance_items_owner ON compliance_items (organization_id, owner_id);
CREATE INDEX compliance_items_status ON compliance_items (organization_id, status, due_date);
CREATE INDEX compliance_items_open ON compliance_items (status, due_date);

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

-- The finance figures' covering indexes: revenue invoiced and collected per month,
-- what unpaid invoices owe by due date (aging, overdue) and by client (the aging
-- report), expense lines by date.
CREATE INDEX invoices_revenue ON invoices (organization_id, docstatus, issue_date, grand_total);
CREATE INDEX invoices_owing ON invoices (organization_id, payment_status, due_date, outstanding, client_id);
CREATE INDEX invoices_owing_by_client ON invoices (organization_id, client_id, payment_status, due_date, outstanding);
CREATE INDEX payments_collected ON payments (organization_id, docstatus, payment_date, amount);
CREATE INDEX expense_lines_dated ON expense_lines (organization_id, expense_date, category, expense_id, amount, sanctioned_amount);
`;
