/**
 * The invoice as a PDF, drawn on the server with pdf-lib (A4, Helvetica): the
 * firm and the client, number, dates and status, a table of lines and the totals.
 * Text outside the font's Latin-1 range is replaced, never refused, so any name
 * prints.
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import type { PrintableInvoice } from "./printable-invoice.ts";
import { INVOICE_STATUS_LABELS } from "./invoice-status.ts";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const GREY = rgb(0.4, 0.4, 0.4);

/** Text the standard fonts can draw (WinAnsi): other characters become "?". */
function printable(text: string): string {
  return text.replace(/[^\x20-\x7e\xa0-\xff]/g, "?");
}

/** An amount with two decimals and thousands separators. */
export function money(amount: number): string {
  return amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

interface Pen {
  page: PDFPage;
  y: number;
}

/** The PDF bytes of an invoice. */
export async function invoicePdf(invoice: PrintableInvoice): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${invoice.is_return ? "Credit note" : "Invoice"} ${invoice.name}`);
  pdf.setAuthor(printable(invoice.organization));
  pdf.setCreationDate(new Date(`${invoice.issue_date}T00:00:00Z`));
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const pen: Pen = { page: pdf.addPage(A4), y: A4[1] - MARGIN };
  const write = (text: string, x: number, size = 10, f: PDFFont = font, right = false) => {
    const shown = printable(text);
    const at = right ? x - f.widthOfTextAtSize(shown, size) : x;
    pen.page.drawText(shown, { x: at, y: pen.y, size, font: f });
  };

  write(invoice.organization, MARGIN, 16, bold);
  write(invoice.is_return ? "CREDIT NOTE" : "INVOICE", A4[0] - MARGIN, 16, bold, true);
  pen.y -= 22;
  write(invoice.name, A4[0] - MARGIN, 11, font, true);
  pen.y -= 28;
  const facts: [string, string][] = [
    ["Bill to", invoice.client],
    ["Issue date", invoice.issue_date],
    ["Due date", invoice.due_date],
    ["Currency", invoice.currency],
    ["Status", INVOICE_STATUS_LABELS[invoice.status] ?? invoice.status],
  ];
  if (invoice.return_against) facts.push(["Against invoice", invoice.return_against]);
  for (const [label, value] of facts) {
    write(label, MARGIN, 10, bold);
    write(value, MARGIN + 110, 10);
    pen.y -= 15;
  }

  pen.y -= 15;
  const columns: [string, number, boolean][] = [
    ["Description", MARGIN, false],
    ["Qty", 300, true],
    ["Rate", 360, true],
    ["Disc %", 405, true],
    ["Tax", 465, true],
    ["Amount", A4[0] - MARGIN, true],
  ];
  const rule = () =>
    pen.page.drawLine({
      start: { x: MARGIN, y: pen.y - 4 },
      end: { x: A4[0] - MARGIN, y: pen.y - 4 },
      thickness: 0.5,
      color: GREY,
    });
  const header = () => {
    for (const [label, x, right] of columns) write(label, x, 9, bold, right);
    rule();
    pen.y -= 18;
  };
  header();
  for (const line of invoice.lines) {
    if (pen.y < MARGIN + 120) {
      pen.page = pdf.addPage(A4);
      pen.y = A4[1] - MARGIN;
      header();
    }
    const description = line.description || line.item || "";
    write(description.length > 48 ? `${description.slice(0, 47)}...` : description, MARGIN, 9);
    write(String(line.quantity), 300, 9, font, true);
    write(money(line.rate), 360, 9, font, true);
    write(line.discount_percent ? String(line.discount_percent) : "", 405, 9, font, true);
    write(money(line.tax_amount), 465, 9, font, true);
    write(money(line.amount), A4[0] - MARGIN, 9, font, true);
    pen.y -= 15;
  }
  rule();
  pen.y -= 22;
  const totals: [string, number, PDFFont][] = [
    ["Net total", invoice.net_total, font],
    ["Tax", invoice.tax_total, font],
    ["Grand total", invoice.grand_total, bold],
  ];
  if (["unpaid", "partly_paid", "paid", "overdue"].includes(invoice.status)) {
    totals.push(["Paid", invoice.paid_amount, font], ["Outstanding", invoice.outstanding, bold]);
  }
  for (const [label, amount, f] of totals) {
    write(label, 420, 10, f, true);
    write(`${invoice.currency} ${money(amount)}`, A4[0] - MARGIN, 10, f, true);
    pen.y -= 16;
  }
  if (invoice.notes) {
    pen.y -= 12;
    for (const part of invoice.notes.split(/\r?\n/).slice(0, 12)) {
      write(part.slice(0, 100), MARGIN, 9);
      pen.y -= 12;
    }
  }
  // Uncompressed object streams keep the file readable by any PDF reader and test.
  return await pdf.save({ useObjectStreams: false });
}
