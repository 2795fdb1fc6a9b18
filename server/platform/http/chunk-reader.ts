/**
 * Reads a byte stream into one buffer used over and over, when the stream allows
 * it (a byte stream, read with a "bring your own buffer" reader: request bodies
 * and files in Deno), else chunk by chunk as it gives them. Reading a large body
 * or file as the stream's own chunks leaves a fresh buffer behind for every 64
 * KiB; the collector counts such buffers only loosely, so tens of megabytes of
 * them pile up before they are freed, which is most of what a 60 MiB upload
 * costs. One reused buffer costs its size.
 */

/** Reads chunks of a stream; a chunk is valid only until the next `read`. */
export interface ChunkReader {
  /** The next chunk, or null at the end of the stream. */
  read(): Promise<Uint8Array | null>;
  /** Stops reading and releases the stream. */
  cancel(): Promise<void>;
}

/** A reader of `stream` in chunks of at most `size` bytes when it is a byte stream. */
export function chunkReader(stream: ReadableStream<Uint8Array>, size: number): ChunkReader {
  let byob: ReadableStreamBYOBReader | undefined;
  try {
    byob = stream.getReader({ mode: "byob" });
  } catch {
    // Not a byte stream: its chunks are taken as they come.
  }
  if (byob) {
    const reader = byob;
    let buffer: ArrayBuffer | undefined = new ArrayBuffer(size);
    return {
      async read() {
        if (!buffer) return null;
        const { done, value } = await reader.read(new Uint8Array(buffer));
        // The read hands the same memory back in a new ArrayBuffer.
        buffer = value?.buffer as ArrayBuffer | undefined;
        if (done) {
          buffer = undefined;
          return null;
        }
        return value;
      },
      cancel: () => reader.cancel().catch(() => {}),
    };
  }
  const reader = stream.getReader();
  return {
    async read() {
      const { done, value } = await reader.read();
      return done ? null : value;
    },
    cancel: () => reader.cancel().catch(() => {}),
  };
}
