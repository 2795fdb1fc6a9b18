/**
 * A CSV writer: RFC 4180 quoting, CRLF line ends, an optional UTF-8 byte order
 * mark (Excel reads UTF-8 only with it), and protection against formula injection:
 * a text cell starting with `=`, `+`, `-`, `@`, tab or carriage return (or their
 * full-width forms) is prefixed with `'`, so a spreadsheet shows it as text instead
 * of running it (OWASP "CSV Injection"). Numbers are written as numbers: `-5` is
 * not a formula.
 */

/** A cell as the writer takes it; `null` and `undefined` are empty. */
export type CsvCell = string | number | boolean | null | undefined;

/** How rows are written. */
export interface CsvWriteOptions {
  /** Start with a UTF-8 byte order mark (default true: Excel needs it for UTF-8). */
  bom?: boolean;
  /** Prefix cells that a spreadsheet would run as formulas (default true). */
  protectFormulas?: boolean;
}

/** Characters that make a spreadsheet read a cell as a formula when they come first. */
const FORMULA_START = /^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;
const NEEDS_QUOTES = /[",\r\n]/;
/** Text gathered before it is encoded and handed on (small, so little is held at once). */
const CHUNK_CHARS = 16 * 1024;

/** A text cell a spreadsheet could run as a formula, made inert with a leading `'`. */
export function protectFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function formatCell(cell: CsvCell, protect: boolean): string {
  if (cell === null || cell === undefined) return "";
  if (typeof cell === "number") return Number.isFinite(cell) ? String(cell) : "";
  if (typeof cell === "boolean") return cell ? "true" : "false";
  const text = protect ? protectFormula(cell) : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One row as a CSV line, CRLF included. */
export function csvLine(cells: readonly CsvCell[], options: CsvWriteOptions = {}): string {
  const protect = options.protectFormulas ?? true;
  let line = "";
  for (let i = 0; i < cells.length; i++) {
    if (i > 0) line += ",";
    line += formatCell(cells[i], protect);
  }
  return line + "\r\n";
}

/**
 * The rows as a UTF-8 CSV byte stream. Rows are pulled only as the reader asks
 * for more (about 16 KB at a time), so a slow download holds back the source
 * instead of piling up in memory; cancelling the stream closes the source.
 */
export function csvStream(
  rows: AsyncIterable<readonly CsvCell[]> | Iterable<readonly CsvCell[]>,
  options: CsvWriteOptions = {},
): ReadableStream<Uint8Array> {
  const iterator = Symbol.asyncIterator in rows
    ? rows[Symbol.asyncIterator]()
    : (rows as Iterable<readonly CsvCell[]>)[Symbol.iterator]();
  const encoder = new TextEncoder();
  let text = options.bom ?? true ? "\uFEFF" : "";
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      while (text.length < CHUNK_CHARS) {
        const next = await iterator.next();
        if (next.done) {
          if (text) controller.enqueue(encoder.encode(text));
          controller.close();
          return;
        }
        text += csvLine(next.value, options);
      }
      controller.enqueue(encoder.encode(text));
      text = "";
    },
    async cancel() {
      await iterator.return?.();
    },
  }, { highWaterMark: 0 });
}
