/**
 * The one CSV writer of the product, for the server's files and the browser's
 * downloads alike: RFC 4180 quoting, CRLF line ends, and protection against
 * formula injection (OWASP "CSV Injection"): a text cell starting with `=`, `+`,
 * `-`, `@`, tab or carriage return (or their full-width forms) is prefixed with
 * `'`, so a spreadsheet shows it as text instead of running it (a client named
 * `=HYPERLINK(…)` stays a name). Numbers are written as numbers: `-5` is not a
 * formula. A pure function of its cells, so both sides share it.
 */

/** A cell as the writer takes it; `null` and `undefined` are empty. */
export type CsvCell = string | number | boolean | null | undefined;

/** How rows are written. */
export interface CsvWriteOptions {
  /** Start a file with a UTF-8 byte order mark (Excel reads UTF-8 only with it). */
  bom?: boolean;
  /**
   * Prefix cells a spreadsheet would run as formulas (default true). Only a tool
   * writing back cells read from a file this writer made turns it off, since those
   * cells carry their prefix already.
   */
  protectFormulas?: boolean;
}

/** Characters that make a spreadsheet read a cell as a formula when they come first. */
const FORMULA_START = /^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A text cell a spreadsheet could run as a formula, made inert with a leading `'`. */
export function protectFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One cell as CSV text: protected, then quoted when it holds a comma, a quote or a line break. */
export function csvCell(cell: CsvCell, options: CsvWriteOptions = {}): string {
  if (cell === null || cell === undefined) return "";
  if (typeof cell === "number") return Number.isFinite(cell) ? String(cell) : "";
  if (typeof cell === "boolean") return cell ? "true" : "false";
  const text = options.protectFormulas ?? true ? protectFormula(cell) : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One row as a CSV line, CRLF included. */
export function csvLine(cells: readonly CsvCell[], options: CsvWriteOptions = {}): string {
  let line = "";
  for (let i = 0; i < cells.length; i++) {
    if (i > 0) line += ",";
    line += csvCell(cells[i], options);
  }
  return line + "\r\n";
}

/** Rows as a whole CSV file's text (a byte order mark first when asked). */
export function csvText(rows: Iterable<readonly CsvCell[]>, options: CsvWriteOptions = {}): string {
  let text = options.bom ? "\uFEFF" : "";
  for (const row of rows) text += csvLine(row, options);
  return text;
}
