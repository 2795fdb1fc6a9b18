/**
 * The mail of a subscribed report: its name as the subject, then its result's
 * first rows under the headings and in the words of its CSV (report-cells.ts), the
 * count of rows left out, and the link that opens the report in the app. Text and
 * HTML say the same; every value is escaped in the HTML, since report values are
 * what people typed.
 */
import type { ReportColumn } from "../saved-reports/report-cells.ts";

/** Rows a mail shows; the rest are counted. */
export const MAIL_ROWS = 50;

/** What a report's mail is made of. */
export interface ReportMailInput {
  name: string;
  /** The subscriber's own line at the top, if any. */
  note?: string;
  columns: readonly ReportColumn[];
  /** The result's first rows (at most MAIL_ROWS are shown). */
  rows: readonly Record<string, unknown>[];
  /** How many rows the result has in all. */
  total: number;
  link: string;
}

function escaped(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** The subject, text and HTML of a report's mail. */
export function reportMail(
  input: ReportMailInput,
): { subject: string; text: string; html: string } {
  const shown = input.rows.slice(0, MAIL_ROWS);
  const cells = shown.map((row) => input.columns.map((col) => String(col.cell(row))));
  const headings = input.columns.map((col) => col.heading);
  const more = input.total - shown.length;
  const moreLine = more > 0
    ? `and ${more.toLocaleString("en")} more row${more === 1 ? "" : "s"}`
    : "";
  const empty = input.total === 0 ? "No rows match this report today." : "";
  const note = input.note?.trim() ?? "";
  const text = [
    input.name,
    ...(note ? [note] : []),
    "",
    ...(empty ? [empty] : [headings.join(" | "), ...cells.map((line) => line.join(" | "))]),
    ...(moreLine ? [moreLine] : []),
    "",
    "Open the report in Opsuite:",
    input.link,
    "",
    "You get this message because you subscribed to this report.",
  ].join("\n");
  const table = `<table border="1" cellpadding="4" cellspacing="0"><thead><tr>${
    headings.map((h) => `<th>${escaped(h)}</th>`).join("")
  }</tr></thead><tbody>${
    cells.map((line) => `<tr>${line.map((c) => `<td>${escaped(c)}</td>`).join("")}</tr>`).join("")
  }</tbody></table>`;
  const html = [
    `<h2>${escaped(input.name)}</h2>`,
    ...(note ? [`<p>${escaped(note)}</p>`] : []),
    empty ? `<p>${empty}</p>` : table,
    ...(moreLine ? [`<p>${moreLine}</p>`] : []),
    `<p><a href="${escaped(input.link)}">Open the report in Opsuite</a></p>`,
    "<p>You get this message because you subscribed to this report.</p>",
  ].join("\n");
  return { subject: `Report: ${input.name}`, text, html };
}
