/**
 * A file sent in a multipart form, kept on disk rather than in memory: the form's
 * reader writes each file part to a temporary file as it arrives (see
 * multipart-form.ts), so a 64 MiB import costs the server a few kilobytes of
 * memory while it is received, and the handler reads it back as a stream. The
 * files of a request are removed once its handler has answered.
 */
import { z } from "zod";

/** How much of a file one read of its stream takes. */
const READ_BYTES = 16 * 1024;

/** A file of a multipart form, spooled to a temporary file. */
export class UploadedFile {
  readonly #name: string;
  readonly #type: string;
  readonly #size: number;
  readonly #path: string;

  constructor(spooled: { name: string; type: string; size: number; path: string }) {
    this.#name = spooled.name;
    this.#type = spooled.type;
    this.#size = spooled.size;
    this.#path = spooled.path;
  }

  /** The file name the client gave (may be empty). */
  get name(): string {
    return this.#name;
  }

  /** The media type the client gave (may be empty). */
  get type(): string {
    return this.#type;
  }

  /** Its length in bytes. */
  get size(): number {
    return this.#size;
  }

  /**
   * Its bytes, read from disk as they are consumed, 16 KiB at a time: each read
   * lets the event loop turn, so a long import reading its file leaves other
   * requests (another upload arriving) their share of the process. A byte
   * stream: a reader may bring its own buffer (chunk-reader.ts).
   */
  stream(): ReadableStream<Uint8Array> {
    const path = this.#path;
    let file: Deno.FsFile | undefined;
    return new ReadableStream({
      type: "bytes",
      autoAllocateChunkSize: READ_BYTES,
      async pull(controller) {
        file ??= await Deno.open(path, { read: true });
        const request = controller.byobRequest!;
        const view = request.view!;
        const read = await file.read(
          new Uint8Array(view.buffer, view.byteOffset, Math.min(view.byteLength, READ_BYTES)),
        );
        if (read === null) {
          file.close();
          controller.close();
          request.respond(0);
        } else request.respond(read);
      },
      cancel() {
        file?.close();
      },
    });
  }

  /** All its bytes at once (for files small enough to hold, such as a 10 MiB attachment). */
  async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return await Deno.readFile(this.#path);
  }

  /** Its text as UTF-8, bytes that are not UTF-8 replaced (as `File.text()` reads). */
  async text(): Promise<string> {
    return new TextDecoder().decode(await this.bytes());
  }
}

/** The zod schema of a form field holding a file. */
export const uploadedFile = z.instanceof(UploadedFile);

/**
 * The temporary files of one request's uploads. `spool` creates one; `remove`
 * deletes them all once the request is answered (or failed).
 */
export class Uploads {
  readonly #paths: string[] = [];

  /** A new empty temporary file for an upload, opened for writing. */
  async spool(): Promise<{ path: string; file: Deno.FsFile }> {
    const path = await Deno.makeTempFile({ prefix: "opsuite-upload-" });
    this.#paths.push(path);
    return { path, file: await Deno.open(path, { write: true }) };
  }

  /** Deletes every file spooled for the request. */
  async remove(): Promise<void> {
    for (const path of this.#paths.splice(0)) await Deno.remove(path).catch(() => {});
  }
}
