/**
 * Reads a `multipart/form-data` body (RFC 7578) as it arrives, never whole: each
 * file part is written to a temporary file a megabyte at a time (`UploadedFile`),
 * and text fields, which are small, are kept as strings. The bytes pass through
 * two buffers of fixed size (a window of what arrived, and what waits to be
 * written), so a form costs about a megabyte and a few allocations whatever its
 * size, where reading the body and then parsing it held the file two or three
 * times over.
 *
 * Names and file names are read as the HTML standard writes them: UTF-8, in
 * quotes, with `"`, CR and LF sent as `%22`, `%0D` and `%0A`. Text fields must
 * be UTF-8. A body that does not follow the format is refused (400), as are
 * forms beyond the limits below, which no form of this product comes near.
 */
import { invalidInput } from "../errors/app-error.ts";
import { UploadedFile, type Uploads } from "./uploaded-file.ts";

/** A form's fields: text, or a file; a name sent more than once holds a list. */
export type FormFields = Record<string, FormValue | FormValue[]>;
type FormValue = string | UploadedFile;

/** Most parts one form may hold. */
const MAX_PARTS = 100;
/** Longest header block of one part, in bytes. */
const MAX_HEADER_BYTES = 16 * 1024;
/** Longest text field, in bytes (a file goes in a file part). */
const MAX_TEXT_BYTES = 64 * 1024;
/** A file part's bytes are written to disk in pieces of this size. */
const WRITE_BYTES = 1024 * 1024;
/** The window of received bytes not yet read: a part's headers and a chunk fit. */
const WINDOW_BYTES = 128 * 1024;

const CR = 0x0d;
const LF = 0x0a;
const DASH = 0x2d;
const HEADER_END = new Uint8Array([CR, LF, CR, LF]);

/** The boundary of a `multipart/form-data` Content-Type header, or undefined without one. */
export function boundaryOf(contentType: string | null): string | undefined {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType ?? "");
  return match ? (match[1] ?? match[2]) : undefined;
}

function malformed(reason: string): Error {
  return invalidInput(`The request body is not a valid multipart form: ${reason}`, {
    body: "Not a valid multipart form",
  });
}

/** Index of `needle` in `haystack` at or after `from`, or -1. */
function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0];
  const last = haystack.length - needle.length;
  for (
    let i = haystack.indexOf(first, from);
    i !== -1 && i <= last;
    i = haystack.indexOf(first, i + 1)
  ) {
    let j = 1;
    while (j < needle.length && haystack[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

/** A part's name, file name (for files) and media type, from its header block. */
function partHeaders(block: string): { name: string; filename?: string; type: string } {
  let disposition = "";
  let type = "";
  for (const line of block.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon < 1) throw malformed("a part header has no name");
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === "content-disposition") disposition = value;
    else if (name === "content-type") type = value;
  }
  if (!/^form-data\s*(;|$)/i.test(disposition)) {
    throw malformed("a part has no Content-Disposition: form-data header");
  }
  const parameters = new Map<string, string>();
  const pattern = /;\s*([A-Za-z0-9_*-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/g;
  for (const [, key, quoted, bare] of disposition.matchAll(pattern)) {
    const raw = quoted !== undefined ? quoted.replace(/\\(.)/g, "$1") : bare;
    parameters.set(
      key.toLowerCase(),
      raw.replace(/%0A/gi, "\n").replace(/%0D/gi, "\r").replace(/%22/g, '"'),
    );
  }
  const name = parameters.get("name");
  if (name === undefined) throw malformed("a part has no name");
  return { name, filename: parameters.get("filename"), type };
}

/** Writes every byte, however many calls it takes. */
async function writeAll(file: Deno.FsFile, bytes: Uint8Array): Promise<void> {
  for (let at = 0; at < bytes.length;) at += await file.write(bytes.subarray(at));
}

/** The part being read: a file spooled to disk, or a text field held in memory. */
interface OpenPart {
  name: string;
  spool?: Spool;
  text?: Uint8Array[];
  textBytes: number;
}

/** A file part on its way to disk. */
interface Spool {
  path: string;
  file: Deno.FsFile;
  filename: string;
  type: string;
  size: number;
}

type Stage = "preamble" | "after-delimiter" | "headers" | "content" | "done";

/**
 * The state of one form's reading: where in the format it is, and the bytes not
 * yet read, in a window of fixed size. A file's bytes gather in a buffer of fixed
 * size and go to disk a megabyte at a time, in few turns of the event loop.
 */
class FormReader {
  readonly fields: FormFields = {};
  stage: Stage = "preamble";
  /** Bytes received and not yet read: `#window[#start..#end]`. */
  readonly #window = new Uint8Array(WINDOW_BYTES);
  #start = 0;
  #end = 0;
  readonly #out = new Uint8Array(WRITE_BYTES);
  #outBytes = 0;
  readonly #delimiter: Uint8Array;
  readonly #uploads: Uploads;
  #parts = 0;
  #part: OpenPart | undefined;

  constructor(boundary: string, uploads: Uploads) {
    this.#delimiter = new TextEncoder().encode(`\r\n--${boundary}`);
    this.#uploads = uploads;
    // Every delimiter but the first follows a line break; a CRLF before the body makes the first one alike.
    this.#window.set([CR, LF]);
    this.#end = 2;
  }

  /** Reads a chunk of the body (which may be reused once this resolves). */
  async push(chunk: Uint8Array): Promise<void> {
    for (let at = 0; at < chunk.length && this.stage !== "done";) {
      if (this.#start > 0) {
        this.#window.copyWithin(0, this.#start, this.#end);
        this.#end -= this.#start;
        this.#start = 0;
      }
      const taken = Math.min(chunk.length - at, WINDOW_BYTES - this.#end);
      this.#window.set(chunk.subarray(at, at + taken), this.#end);
      this.#end += taken;
      at += taken;
      while (await this.#step());
      if (this.#start === 0 && this.#end === WINDOW_BYTES) {
        throw malformed("a part's headers are too long");
      }
    }
  }

  /** Closes the file being written, if any (a form refused half-way). */
  abandon(): void {
    try {
      this.#part?.spool?.file.close();
    } catch {
      // Already closed.
    }
  }

  #add(name: string, value: FormValue): void {
    const earlier = this.fields[name];
    if (earlier === undefined) this.fields[name] = value;
    else if (Array.isArray(earlier)) earlier.push(value);
    else this.fields[name] = [earlier, value];
  }

  /** Takes `#window[from..to]` as the open part's content. */
  async #content(from: number, to: number): Promise<void> {
    const part = this.#part;
    if (to <= from || !part) return;
    if (!part.spool) {
      part.textBytes += to - from;
      if (part.textBytes > MAX_TEXT_BYTES) {
        throw invalidInput(`The form field "${part.name}" is longer than 64 KiB`, {
          [part.name]: "At most 64 KiB",
        });
      }
      part.text!.push(this.#window.slice(from, to));
      return;
    }
    part.spool.size += to - from;
    while (from < to) {
      const taken = Math.min(to - from, WRITE_BYTES - this.#outBytes);
      this.#out.set(this.#window.subarray(from, from + taken), this.#outBytes);
      this.#outBytes += taken;
      from += taken;
      if (this.#outBytes === WRITE_BYTES) await this.#flush(part.spool);
    }
  }

  /** Writes the file's gathered bytes to disk. */
  async #flush(spool: Spool): Promise<void> {
    await writeAll(spool.file, this.#out.subarray(0, this.#outBytes));
    this.#outBytes = 0;
  }

  async #closePart(): Promise<void> {
    const part = this.#part;
    if (!part) return;
    if (part.spool) {
      await this.#flush(part.spool);
      this.#part = undefined;
      const { path, filename, type, size, file } = part.spool;
      file.close();
      this.#add(part.name, new UploadedFile({ path, name: filename, type, size }));
      return;
    }
    this.#part = undefined;
    const text = new Uint8Array(part.textBytes);
    let at = 0;
    for (const piece of part.text!) {
      text.set(piece, at);
      at += piece.length;
    }
    try {
      this.#add(part.name, new TextDecoder("utf-8", { fatal: true }).decode(text));
    } catch {
      throw invalidInput(`The form field "${part.name}" is not UTF-8 text`, {
        [part.name]: "Not valid UTF-8",
      });
    }
  }

  /** Reads what the window holds; false when it needs more bytes. */
  async #step(): Promise<boolean> {
    const window = this.#window.subarray(0, this.#end);
    const delimiter = this.#delimiter;
    const start = this.#start;
    switch (this.stage) {
      case "preamble": {
        const at = indexOf(window, delimiter, start);
        if (at === -1) {
          this.#start = Math.max(start, this.#end - delimiter.length + 1);
          return false;
        }
        this.#start = at + delimiter.length;
        this.stage = "after-delimiter";
        return true;
      }
      case "after-delimiter": {
        // `--` ends the form; else optional spaces, then the line break before headers.
        if (this.#end - start < 2) return false;
        if (window[start] === DASH && window[start + 1] === DASH) {
          await this.#closePart();
          this.stage = "done";
          return false;
        }
        let i = start;
        while (i < this.#end && (window[i] === 0x20 || window[i] === 0x09)) i++;
        if (i + 2 > this.#end) {
          if (i - start > 256) throw malformed("a boundary line does not end");
          return false;
        }
        if (window[i] !== CR || window[i + 1] !== LF) {
          throw malformed("a boundary line does not end");
        }
        await this.#closePart();
        if (++this.#parts > MAX_PARTS) throw malformed(`it has more than ${MAX_PARTS} parts`);
        this.#start = i + 2;
        this.stage = "headers";
        return true;
      }
      case "headers": {
        const end = indexOf(window, HEADER_END, start);
        if (end === -1) {
          if (this.#end - start > MAX_HEADER_BYTES) {
            throw malformed("a part's headers are too long");
          }
          return false;
        }
        const { name, filename, type } = partHeaders(
          new TextDecoder().decode(window.subarray(start, end)),
        );
        this.#start = end + HEADER_END.length;
        this.#part = { name, textBytes: 0 };
        if (filename === undefined) this.#part.text = [];
        else {
          const { path, file } = await this.#uploads.spool();
          this.#part.spool = { path, file, filename, type, size: 0 };
        }
        this.stage = "content";
        return true;
      }
      case "content": {
        const at = indexOf(window, delimiter, start);
        if (at === -1) {
          // What could be the start of a delimiter cut by the chunk's end waits for the next.
          const upTo = Math.max(start, this.#end - delimiter.length + 1);
          await this.#content(start, upTo);
          this.#start = upTo;
          return false;
        }
        await this.#content(start, at);
        this.#start = at + delimiter.length;
        this.stage = "after-delimiter";
        return true;
      }
      case "done":
        return false;
    }
  }
}

/**
 * Reads a multipart form from `body`, spooling its files through `uploads`.
 * Throws 400 when the body is not a multipart form with this boundary.
 */
export async function readMultipartForm(
  body: AsyncIterable<Uint8Array>,
  boundary: string,
  uploads: Uploads,
): Promise<FormFields> {
  const reader = new FormReader(boundary, uploads);
  try {
    for await (const chunk of body) await reader.push(chunk);
  } catch (error) {
    reader.abandon();
    throw error;
  }
  if (reader.stage !== "done") {
    reader.abandon();
    throw malformed("it ends before its closing boundary");
  }
  return reader.fields;
}
