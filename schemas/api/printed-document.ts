/**
 * A printed document (an invoice, a credit note): everything it says, already in
 * words, with dates and amounts written in its organisation's locale. The server
 * builds it once per document; the printable page (the `printed-document`
 * widget) and the PDF both draw this same value, so they cannot disagree.
 */
import { z } from "zod";

/** A label and the text beside it ("Due date", "10 Jan 2026"). */
export const PrintedFact = z.object({ label: z.string(), value: z.string() }).strict();

/** A column of the document's table; `end` columns (amounts) align right. */
export const PrintedColumn = z.object({
  key: z.string(),
  label: z.string(),
  align: z.enum(["start", "end"]),
}).strict();

/** A titled block of lines (payment details, notes). */
export const PrintedSection = z.object({
  title: z.string(),
  lines: z.array(z.string()),
}).strict();

/** The document. */
export const PrintedDocument = z.object({
  /** What it is: "Invoice", "Credit note". */
  kind: z.string(),
  /** Its number: INV-2026-00012. */
  number: z.string(),
  /** The file its PDF downloads as: INV-2026-00012.pdf. */
  file_name: z.string(),
  /** Who issues it: name, then its address lines, tax number and contact lines. */
  issuer: z.object({
    name: z.string(),
    lines: z.array(z.string()),
    /** A PNG or JPEG data URL, or null. */
    logo: z.string().regex(/^data:image\/(png|jpeg);base64,/).nullable(),
  }).strict(),
  /** Who it is for, under its label ("Bill to"). */
  recipient: z.object({
    label: z.string(),
    name: z.string(),
    lines: z.array(z.string()),
  }).strict(),
  /** Dates, status, currency and the like, in order. */
  facts: z.array(PrintedFact),
  columns: z.array(PrintedColumn),
  /** One row per line: text by column key. */
  rows: z.array(z.record(z.string(), z.string())),
  /** Net, tax, grand total, paid, outstanding; `strong` ones stand out. */
  totals: z.array(PrintedFact.extend({ strong: z.boolean().optional() }).strict()),
  /** Payment details, notes. */
  sections: z.array(PrintedSection),
}).strict();
export type PrintedDocument = z.infer<typeof PrintedDocument>;

/** What a record's printable call answers. */
export const PrintedDocumentResponse = z.object({ document: PrintedDocument }).strict();

/** Every text a document shows, in reading order (what a reader of either copy sees). */
export function printedTexts(document: PrintedDocument): string[] {
  return [
    document.issuer.name,
    ...document.issuer.lines,
    document.kind,
    document.number,
    document.recipient.label,
    document.recipient.name,
    ...document.recipient.lines,
    ...document.facts.flatMap((f) => [f.label, f.value]),
    ...document.columns.map((c) => c.label),
    ...document.rows.flatMap((row) => document.columns.map((c) => row[c.key] ?? "")),
    ...document.totals.flatMap((t) => [t.label, t.value]),
    ...document.sections.flatMap((s) => [s.title, ...s.lines]),
  ].filter((text) => text !== "");
}
