/**
 * The rows of a file as a UTF-8 CSV byte stream, written by the product's one CSV
 * writer (`schemas/csv/writer.ts`: quoting, CRLF, formulas made inert), with a
 * UTF-8 byte order mark by default (Excel reads UTF-8 only with it).
 */
import { type CsvCell, csvLine, type CsvWriteOptions } from "../../../schemas/csv/writer.ts";

export {
  type CsvCell,
  csvLine,
  type CsvWriteOptions,
  protectFormula,
} from "../../../schemas/csv/writer.ts";

/** Text gathered before it is encoded and handed on (small, so little is held at once). */
const CHUNK_CHARS = 16 * 1024;

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
