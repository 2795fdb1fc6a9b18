/**
 * The status users see for an invoice, in SQL: the one definition lists, the
 * portal and reports use (the record type derives the same on read). Overdue is
 * unpaid or partly paid past the due date, evaluated against `today` each time.
 */

/** The SQL expression of the shown status of invoices aliased `alias`; binds one parameter: today. */
export function invoiceStatusSql(alias: string): string {
  return `CASE WHEN ${alias}.docstatus = 2 THEN 'cancelled'
    WHEN ${alias}.docstatus = 0 THEN 'draft'
    WHEN ${alias}.is_return = 1 THEN 'return'
    WHEN ${alias}.payment_status = 'paid' THEN 'paid'
    WHEN ${alias}.payment_status IN ('unpaid', 'partly_paid') AND ${alias}.due_date < CAST(? AS text) THEN 'overdue'
    ELSE ${alias}.payment_status END`;
}

/** How each status reads. */
export const INVOICE_STATUS_LABELS: Readonly<Record<string, string>> = {
  draft: "Draft",
  unpaid: "Unpaid",
  partly_paid: "Partly Paid",
  paid: "Paid",
  overdue: "Overdue",
  cancelled: "Cancelled",
  return: "Return",
};
