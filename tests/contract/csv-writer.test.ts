/**
 * Every CSV the product writes, in the server or the browser, goes through one
 * writer (`schemas/csv/writer.ts`), which makes formula-looking cells inert. A
 * hand-written CSV quoting (doubling `"` inside a quoted cell) anywhere else is a
 * second writer that would not, so this test fails on it and names the line.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { linesMatching } from "./source-files.ts";

const THE_WRITER = "schemas/csv/writer.ts";

/** Doubling a quote, as only a CSV writer does: `replaceAll('"', '""')`, `replace(/"/g, '""')`. */
const QUOTE_DOUBLING = [/'""'/, /"\\"\\""/, /`""`/];

Deno.test("No source writes CSV but the one writer that neutralises formulas", async () => {
  assertEquals(
    await linesMatching(QUOTE_DOUBLING, THE_WRITER),
    [],
    `write CSV with csvLine / csvText from ${THE_WRITER}`,
  );
});
