/**
 * Invoice notices (issue 15): the overdue notices already sent, one row per
 * invoice and due date, so the person who raised an invoice is told once when it
 * falls overdue, however often the daily check runs and on however many
 * instances. The index the check reads (open submitted invoices by due date) is the
 * invoice declaration's.
 */
export default `
CREATE TABLE invoice_notices (
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  invoice_id TEXT NOT NULL,
  due_date TEXT NOT NULL,
  user_id TEXT NOT NULL,
  notified_at TEXT NOT NULL,
  PRIMARY KEY (invoice_id, due_date)
);
`;
