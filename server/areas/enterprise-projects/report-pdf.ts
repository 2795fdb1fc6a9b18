/**
 * A performance report as a PDF (pdf-lib, A4, Helvetica): the title, the date
 * and the report's lines grouped by section, wrapped and paged. Characters the
 * standard font cannot draw become "?".
 */
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import type { z } from "zod";
import type { ReportLine } from "../../../schemas/api/enterprise-projects/planning.ts";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const LABEL_WIDTH = 200;
const GREY = rgb(0.4, 0.4, 0.4);

function printable(text: string): string {
  return text.replace(/[^\x20-\x7e\xa0-\xff]/g, "?");
}

/** The PDF bytes of a report. */
export async function reportPdf(
  report: { title: string; generated_at: string; lines: z.infer<typeof ReportLine>[] },
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(printable(report.title));
  pdf.setCreationDate(new Date(report.generated_at));
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const room = (height: number) => {
    if (y - height < MARGIN) {
      page = pdf.addPage(A4);
      y = A4[1] - MARGIN;
    }
  };
  const wrap = (text: string, width: number, size: number): string[] => {
    const out: string[] = [];
    let current = "";
    for (const word of printable(text).split(/\s+/)) {
      const next = current ? `${current} ${word}` : word;
      if (current && font.widthOfTextAtSize(next, size) > width) {
        out.push(current);
        current = word;
      } else current = next;
    }
    if (current) out.push(current);
    return out;
  };
  for (const text of wrap(report.title, A4[0] - 2 * MARGIN, 16)) {
    room(20);
    page.drawText(text, { x: MARGIN, y, size: 16, font: bold });
    y -= 20;
  }
  page.drawText(`Generated ${report.generated_at.slice(0, 16).replace("T", " ")} UTC`, {
    x: MARGIN,
    y,
    size: 9,
    font,
    color: GREY,
  });
  y -= 24;
  let section = "";
  for (const line of report.lines) {
    if (line.section !== section) {
      section = line.section;
      room(28);
      y -= 6;
      page.drawText(printable(section), { x: MARGIN, y, size: 12, font: bold });
      y -= 16;
    }
    const values = wrap(line.value, A4[0] - 2 * MARGIN - LABEL_WIDTH, 10);
    room(14 * values.length);
    page.drawText(printable(line.label).slice(0, 40), {
      x: MARGIN,
      y,
      size: 10,
      font,
      color: GREY,
    });
    for (const value of values) {
      page.drawText(value, { x: MARGIN + LABEL_WIDTH, y, size: 10, font });
      y -= 14;
    }
  }
  pdf.setSubject(report.lines.map((l) => `${l.label}: ${l.value}`).join("; ").slice(0, 2000));
  return await pdf.save();
}
