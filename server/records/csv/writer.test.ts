import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { parseCsv } from "./reader.ts";
import { csvStream } from "./writer.ts";

Deno.test("csvStream writes a byte order mark by default and reads back as the same rows", async () => {
  const rows = [["Name", "Note"], ["Zoë", 'line\r\nbreak, and "quotes"'], ["日本", ""]];
  const bytes = new Uint8Array(await new Response(csvStream(rows)).arrayBuffer());
  assertEquals([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf]);
  const text = new TextDecoder().decode(bytes);
  assertEquals(parseCsv(text).map((r) => r.cells), rows);
  const plain = await new Response(csvStream(rows, { bom: false })).text();
  assertEquals(plain.startsWith("Name,"), true);
});

Deno.test("csvStream pulls rows only as the reader asks and closes the source when cancelled", async () => {
  let produced = 0;
  let closed = false;
  async function* endless() {
    try {
      while (true) {
        produced++;
        yield [produced, "x".repeat(100)];
        await Promise.resolve();
      }
    } finally {
      closed = true;
    }
  }
  const reader = csvStream(endless()).getReader();
  const first = await reader.read();
  assertEquals(first.value!.length > 16 * 1024, true);
  assertEquals(produced < 1_000, true, `one chunk's worth of rows, not ${produced}`);
  await reader.cancel();
  assertEquals(closed, true);
});
