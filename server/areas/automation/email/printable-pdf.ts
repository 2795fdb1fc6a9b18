/**
 * The printable PDF of a record a template attaches: the same document the
 * record's own PDF call answers (an invoice's, named by its number), for a
 * record its reader has already read. Types that print nothing have none.
 */
import type { Queryable } from "../../../db/database.ts";
import { printedDocumentPdf } from "../../../platform/printing/printed-document-pdf.ts";
import type { PrintWhere } from "../../../platform/printing/record-printer.ts";
import type { MailAttachment } from "../../../platform/mail/outbox.ts";
import { recordPrinter } from "../../mod.ts";

/** The record's PDF, or undefined when its type prints none. */
export async function printablePdf(
  q: Queryable,
  typeId: string,
  where: PrintWhere,
): Promise<MailAttachment | undefined> {
  const printer = recordPrinter(typeId);
  if (!printer) return undefined;
  const printed = await printer.print(q, where);
  const bytes = await printedDocumentPdf(printed.document, { issued: printed.issued });
  return {
    filename: printed.document.file_name,
    contentType: "application/pdf",
    content: new Uint8Array(bytes),
  };
}
