/**
 * A printed document (schemas/api/printed-document.ts) as a PDF, drawn with
 * pdf-lib on A4 in Helvetica: the issuer's logo and letterhead, the document's
 * kind and number, who it is for and its facts, the table (text columns wrapped,
 * amounts right-aligned, the header repeated on every page), the totals and the
 * sections. It draws exactly the document's texts — nothing added, nothing
 * reworded — so the PDF says what the printable page says. Characters the
 * standard font cannot draw become "?", never an error, so any name prints.
 */
import {
  PDFDocument,
  type PDFFont,
  type PDFImage,
  type PDFPage,
  rgb,
  StandardFonts,
} from "pdf-lib";
import type { PrintedDocument } from "../../../schemas/api/printed-document.ts";
import { decodeBase64 } from "../auth/base64.ts";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const WIDTH = A4[0] - 2 * MARGIN;
const GREY = rgb(0.38, 0.4, 0.45);
const RULE = rgb(0.8, 0.82, 0.86);
const CELL_PADDING = 8;
const TABLE_SIZE = 8.5;
const LINE = 11;

/** Where the next line goes, on which page. */
interface Pen {
  page: PDFPage;
  y: number;
}

/** Fonts and the pen, with the drawing steps every part uses. */
class Sheet {
  readonly pen: Pen;
  #drawable: Set<number>;

  constructor(
    readonly pdf: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.pen = { page: pdf.addPage(A4), y: A4[1] - MARGIN };
    this.#drawable = new Set(font.getCharacterSet());
  }

  /** The text with characters the font lacks replaced. */
  drawable(text: string): string {
    return [...text].map((ch) => this.#drawable.has(ch.codePointAt(0)!) ? ch : "?").join("");
  }

  /** Draws one line of text at the pen's height; `right` aligns its end at x. */
  text(
    text: string,
    x: number,
    options: { size?: number; font?: PDFFont; right?: boolean; grey?: boolean } = {},
  ): void {
    const size = options.size ?? 9.5;
    const font = options.font ?? this.font;
    const shown = this.drawable(text);
    const at = options.right ? x - font.widthOfTextAtSize(shown, size) : x;
    this.pen.page.drawText(shown, {
      x: at,
      y: this.pen.y,
      size,
      font,
      ...(options.grey ? { color: GREY } : {}),
    });
  }

  /** The lines a text wraps into at this width (on spaces; a word too long is cut). */
  wrap(text: string, width: number, size: number, font: PDFFont = this.font): string[] {
    const out: string[] = [];
    for (const paragraph of this.drawable(text).split("\n")) {
      let current = "";
      for (const word of paragraph.split(/[ \t]+/).filter((w) => w !== "")) {
        const next = current ? `${current} ${word}` : word;
        if (font.widthOfTextAtSize(next, size) <= width) {
          current = next;
          continue;
        }
        if (current) out.push(current);
        current = word;
        while (font.widthOfTextAtSize(current, size) > width && current.length > 1) {
          let cut = current.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(current.slice(0, cut), size) > width) cut--;
          out.push(current.slice(0, cut));
          current = current.slice(cut);
        }
      }
      if (current) out.push(current);
    }
    return out;
  }

  /** Starts a new page when less than `height` is left on this one; true when it did. */
  room(height: number): boolean {
    if (this.pen.y - height >= MARGIN) return false;
    this.pen.page = this.pdf.addPage(A4);
    this.pen.y = A4[1] - MARGIN;
    return true;
  }

  rule(y: number): void {
    this.pen.page.drawLine({
      start: { x: MARGIN, y },
      end: { x: A4[0] - MARGIN, y },
      thickness: 0.6,
      color: RULE,
    });
  }
}

/** The logo as an image the PDF can draw, or null when it cannot be read. */
async function embeddedLogo(pdf: PDFDocument, logo: string | null): Promise<PDFImage | null> {
  const match = logo ? /^data:image\/(png|jpeg);base64,(.*)$/.exec(logo) : null;
  if (!match) return null;
  try {
    const bytes = decodeBase64(match[2]);
    return match[1] === "png" ? await pdf.embedPng(bytes) : await pdf.embedJpg(bytes);
  } catch {
    return null;
  }
}

/** The letterhead (left, under the logo) and the kind and number (right). */
async function drawHeader(sheet: Sheet, document: PrintedDocument): Promise<void> {
  const top = sheet.pen.y;
  const logo = await embeddedLogo(sheet.pdf, document.issuer.logo);
  if (logo) {
    const scale = Math.min(56 / logo.height, 180 / logo.width, 1);
    const height = logo.height * scale;
    sheet.pen.page.drawImage(logo, {
      x: MARGIN,
      y: top - height + 12,
      width: logo.width * scale,
      height,
    });
    sheet.pen.y = top - height - 10;
  }
  sheet.text(document.issuer.name, MARGIN, { size: 13, font: sheet.bold });
  sheet.pen.y -= 14;
  for (const line of document.issuer.lines) {
    for (const part of sheet.wrap(line, WIDTH * 0.55, 9)) {
      sheet.text(part, MARGIN, { size: 9, grey: true });
      sheet.pen.y -= LINE;
    }
  }
  const left = sheet.pen.y;
  sheet.pen.y = top;
  sheet.text(document.kind, A4[0] - MARGIN, { size: 20, font: sheet.bold, right: true });
  sheet.pen.y -= 18;
  sheet.text(document.number, A4[0] - MARGIN, { size: 11, right: true });
  sheet.pen.y = Math.min(left, sheet.pen.y) - 18;
}

/** Who it is for (left) and the document's facts (right), side by side. */
function drawParties(sheet: Sheet, document: PrintedDocument): void {
  const top = sheet.pen.y;
  sheet.text(document.recipient.label, MARGIN, { size: 8.5, grey: true });
  sheet.pen.y -= 13;
  sheet.text(document.recipient.name, MARGIN, { size: 11, font: sheet.bold });
  sheet.pen.y -= 13;
  for (const line of document.recipient.lines) {
    for (const part of sheet.wrap(line, WIDTH * 0.5, 9)) {
      sheet.text(part, MARGIN, { size: 9 });
      sheet.pen.y -= LINE;
    }
  }
  const left = sheet.pen.y;
  sheet.pen.y = top;
  const labelsAt = A4[0] - MARGIN - 200;
  for (const fact of document.facts) {
    sheet.text(fact.label, labelsAt, { size: 9, grey: true });
    sheet.text(fact.value, A4[0] - MARGIN, { size: 9, font: sheet.bold, right: true });
    sheet.pen.y -= 13;
  }
  sheet.pen.y = Math.min(left, sheet.pen.y) - 16;
}

/**
 * Column widths, as a browser lays out a table: every column as wide as its
 * widest text when that fits; else the text columns keep at least their longest
 * word (and header) and share the rest in proportion to what more they would
 * take, wrapping between words.
 */
function columnWidths(sheet: Sheet, document: PrintedDocument): number[] {
  const width = (text: string, font: PDFFont = sheet.font) =>
    font.widthOfTextAtSize(sheet.drawable(text), TABLE_SIZE) + 2 * CELL_PADDING;
  const texts = (key: string) => document.rows.map((row) => row[key] ?? "");
  const natural = document.columns.map((c) =>
    Math.max(width(c.label, sheet.bold), ...texts(c.key).map((t) => width(t)))
  );
  const least = document.columns.map((c, i) =>
    c.align === "end" ? natural[i] : Math.max(
      width(c.label, sheet.bold),
      ...texts(c.key).flatMap((t) => t.split(/[ \t\n]+/)).map((word) => width(word)),
    )
  );
  const isText = (i: number) => document.columns[i].align === "start";
  const total = (widths: number[]) => widths.reduce((sum, w) => sum + w, 0);
  if (total(natural) <= WIDTH) {
    // Room to spare goes to the widest text column (the description).
    const widest = natural.reduce(
      (best, w, i) => isText(i) && (best < 0 || w > natural[best]) ? i : best,
      -1,
    );
    return natural.map((w, i) => i === widest ? w + WIDTH - total(natural) : w);
  }
  const spare = Math.max(0, WIDTH - total(least));
  const more = natural.reduce((sum, w, i) => sum + (isText(i) ? w - least[i] : 0), 0);
  return least.map((w, i) => isText(i) && more > 0 ? w + spare * (natural[i] - w) / more : w);
}

/** The table, its header repeated on each page it runs onto. */
function drawTable(sheet: Sheet, document: PrintedDocument): void {
  const widths = columnWidths(sheet, document);
  const lefts = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((s, w) => s + w, 0));
  // A text column after another starts a little in, clear of the amount before it.
  const at = (i: number) =>
    document.columns[i].align === "end"
      ? lefts[i] + widths[i] - CELL_PADDING
      : lefts[i] + (i > 0 ? 4 : 0);
  const header = () => {
    sheet.room(40);
    document.columns.forEach((column, i) => {
      sheet.text(column.label, at(i), {
        size: TABLE_SIZE,
        font: sheet.bold,
        right: column.align === "end",
        grey: true,
      });
    });
    sheet.rule(sheet.pen.y - 5);
    sheet.pen.y -= 18;
  };
  header();
  for (const row of document.rows) {
    const cells = document.columns.map((column, i) =>
      column.align === "start"
        ? sheet.wrap(row[column.key] ?? "", widths[i] - CELL_PADDING - 4, TABLE_SIZE)
        : [sheet.drawable(row[column.key] ?? "")]
    );
    const height = Math.max(1, ...cells.map((c) => c.length)) * LINE;
    if (sheet.room(height + 8)) header();
    const top = sheet.pen.y;
    document.columns.forEach((column, i) => {
      sheet.pen.y = top;
      for (const part of cells[i]) {
        sheet.text(part, at(i), { size: TABLE_SIZE, right: column.align === "end" });
        sheet.pen.y -= LINE;
      }
    });
    sheet.pen.y = top - height - 3;
    sheet.rule(sheet.pen.y + 7);
    sheet.pen.y -= 6;
  }
  sheet.pen.y -= 8;
}

function drawTotals(sheet: Sheet, document: PrintedDocument): void {
  for (const total of document.totals) {
    sheet.room(16);
    const font = total.strong ? sheet.bold : sheet.font;
    sheet.text(total.label, A4[0] - MARGIN - 140, { size: 9.5, font, right: true });
    sheet.text(total.value, A4[0] - MARGIN, { size: 9.5, font, right: true });
    sheet.pen.y -= 15;
  }
  sheet.pen.y -= 10;
}

function drawSections(sheet: Sheet, document: PrintedDocument): void {
  for (const section of document.sections) {
    sheet.room(30);
    sheet.text(section.title, MARGIN, { size: 10, font: sheet.bold });
    sheet.pen.y -= 14;
    for (const line of section.lines) {
      for (const part of sheet.wrap(line, WIDTH, 9)) {
        sheet.room(LINE);
        sheet.text(part, MARGIN, { size: 9 });
        sheet.pen.y -= LINE;
      }
    }
    sheet.pen.y -= 10;
  }
}

/** The PDF bytes of a printed document. */
export async function printedDocumentPdf(
  document: PrintedDocument,
  options: { issued: string },
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const sheet = new Sheet(pdf, font, bold);
  pdf.setTitle(sheet.drawable(`${document.kind} ${document.number}`));
  pdf.setAuthor(sheet.drawable(document.issuer.name));
  // Dated by the document, not the clock: the same document prints the same bytes.
  const dated = new Date(`${options.issued.slice(0, 10)}T00:00:00Z`);
  pdf.setCreationDate(dated);
  pdf.setModificationDate(dated);
  await drawHeader(sheet, document);
  drawParties(sheet, document);
  drawTable(sheet, document);
  drawTotals(sheet, document);
  drawSections(sheet, document);
  // Uncompressed object streams keep the file readable by any PDF reader and test.
  return await pdf.save({ useObjectStreams: false });
}
