/**
 * Compliance (issue 15): obligations (`compliance_item`), the organisation's
 * compliance settings, and the notices already sent to owners — one row per
 * item, due date and kind, so an owner is told once per due date however often
 * the check runs and however many instances run it. Also the covering indexes
 * the finance figures read (invoices 016, payments and expenses 017).
 */
export default `
CREATE TABLE compliance_items (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  name TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  created_by TEXT,
  updated_at TEXT NOT NULL,
  updated_by TEXT,
  title TEXT NOT NULL DEFAULT '',
  category TEXT NOT NULL DEFAULT '',
  authority TEXT NOT NULL DEFAULT '',
  due_date TEXT,
  recurrence TEXT NOT NULL DEFAULT '',
  owner_id TEXT,
  status TEXT NOT NULL DEFAULT '',
  evidence TEXT NOT NULL DEFAULT '',
  completed_at TEXT,
  notes TEXT NOT NULL DEFAULT ''
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
  organization_id TEXT PRIMARY KEY REFERENCES organizations(id),
  due_soon_days INTEGER NOT NULL DEFAULT 14,
  notify_owners INTEGER NOT NULL DEFAULT 1,
  remind_days_before INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL,
  updated_by TEXT
);

CREATE TABLE compliance_notices (
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  item_id TEXT NOT NULL,
  due_date TEXT NOT NULL,
  kind TEXT NOT NULL,
  user_id TEXT NOT NULL,
  notified_at TEXT NOT NULL,
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
