/**
 * Payments with their allocations to invoices, expense claims with their lines,
 * budgets with their monthly items, and budget templates with their shares, as
 * their declarations store them (server/records/types/payment.ts, expense.ts,
 * budget.ts, budget-template.ts). Besides the declared indexes: allocations by
 * invoice (what paid an invoice), claims by state, and expense lines by category
 * or project and date, which budget actuals sum.
 */
export default `
CREATE TABLE payments (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  name TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  created_by TEXT,
  updated_at TEXT NOT NULL,
  updated_by TEXT,
  docstatus INTEGER NOT NULL DEFAULT 0,
  amended_from TEXT,
  client_id TEXT,
  payment_date TEXT,
  amount REAL NOT NULL DEFAULT 0,
  method TEXT NOT NULL DEFAULT '',
  reference TEXT NOT NULL DEFAULT '',
  allocated_amount REAL NOT NULL DEFAULT 0,
  unallocated_amount REAL NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX payments_name ON payments (organization_id, name);
CREATE INDEX payments_client_id ON payments (organization_id, client_id);
CREATE INDEX payments_payment_date ON payments (organization_id, payment_date);
CREATE INDEX payments_amount ON payments (organization_id, amount);
CREATE INDEX payments_method ON payments (organization_id, method);
CREATE INDEX payments_list ON payments (organization_id, payment_date, id);
CREATE TABLE payment_allocations (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  payment_id TEXT NOT NULL REFERENCES payments(id),
  idx INTEGER NOT NULL,
  invoice_id TEXT,
  amount REAL NOT NULL DEFAULT 0
);
CREATE INDEX payment_allocations_parent ON payment_allocations (payment_id, idx);

CREATE TABLE expenses (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  name TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  created_by TEXT,
  updated_at TEXT NOT NULL,
  updated_by TEXT,
  status TEXT NOT NULL,
  purpose TEXT NOT NULL DEFAULT '',
  claimant_id TEXT,
  approver_id TEXT,
  total REAL NOT NULL DEFAULT 0,
  sanctioned_total REAL NOT NULL DEFAULT 0,
  budget_warning TEXT NOT NULL DEFAULT '',
  approved_at TEXT,
  paid_at TEXT
);
CREATE UNIQUE INDEX expenses_name ON expenses (organization_id, name);
CREATE INDEX expenses_claimant_id ON expenses (organization_id, claimant_id);
CREATE INDEX expenses_approver_id ON expenses (organization_id, approver_id);
CREATE INDEX expenses_total ON expenses (organization_id, total);
CREATE INDEX expenses_list ON expenses (organization_id, created_at, id);
CREATE TABLE expense_lines (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  expense_id TEXT NOT NULL REFERENCES expenses(id),
  idx INTEGER NOT NULL,
  expense_date TEXT,
  category TEXT NOT NULL DEFAULT '',
  description TEXT NOT NULL DEFAULT '',
  amount REAL NOT NULL DEFAULT 0,
  project_id TEXT,
  sanctioned_amount REAL NOT NULL DEFAULT 0,
  receipt TEXT NOT NULL DEFAULT ''
);
CREATE INDEX expense_lines_parent ON expense_lines (expense_id, idx);

CREATE TABLE budget_templates (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  name TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  created_by TEXT,
  updated_at TEXT NOT NULL,
  updated_by TEXT,
  title TEXT NOT NULL DEFAULT '',
  scope TEXT NOT NULL DEFAULT '',
  action_on_excess TEXT NOT NULL DEFAULT '',
  share_total REAL NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX budget_templates_title_unique ON budget_templates (organization_id, title);
CREATE INDEX budget_templates_scope ON budget_templates (organization_id, scope);
CREATE INDEX budget_templates_list ON budget_templates (organization_id, title, id);
CREATE TABLE budget_template_lines (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  budget_template_id TEXT NOT NULL REFERENCES budget_templates(id),
  idx INTEGER NOT NULL,
  month_offset INTEGER NOT NULL DEFAULT 0,
  category TEXT NOT NULL DEFAULT '',
  share_percent REAL NOT NULL DEFAULT 0
);
CREATE INDEX budget_template_lines_parent ON budget_template_lines (budget_template_id, idx);

CREATE TABLE budgets (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  name TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  created_by TEXT,
  updated_at TEXT NOT NULL,
  updated_by TEXT,
  status TEXT NOT NULL,
  title TEXT NOT NULL DEFAULT '',
  scope TEXT NOT NULL DEFAULT '',
  project_id TEXT,
  category TEXT NOT NULL DEFAULT '',
  period_start TEXT,
  period_end TEXT,
  action_on_excess TEXT NOT NULL DEFAULT '',
  template_id TEXT,
  amount REAL NOT NULL DEFAULT 0,
  total REAL NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX budgets_name ON budgets (organization_id, name);
CREATE INDEX budgets_title ON budgets (organization_id, title);
CREATE INDEX budgets_scope ON budgets (organization_id, scope);
CREATE INDEX budgets_project_id ON budgets (organization_id, project_id);
CREATE INDEX budgets_category ON budgets (organization_id, category);
CREATE INDEX budgets_period_start ON budgets (organization_id, period_start);
CREATE INDEX budgets_action_on_excess ON budgets (organization_id, action_on_excess);
CREATE INDEX budgets_total ON budgets (organization_id, total);
CREATE INDEX budgets_list ON budgets (organization_id, period_start, id);
CREATE TABLE budget_items (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  budget_id TEXT NOT NULL REFERENCES budgets(id),
  idx INTEGER NOT NULL,
  month TEXT NOT NULL DEFAULT '',
  category TEXT NOT NULL DEFAULT '',
  description TEXT NOT NULL DEFAULT '',
  amount REAL NOT NULL DEFAULT 0
);
CREATE INDEX budget_items_parent ON budget_items (budget_id, idx);

CREATE INDEX payment_allocations_invoice ON payment_allocations (organization_id, invoice_id);
CREATE INDEX expenses_status ON expenses (organization_id, status);
CREATE INDEX expense_lines_category ON expense_lines (organization_id, category, expense_date);
CREATE INDEX expense_lines_project ON expense_lines (organization_id, project_id, expense_date);
CREATE INDEX budgets_status ON budgets (organization_id, status, period_start);
`;
