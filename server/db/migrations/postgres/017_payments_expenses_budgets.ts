/** PostgreSQL text of migration 017: payments, expense claims, budgets (see ../017_payments_expenses_budgets.ts). */
export default `
CREATE TABLE payments (
  id text COLLATE "C" PRIMARY KEY,
  organization_id text COLLATE "C" NOT NULL REFERENCES organizations(id),
  name text COLLATE "C" NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_at text COLLATE "C" NOT NULL,
  created_by text COLLATE "C",
  updated_at text COLLATE "C" NOT NULL,
  updated_by text COLLATE "C",
  docstatus INTEGER NOT NULL DEFAULT 0,
  amended_from text COLLATE "C",
  client_id text COLLATE "C",
  payment_date text COLLATE "C",
  amount double precision NOT NULL DEFAULT 0,
  method text COLLATE "C" NOT NULL DEFAULT '',
  reference text COLLATE "C" NOT NULL DEFAULT '',
  allocated_amount double precision NOT NULL DEFAULT 0,
  unallocated_amount double precision NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX payments_name ON payments (organization_id, name);
CREATE INDEX payments_client_id ON payments (organization_id, client_id);
CREATE INDEX payments_payment_date ON payments (organization_id, payment_date);
CREATE INDEX payments_amount ON payments (organization_id, amount);
CREATE INDEX payments_method ON payments (organization_id, method);
CREATE INDEX payments_list ON payments (organization_id, payment_date, id);
CREATE TABLE payment_allocations (
  id text COLLATE "C" PRIMARY KEY,
  organization_id text COLLATE "C" NOT NULL REFERENCES organizations(id),
  payment_id text COLLATE "C" NOT NULL REFERENCES payments(id),
  idx INTEGER NOT NULL,
  invoice_id text COLLATE "C",
  amount double precision NOT NULL DEFAULT 0
);
CREATE INDEX payment_allocations_parent ON payment_allocations (payment_id, idx);

CREATE TABLE expenses (
  id text COLLATE "C" PRIMARY KEY,
  organization_id text COLLATE "C" NOT NULL REFERENCES organizations(id),
  name text COLLATE "C" NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_at text COLLATE "C" NOT NULL,
  created_by text COLLATE "C",
  updated_at text COLLATE "C" NOT NULL,
  updated_by text COLLATE "C",
  status text COLLATE "C" NOT NULL,
  purpose text COLLATE "C" NOT NULL DEFAULT '',
  claimant_id text COLLATE "C",
  approver_id text COLLATE "C",
  total double precision NOT NULL DEFAULT 0,
  sanctioned_total double precision NOT NULL DEFAULT 0,
  budget_warning text COLLATE "C" NOT NULL DEFAULT '',
  approved_at text COLLATE "C",
  paid_at text COLLATE "C"
);
CREATE UNIQUE INDEX expenses_name ON expenses (organization_id, name);
CREATE INDEX expenses_claimant_id ON expenses (organization_id, claimant_id);
CREATE INDEX expenses_approver_id ON expenses (organization_id, approver_id);
CREATE INDEX expenses_total ON expenses (organization_id, total);
CREATE INDEX expenses_list ON expenses (organization_id, created_at, id);
CREATE TABLE expense_lines (
  id text COLLATE "C" PRIMARY KEY,
  organization_id text COLLATE "C" NOT NULL REFERENCES organizations(id),
  expense_id text COLLATE "C" NOT NULL REFERENCES expenses(id),
  idx INTEGER NOT NULL,
  expense_date text COLLATE "C",
  category text COLLATE "C" NOT NULL DEFAULT '',
  description text COLLATE "C" NOT NULL DEFAULT '',
  amount double precision NOT NULL DEFAULT 0,
  project_id text COLLATE "C",
  sanctioned_amount double precision NOT NULL DEFAULT 0,
  receipt text COLLATE "C" NOT NULL DEFAULT ''
);
CREATE INDEX expense_lines_parent ON expense_lines (expense_id, idx);

CREATE TABLE budget_templates (
  id text COLLATE "C" PRIMARY KEY,
  organization_id text COLLATE "C" NOT NULL REFERENCES organizations(id),
  name text COLLATE "C" NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_at text COLLATE "C" NOT NULL,
  created_by text COLLATE "C",
  updated_at text COLLATE "C" NOT NULL,
  updated_by text COLLATE "C",
  title text COLLATE "C" NOT NULL DEFAULT '',
  scope text COLLATE "C" NOT NULL DEFAULT '',
  action_on_excess text COLLATE "C" NOT NULL DEFAULT '',
  share_total double precision NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX budget_templates_title_unique ON budget_templates (organization_id, title);
CREATE INDEX budget_templates_scope ON budget_templates (organization_id, scope);
CREATE INDEX budget_templates_list ON budget_templates (organization_id, title, id);
CREATE TABLE budget_template_lines (
  id text COLLATE "C" PRIMARY KEY,
  organization_id text COLLATE "C" NOT NULL REFERENCES organizations(id),
  budget_template_id text COLLATE "C" NOT NULL REFERENCES budget_templates(id),
  idx INTEGER NOT NULL,
  month_offset INTEGER NOT NULL DEFAULT 0,
  category text COLLATE "C" NOT NULL DEFAULT '',
  share_percent double precision NOT NULL DEFAULT 0
);
CREATE INDEX budget_template_lines_parent ON budget_template_lines (budget_template_id, idx);

CREATE TABLE budgets (
  id text COLLATE "C" PRIMARY KEY,
  organization_id text COLLATE "C" NOT NULL REFERENCES organizations(id),
  name text COLLATE "C" NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_at text COLLATE "C" NOT NULL,
  created_by text COLLATE "C",
  updated_at text COLLATE "C" NOT NULL,
  updated_by text COLLATE "C",
  status text COLLATE "C" NOT NULL,
  title text COLLATE "C" NOT NULL DEFAULT '',
  scope text COLLATE "C" NOT NULL DEFAULT '',
  project_id text COLLATE "C",
  category text COLLATE "C" NOT NULL DEFAULT '',
  period_start text COLLATE "C",
  period_end text COLLATE "C",
  action_on_excess text COLLATE "C" NOT NULL DEFAULT '',
  template_id text COLLATE "C",
  amount double precision NOT NULL DEFAULT 0,
  total double precision NOT NULL DEFAULT 0
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
  id text COLLATE "C" PRIMARY KEY,
  organization_id text COLLATE "C" NOT NULL REFERENCES organizations(id),
  budget_id text COLLATE "C" NOT NULL REFERENCES budgets(id),
  idx INTEGER NOT NULL,
  month text COLLATE "C" NOT NULL DEFAULT '',
  category text COLLATE "C" NOT NULL DEFAULT '',
  description text COLLATE "C" NOT NULL DEFAULT '',
  amount double precision NOT NULL DEFAULT 0
);
CREATE INDEX budget_items_parent ON budget_items (budget_id, idx);

CREATE INDEX payment_allocations_invoice ON payment_allocations (organization_id, invoice_id);
CREATE INDEX expenses_status ON expenses (organization_id, status);
CREATE INDEX expense_lines_category ON expense_lines (organization_id, category, expense_date);
CREATE INDEX expense_lines_project ON expense_lines (organization_id, project_id, expense_date);
CREATE INDEX budgets_status ON budgets (organization_id, status, period_start);
`;
