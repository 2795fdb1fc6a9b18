/** PostgreSQL text of migration 025: the invoice index Overdue reads (see ../025_invoice_overdue_index.ts). */
export default `
DROP INDEX IF EXISTS invoices_by_payment_status_due_date_outstanding_client_id;
`;
