/**
 * The printed document and the PDF of every record type that prints
 * (record-printer.ts): `GET /api/records/{type}/:id/printable` answers the
 * document the printable page draws, `GET /api/records/{type}/:id/pdf` the same
 * document drawn as a PDF named by the record's number. Both read the record
 * through the engine first, so whoever may not read it gets its 404 or 403.
 */
import { PrintedDocumentResponse } from "../../schemas/api/printed-document.ts";
import type { Database } from "../db/database.ts";
import type { Api } from "../platform/http/api.ts";
import type { RecordEngine } from "./engine/engine.ts";
import type { RecordPrinter } from "../platform/printing/record-printer.ts";
import { pdfResponse } from "../platform/printing/pdf-response.ts";

/** Declares the print calls of each printing type. */
export function printRoutes(
  api: Api,
  db: Database,
  records: RecordEngine,
  clock: () => number,
  printers: readonly RecordPrinter[],
): void {
  const today = () => new Date(clock()).toISOString().slice(0, 10);
  for (const printer of printers) {
    const type = records.types.get(printer.type);
    if (!type) throw new Error(`A printer names the unknown record type "${printer.type}"`);
    const print = async (access: Parameters<RecordEngine["get"]>[0], id: string) => {
      const { record } = await records.get(access, type.id, id);
      return await printer.print(db, {
        organizationId: access.organizationId,
        id: record.id as string,
        today: today(),
      });
    };
    api.route({
      method: "get",
      path: `/api/records/${type.id}/:id/printable`,
      tag: type.declaration.plural,
      summary:
        `A ${type.declaration.label.toLowerCase()} as printed: the document its page and its PDF draw (for whoever may read it)`,
      audience: "staff",
      response: PrintedDocumentResponse,
    }, async (c, { access }) => {
      const { document } = await print(access, c.req.param("id")!);
      return c.json({ document });
    });
    api.route({
      method: "get",
      path: `/api/records/${type.id}/:id/pdf`,
      tag: type.declaration.plural,
      summary:
        `A ${type.declaration.label.toLowerCase()} as a PDF named by its number (for whoever may read it)`,
      audience: "staff",
    }, async (c, { access }) => await pdfResponse(await print(access, c.req.param("id")!)));
  }
}
