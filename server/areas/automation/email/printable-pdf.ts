/**
 * The printable PDF of a record a template attaches: the same document the
 * record's own PDF call answers (an invoice's, named by its number), for a
 * record its reader has already read. Types that print nothing have none.
 */
import type { Queryable } from "../../../db/database.ts";
import { printedDocumentPdf } from "../../../platform/printing/printed-document-pdf.ts";
import type { MailAttachment } from "../../../platform/mail/outbox.ts";
import { printedInvoice } from "../../finance/invoices/printed-invoice.ts";

/** How each printable type prints one of its records. */
const PRINTERS: Readonly<
  Record<
    string,
    (q: Queryable, where: { organizationId: string; id: string; today: string }) => Promise<
      { document: Parameters<typeof printedDocumentPdf>[0]; issued: string }
    >
  >
> = { invoice: printedInvoice };

/** The record's PDF, or undefined when its type prints none. */
export async function printablePdf(
  q: Queryable,
  typeId: string,
  where: { organizationId: string; id: string; today: string },
): Promise<MailAttachment | undefined> {
  const print = PRINTERS[typeId];
  if (!print) return undefined;
  const printed = await print(q, where);
  const bytes = await printedDocumentPdf(printed.document, { issued: printed.issued });
  return {
    filename: printed.document.file_name,
    contentType: "application/pdf",
    content: new Uint8Array(bytes),
  };
}
