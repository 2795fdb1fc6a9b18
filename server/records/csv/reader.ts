/**
 * An RFC 4180 CSV reader: UTF-8 with or without a byte order mark, CRLF, LF or CR
 * line ends, quoted fields holding delimiters, doubled quotes and line breaks. Each
 * row carries the physical line it starts on (1-based), so an error points at the
 * line an editor shows. Blank lines are skipped. A quote inside an unquoted field is
 * kept as text (as Excel and Python's csv read it); after a closing quote only a
 * delimiter or a line end may follow. The delimiter is `,`, or detected from the
 * first line among `,`, `;` (what Excel writes in locales with a decimal comma) and
 * tab: the one appearing most often outside quotes, `,` on a tie.
 */
import { chunkReader } from "../../platform/http/chunk-reader.ts";

/** One row of a CSV file: its cells and the physical line it starts on. */
export interface CsvRow {
  line: number;
  cells: string[];
}

/** A file that cannot be read as CSV; `line` is where the problem starts. */
export class CsvError extends Error {
  readonly line: number;
  /** What is wrong, without the line. */
  readonly reason: string;
  constructor(line: number, reason: string) {
    super(`Line ${line}: ${reason}`);
    this.name = "CsvError";
    this.line = line;
    this.reason = reason[0].toUpperCase() + reason.slice(1);
  }
}

/** How a CSV file is read. */
export interface CsvReadOptions {
  /** The delimiter, or `auto` (default) to detect it from the first line. */
  delimiter?: "," | ";" | "\t" | "auto";
  /** Longest field, in characters (default 32,767, a spreadsheet cell's limit). */
  maxFieldLength?: number;
  /** Most cells in a row (default 500). */
  maxColumns?: number;
  /** Most rows, the header included (default unlimited). */
  maxRows?: number;
}

/** Default limits of the reader. */
export const CSV_LIMITS = { maxFieldLength: 32_767, maxColumns: 500 } as const;

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
/** How much text is held back to find the first line when detecting the delimiter. */
const DETECT_WINDOW = 65_536;

/**
 * An incremental CSV parser: `push` text as it arrives and take the rows it
 * completes; `end` takes the last row. Chunks may split anything, even a CRLF or
 * a doubled quote.
 */
export class CsvParser {
  #delimiter: number | undefined;
  #pending = "";
  #started = false;
  readonly #maxField: number;
  readonly #maxColumns: number;
  readonly #maxRows: number;
  #cells: string[] = [];
  #field = "";
  #inQuotes = false;
  /** A quote was the last character of the previous chunk, inside a quoted field. */
  #quoteAtEnd = false;
  #afterClosingQuote = false;
  #fieldStart = true;
  #skipLF = false;
  #line = 1;
  #rowLine = 1;
  #fieldLine = 1;
  #rows = 0;

  constructor(options: CsvReadOptions = {}) {
    const d = options.delimiter ?? "auto";
    this.#delimiter = d === "auto" ? undefined : d.charCodeAt(0);
    this.#maxField = options.maxFieldLength ?? CSV_LIMITS.maxFieldLength;
    this.#maxColumns = options.maxColumns ?? CSV_LIMITS.maxColumns;
    this.#maxRows = options.maxRows ?? Infinity;
  }

  /** The delimiter in use (`undefined` until the first line has arrived, when detecting). */
  get delimiter(): string | undefined {
    return this.#delimiter === undefined ? undefined : String.fromCharCode(this.#delimiter);
  }

  /** The physical line the parser has reached. */
  get line(): number {
    return this.#line;
  }

  /** Reads more text; answers the rows it completed. */
  push(text: string): CsvRow[] {
    if (!this.#started) {
      this.#started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (this.#delimiter === undefined) {
      this.#pending += text;
      if (!hasFirstLine(this.#pending) && this.#pending.length < DETECT_WINDOW) return [];
      this.#delimiter = detectDelimiter(this.#pending);
      text = this.#pending;
      this.#pending = "";
    }
    const rows: CsvRow[] = [];
    this.#scan(text, rows);
    return rows;
  }

  /** Ends the input; answers the last row, if any. Throws on an unclosed quote. */
  end(): CsvRow[] {
    const rows: CsvRow[] = [];
    if (this.#delimiter === undefined) {
      this.#delimiter = detectDelimiter(this.#pending);
      this.#scan(this.#pending, rows);
      this.#pending = "";
    }
    if (this.#inQuotes) {
      if (!this.#quoteAtEnd) {
        throw new CsvError(
          this.#fieldLine,
          "a quoted field is not closed: its closing quote is missing",
        );
      }
      this.#inQuotes = false;
      this.#quoteAtEnd = false;
      this.#afterClosingQuote = true;
    }
    if (this.#afterClosingQuote || this.#cells.length > 0 || this.#field !== "") {
      this.#endField();
      this.#endRow(rows);
    }
    return rows;
  }

  #scan(s: string, rows: CsvRow[]): void {
    const n = s.length;
    const delimiter = this.#delimiter!;
    let i = 0;
    if (this.#skipLF && n > 0) {
      this.#skipLF = false;
      if (s.charCodeAt(0) === LF) i = 1;
    }
    while (i < n) {
      if (this.#inQuotes) {
        if (this.#quoteAtEnd) {
          this.#quoteAtEnd = false;
          if (s.charCodeAt(i) === QUOTE) {
            this.#append('"');
            i++;
          } else {
            this.#inQuotes = false;
            this.#afterClosingQuote = true;
          }
          continue;
        }
        const q = s.indexOf('"', i);
        const end = q === -1 ? n : q;
        if (end > i) {
          const part = s.slice(i, end);
          this.#line += countLineFeeds(part);
          this.#append(part);
        }
        if (q === -1) return;
        if (q + 1 === n) {
          this.#quoteAtEnd = true;
          return;
        }
        if (s.charCodeAt(q + 1) === QUOTE) {
          this.#append('"');
          i = q + 2;
        } else {
          this.#inQuotes = false;
          this.#afterClosingQuote = true;
          i = q + 1;
        }
        continue;
      }
      let c = s.charCodeAt(i);
      if (this.#afterClosingQuote) {
        this.#afterClosingQuote = false;
        if (c !== delimiter && c !== LF && c !== CR) {
          throw new CsvError(
            this.#line,
            `unexpected text after a closing quote; a quote inside a quoted field is written as two quotes ("")`,
          );
        }
      } else if (this.#fieldStart && c === QUOTE) {
        this.#fieldStart = false;
        this.#inQuotes = true;
        this.#fieldLine = this.#line;
        i++;
        continue;
      }
      this.#fieldStart = false;
      let j = i;
      while (j < n) {
        c = s.charCodeAt(j);
        if (c === delimiter || c === LF || c === CR) break;
        j++;
      }
      if (j > i) {
        this.#fieldLine = this.#line;
        this.#append(s.slice(i, j));
      }
      if (j === n) return;
      this.#endField();
      this.#fieldStart = true;
      if (c !== delimiter) {
        this.#endRow(rows);
        this.#line++;
        this.#rowLine = this.#line;
        if (c === CR) {
          if (j + 1 === n) this.#skipLF = true;
          else if (s.charCodeAt(j + 1) === LF) j++;
        }
      }
      i = j + 1;
    }
  }

  #append(part: string): void {
    this.#field += part;
    if (this.#field.length > this.#maxField) {
      throw new CsvError(
        this.#fieldLine,
        `a field is longer than ${this.#maxField.toLocaleString("en")} characters`,
      );
    }
  }

  #endField(): void {
    if (this.#cells.length >= this.#maxColumns) {
      throw new CsvError(
        this.#rowLine,
        `the row has more than ${this.#maxColumns.toLocaleString("en")} columns`,
      );
    }
    this.#cells.push(this.#field);
    this.#field = "";
  }

  #endRow(rows: CsvRow[]): void {
    const cells = this.#cells;
    this.#cells = [];
    if (cells.length === 1 && cells[0] === "") return;
    if (++this.#rows > this.#maxRows) {
      throw new CsvError(
        this.#rowLine,
        `the file has more than ${this.#maxRows.toLocaleString("en")} rows`,
      );
    }
    rows.push({ line: this.#rowLine, cells });
  }
}

function countLineFeeds(s: string): number {
  let count = 0;
  for (let i = s.indexOf("\n"); i !== -1; i = s.indexOf("\n", i + 1)) count++;
  return count;
}

/** Whether the text holds a line end outside quotes. */
function hasFirstLine(s: string): boolean {
  return firstLineEnd(s) !== -1;
}

function firstLineEnd(s: string): number {
  let inQuotes = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === QUOTE) inQuotes = !inQuotes;
    else if (!inQuotes && (c === LF || c === CR)) return i;
  }
  return -1;
}

/** The most frequent of `,`, `;` and tab outside quotes on the first line; `,` on a tie. */
function detectDelimiter(s: string): number {
  const end = firstLineEnd(s);
  const counts = new Map<number, number>([[0x2c, 0], [0x3b, 0], [0x09, 0]]);
  let inQuotes = false;
  for (let i = 0; i < (end === -1 ? s.length : end); i++) {
    const c = s.charCodeAt(i);
    if (c === QUOTE) inQuotes = !inQuotes;
    else if (!inQuotes && counts.has(c)) counts.set(c, counts.get(c)! + 1);
  }
  let best = 0x2c;
  for (const [c, count] of counts) if (count > counts.get(best)!) best = c;
  return best;
}

/** Every row of a whole CSV text. */
export function parseCsv(text: string, options?: CsvReadOptions): CsvRow[] {
  const parser = new CsvParser(options);
  return [...parser.push(text), ...parser.end()];
}

/** How much of the stream one read takes (see below). */
const READ_BYTES = 16 * 1024;

/**
 * The rows of a UTF-8 CSV byte stream, as they arrive. Bytes that are not UTF-8
 * fail with a `CsvError` at the line reached. A byte stream (a request body, an
 * uploaded file) is read 16 KiB at a time into one reused buffer: no garbage
 * buffer per chunk, and a turn of the event loop between reads for the other
 * requests while a large file is imported.
 */
export async function* readCsv(
  stream: ReadableStream<Uint8Array>,
  options?: CsvReadOptions,
): AsyncGenerator<CsvRow> {
  const parser = new CsvParser(options);
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const reader = chunkReader(stream, READ_BYTES);
  try {
    while (true) {
      const chunk = await reader.read();
      let text: string;
      try {
        text = chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
      } catch {
        const readable = new TextDecoder().decode(chunk ?? undefined);
        const before = readable.slice(0, readable.indexOf("\uFFFD"));
        throw new CsvError(
          parser.line + countLineFeeds(before),
          "the file is not UTF-8 text; save it as CSV UTF-8",
        );
      }
      yield* parser.push(text);
      if (!chunk) break;
    }
    yield* parser.end();
  } finally {
    await reader.cancel();
  }
}
