/** The PDF of a printed document as a download named by the document's own file name. */
import type { PrintedRecord } from "./record-printer.ts";
import { printedDocumentPdf } from "./printed-document-pdf.ts";

/** The response downloading a printed record's PDF. */
export async function pdfResponse(printed: PrintedRecord): Promise<Response> {
  const bytes = await printedDocumentPdf(printed.document, { issued: printed.issued });
  return pdfDownload(bytes, printed.document.file_name);
}

/** The response downloading PDF bytes as they are (a stored or signed PDF), named `name`. */
export function pdfDownload(bytes: Uint8Array, name: string): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(bytes.length),
      "Content-Disposition": `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, "_")}"; ` +
        `filename*=UTF-8''${encodeURIComponent(name)}`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
