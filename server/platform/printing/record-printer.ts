/**
 * A record type that prints: how one of its records becomes a printed document
 * (schemas/api/printed-document.ts). An area names its printers in its manifest
 * (`printers`); for each, the server answers the record's printable document and
 * its PDF (print-routes.ts) to whoever may read the record, a mail template
 * attaches the PDF, and a signature request signs it. `clientId` confines the
 * print to what that client's portal users may see.
 */
import type { PrintedDocument } from "../../../schemas/api/printed-document.ts";
import type { Queryable } from "../../db/database.ts";

/** Which record to print, on which day (statuses derived from dates read on it). */
export interface PrintWhere {
  organizationId: string;
  id: string;
  today: string;
  clientId?: string;
}

/** A printed record: its document, and the day it counts as issued (the PDF's date). */
export interface PrintedRecord {
  document: PrintedDocument;
  issued: string;
}

/** How a record type prints. */
export interface RecordPrinter {
  /** The record type's id. */
  type: string;
  print(q: Queryable, where: PrintWhere): Promise<PrintedRecord>;
}
