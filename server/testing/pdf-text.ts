/**
 * Test support: the text a PDF draws, read back from its content streams
 * (inflated when FlateDecode) as the strings of its text operators, one per
 * drawn run, hex strings decoded. Enough to check what a generated invoice says.
 */
import { inflateSync } from "node:zlib";

const LATIN1 = new TextDecoder("latin1");

/** The strings drawn by the PDF's text operators, in order. */
export function pdfText(bytes: Uint8Array): string[] {
  const raw = LATIN1.decode(bytes);
  const runs: string[] = [];
  const streams = /<<([^]*?)>>\s*stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streams.exec(raw)) !== null) {
    const start = match.index + match[0].length;
    const end = raw.indexOf("endstream", start);
    if (end < 0) break;
    const body = bytes.subarray(start, end);
    let content: string;
    try {
      content = match[1].includes("FlateDecode")
        ? LATIN1.decode(inflateSync(body))
        : LATIN1.decode(body);
    } catch {
      continue;
    }
    for (const op of content.matchAll(/(<([0-9A-Fa-f]*)>|\(((?:\\.|[^\\)])*)\))\s*Tj/g)) {
      runs.push(
        op[2] !== undefined
          ? op[2].replace(/(..)/g, (h) => String.fromCharCode(parseInt(h, 16)))
          : op[3].replace(/\\(.)/g, "$1"),
      );
    }
  }
  return runs;
}
