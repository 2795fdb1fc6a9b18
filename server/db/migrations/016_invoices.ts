/**
 * Finance, part one (issue 15): tax templates with their rows, invoices with
 * their lines (the table contract every finance helper writes against:
 * /work/wt/FIN15.md), a client's payment terms, an item's tax template and the
 * organisation's currency. An invoice's stored `payment_status` is what payments
 * move; Overdue is derived from it and the due date on read. The text is written
 * once for both dialects: `text(T, R)` gives it with the dialect's text and real
 * column types.
 */
export function invoicesMigration(T: string, R: string): string {
  return `
ALTER TABLE organizations ADD COLUMN currency ${T} NOT NULL DEFAULT 'USD';
ALTER TABLE clients ADD COLUMN payment_terms_days INTEGER NOT NULL DEFAULT 30;
ALTER TABLE items ADD COLUMN tax_template_id ${T};

CREATE TABLE tax_templates (
  id ${T} PRIMARY KEY,
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  name ${T} NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_at ${T} NOT NULL,
  created_by ${T},
  updated_at ${T} NOT NULL,
  updated_by ${T},
  title ${T} NOT NULL DEFAULT '',
  inclusive_rate ${R} NOT NULL DEFAULT 0,
  exclusive_rate ${R} NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX tax_templates_title_unique ON tax_templates (organization_id, title);
CREATE INDEX tax_templates_list ON tax_templates (organization_id, title, id);

CREATE TABLE tax_template_rows (
  id ${T} PRIMARY KEY,
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  tax_template_id ${T} NOT NULL REFERENCES tax_templates(id),
  idx INTEGER NOT NULL,
  tax_name ${T} NOT NULL DEFAULT '',
  rate ${R} NOT NULL DEFAULT 0,
  included_in_price INTEGER NOT NULL DEFAULT 0,
  included_rate ${R} NOT NULL DEFAULT 0,
  added_rate ${R} NOT NULL DEFAULT 0
);
CREATE INDEX tax_template_rows_parent ON tax_template_rows (tax_template_id, idx);

CREATE TABLE invoices (
  id ${T} PRIMARY KEY,
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  name ${T} NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_at ${T} NOT NULL,
  created_by ${T},
  updated_at ${T} NOT NULL,
  updated_by ${T},
  docstatus INTEGER NOT NULL DEFAULT 0,
  amended_from ${T},
  client_id ${T},
  payment_terms_days INTEGER NOT NULL DEFAULT 0,
  issue_date ${T},
  due_date ${T},
  currency ${T} NOT NULL DEFAULT '',
  net_total ${R} NOT NULL DEFAULT 0,
  tax_total ${R} NOT NULL DEFAULT 0,
  grand_total ${R} NOT NULL DEFAULT 0,
  paid_amount ${R} NOT NULL DEFAULT 0,
  outstanding ${R} NOT NULL DEFAULT 0,
  payment_status ${T} NOT NULL DEFAULT 'draft',
  is_return INTEGER NOT NULL DEFAULT 0,
  return_against ${T},
  notes ${T} NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX invoices_name ON invoices (organization_id, name);
CREATE INDEX invoices_list ON invoices (organization_id, issue_date, id);
CREATE INDEX invoices_docstatus_issue ON invoices (organization_id, docstatus, issue_date);
CREATE INDEX invoices_client_id ON invoices (organization_id, client_id);
CREATE INDEX invoices_payment_due ON invoices (organization_id, payment_status, due_date);
CREATE INDEX invoices_payment_status ON invoices (organization_id, payment_status);
CREATE INDEX invoices_issue_date ON invoices (organization_id, issue_date);
CREATE INDEX invoices_due_date ON invoices (organization_id, due_date);
CREATE INDEX invoices_grand_total ON invoices (organization_id, grand_total);
CREATE INDEX invoices_outstanding ON invoices (organization_id, outstanding);
CREATE INDEX invoices_is_return ON invoices (organization_id, is_return);
CREATE INDEX invoices_return_against ON invoices (organization_id, return_against);

CREATE TABLE invoice_lines (
  id ${T} PRIMARY KEY,
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  invoice_id ${T} NOT NULL REFERENCES invoices(id),
  idx INTEGER NOT NULL,
  item_id ${T},
  description ${T} NOT NULL DEFAULT '',
  quantity ${R} NOT NULL DEFAULT 0,
  rate ${R} NOT NULL DEFAULT 0,
  discount_percent ${R} NOT NULL DEFAULT 0,
  tax_template_id ${T},
  inclusive_rate ${R} NOT NULL DEFAULT 0,
  exclusive_rate ${R} NOT NULL DEFAULT 0,
  net_amount ${R} NOT NULL DEFAULT 0,
  tax_amount ${R} NOT NULL DEFAULT 0,
  amount ${R} NOT NULL DEFAULT 0
);
CREATE INDEX invoice_lines_parent ON invoice_lines (invoice_id, idx);
CREATE INDEX invoice_lines_tax_template ON invoice_lines (organization_id, tax_template_id);
`;
}

export default invoicesMigration("TEXT", "REAL");
