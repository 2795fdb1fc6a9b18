/**
 * The one definition of what an invoice says on paper: `printedInvoice()` builds
 * the printed document (schemas/api/printed-document.ts) that both the printable
 * page and the PDF draw. It carries the firm's letterhead (legal name, address,
 * tax number, contacts, logo), the client's billing address and tax number, the
 * dates and status, each line's item and description with its tax, the totals
 * with what is paid and outstanding, and how to pay (bank details, payment
 * instructions) — dates and amounts in the organisation's locale.
 */
import type { LetterheadFields } from "../../../../schemas/api/letterhead.ts";
import type { PrintedDocument } from "../../../../schemas/api/printed-document.ts";
import type { Queryable } from "../../../db/database.ts";
import { type DocumentFormats, documentFormats } from "../../../platform/orgs/document-formats.ts";
import { readLetterhead } from "../../../platform/orgs/letterhead.ts";
import { issuerOf, linesOf } from "../../../platform/printing/printed-issuer.ts";
import { INVOICE_STATUS_LABELS } from "./invoice-status.ts";
import { loadPrintableInvoice, type PrintableInvoice } from "./printable-invoice.ts";

/** Statuses of an invoice whose balance is open or settled: they print what is paid. */
const BALANCED = new Set(["unpaid", "partly_paid", "paid", "overdue"]);

/** "IBAN" for an IBAN, else "Account number"; "BIC", "Sort code" or "Bank code" likewise. */
function bankLines(letterhead: LetterheadFields): string[] {
  const account = letterhead.bank_account_number;
  const code = letterhead.bank_code;
  const compact = (value: string) => value.replace(/[\s-]/g, "").toUpperCase();
  const accountLabel = /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(compact(account))
    ? "IBAN"
    : "Account number";
  const codeLabel = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(compact(code))
    ? "BIC"
    : /^\d{6}$/.test(compact(code))
    ? "Sort code"
    : "Bank code";
  return [
    letterhead.bank_account_holder && `Account holder: ${letterhead.bank_account_holder}`,
    account && `${accountLabel}: ${account}`,
    code && `${codeLabel}: ${code}`,
    letterhead.bank_name && `Bank: ${letterhead.bank_name}`,
  ].filter((line) => line !== "");
}

function linesTable(invoice: PrintableInvoice, format: DocumentFormats) {
  const money = (amount: number) => format.money(amount, invoice.currency);
  const discounted = invoice.lines.some((line) => line.discount_percent !== 0);
  const taxed = invoice.lines.some((line) => line.tax !== null || line.tax_amount !== 0);
  const columns: PrintedDocument["columns"] = [
    { key: "item", label: "Item", align: "start" },
    { key: "description", label: "Description", align: "start" },
    { key: "quantity", label: "Quantity", align: "end" },
    { key: "rate", label: "Rate", align: "end" },
    ...(discounted ? [{ key: "discount", label: "Discount", align: "end" as const }] : []),
    ...(taxed
      ? [
        { key: "tax", label: "Tax rate", align: "start" as const },
        { key: "tax_amount", label: "Tax amount", align: "end" as const },
      ]
      : []),
    { key: "amount", label: "Amount", align: "end" },
  ];
  const rows = invoice.lines.map((line) => ({
    item: line.item ?? "",
    description: line.description,
    quantity: format.number(line.quantity),
    rate: money(line.rate),
    discount: line.discount_percent ? format.percent(line.discount_percent) : "",
    tax: line.tax ?? "",
    tax_amount: money(line.tax_amount),
    amount: money(line.amount),
  }));
  return { columns, rows };
}

/** The printed document of a loaded invoice with its organisation's letterhead. */
export function invoiceDocument(
  invoice: PrintableInvoice,
  letterhead: LetterheadFields,
): PrintedDocument {
  const format = documentFormats(letterhead.locale);
  const money = (amount: number) => format.money(amount, invoice.currency);
  const status = INVOICE_STATUS_LABELS[invoice.status] ?? invoice.status;
  const totals: PrintedDocument["totals"] = [
    { label: "Net total", value: money(invoice.net_total) },
    { label: "Tax", value: money(invoice.tax_total) },
    { label: "Grand total", value: money(invoice.grand_total), strong: true },
  ];
  if (BALANCED.has(invoice.status)) {
    totals.push(
      { label: "Paid", value: money(invoice.paid_amount) },
      { label: "Outstanding", value: money(invoice.outstanding), strong: true },
    );
  }
  const payment = [
    ...bankLines(letterhead),
    ...(invoice.is_return ? [] : [`Payment reference: ${invoice.name}`]),
    ...linesOf(letterhead.payment_instructions),
  ];
  const sections: PrintedDocument["sections"] = [];
  if (!invoice.is_return && invoice.status !== "cancelled") {
    sections.push({ title: "Payment details", lines: payment });
  }
  if (invoice.notes.trim()) sections.push({ title: "Notes", lines: linesOf(invoice.notes) });
  return {
    kind: invoice.is_return ? "Credit note" : "Invoice",
    number: invoice.name,
    file_name: `${invoice.name.replace(/[^A-Za-z0-9._-]/g, "_")}.pdf`,
    issuer: issuerOf(invoice, letterhead),
    recipient: {
      label: "Bill to",
      name: invoice.client,
      lines: [
        ...linesOf(invoice.client_billing_address),
        ...(invoice.client_tax_number ? [`Tax number: ${invoice.client_tax_number}`] : []),
      ],
    },
    facts: [
      { label: "Issue date", value: format.date(invoice.issue_date) },
      ...(invoice.is_return ? [] : [{ label: "Due date", value: format.date(invoice.due_date) }]),
      ...(invoice.return_against
        ? [{ label: "Credit note against", value: invoice.return_against }]
        : []),
      { label: "Status", value: status },
      { label: "Currency", value: invoice.currency },
    ],
    ...linesTable(invoice, format),
    totals,
    sections,
  };
}

/** Loads an invoice and prints it; `clientId` confines it to that client's submitted invoices. */
export async function printedInvoice(
  q: Queryable,
  where: { organizationId: string; id: string; today: string; clientId?: string },
): Promise<{ document: PrintedDocument; issued: string }> {
  const invoice = await loadPrintableInvoice(q, where);
  const letterhead = await readLetterhead(q, where.organizationId);
  return { document: invoiceDocument(invoice, letterhead), issued: invoice.issue_date };
}
