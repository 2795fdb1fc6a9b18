/**
 * A log file rotated by size: when the next line would take the file past
 * `maxBytes`, `app.log` becomes `app.log.1`, `app.log.1` becomes `app.log.2`, …,
 * and the oldest beyond `files` is deleted, so the logs never take more than
 * about (files + 1) × maxBytes of disk. Writes are synchronous appends: a line is
 * on disk, in order, before the request that logged it answers.
 */

/** An open, rotating log file. */
export class RotatingLogFile {
  readonly #path: string;
  readonly #maxBytes: number;
  readonly #files: number;
  #file: Deno.FsFile;
  #size: number;

  constructor(path: string, options: { maxBytes: number; files: number }) {
    this.#path = path;
    this.#maxBytes = options.maxBytes;
    this.#files = options.files;
    const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
    if (dir) Deno.mkdirSync(dir, { recursive: true });
    this.#file = Deno.openSync(path, { append: true, create: true });
    this.#size = this.#file.statSync().size;
  }

  /** Appends one line (a newline is added), rotating first when it would not fit. */
  write(line: string): void {
    const bytes = new TextEncoder().encode(line + "\n");
    if (this.#size > 0 && this.#size + bytes.length > this.#maxBytes) this.#rotate();
    let written = 0;
    while (written < bytes.length) written += this.#file.writeSync(bytes.subarray(written));
    this.#size += bytes.length;
  }

  close(): void {
    this.#file.close();
  }

  #rotate(): void {
    this.#file.close();
    for (let n = this.#files; n >= 1; n--) {
      const from = n === 1 ? this.#path : `${this.#path}.${n - 1}`;
      try {
        if (n === this.#files) Deno.removeSync(`${this.#path}.${n}`);
      } catch (error) {
        if (!(error instanceof Deno.errors.NotFound)) throw error;
      }
      try {
        Deno.renameSync(from, `${this.#path}.${n}`);
      } catch (error) {
        if (!(error instanceof Deno.errors.NotFound)) throw error;
      }
    }
    this.#file = Deno.openSync(this.#path, { append: true, create: true });
    this.#size = 0;
  }
}
