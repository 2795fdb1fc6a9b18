/**
 * The index the invoice's aging and Overdue read (issue 27) now holds docstatus and
 * is_return too, so a filter on the derived Overdue status is answered from it alone;
 * the record tables' sync creates the new one, this drops the one it replaces.
 */
export default `
DROP INDEX IF EXISTS invoices_by_payment_status_due_date_outstanding_client_id;
`;
