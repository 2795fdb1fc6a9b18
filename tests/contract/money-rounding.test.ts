/**
 * Money is rounded by one function (`schemas/money/rounding.ts`: half away from
 * zero on the value's decimal), in the server and the browser. Scaling by a power
 * of ten and rounding (`Math.round(x * 100) / 100`, with or without
 * `Number.EPSILON`) rounds 1.005 to 1.00, so this test fails on any such copy in
 * the source and names the line.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";

const ROOT = new URL("../../", import.meta.url).pathname;
const FOLDERS = ["server", "client", "schemas"];
const THE_ROUNDING = "schemas/money/rounding.ts";

/** A scale-and-round: `Math.round(… * 100) / 100`, `* scale) / scale`, `10 ** digits`, EPSILON. */
const SCALED_ROUNDING = [
  /Math\.round\(.*\*\s*(100|scale|factor)\)\s*\/\s*(100|scale|factor)\b/,
  /Math\.round\(.*\*\s*10\s*\*\*/,
  /Number\.EPSILON/,
];

async function* sources(folder: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(`${ROOT}${folder}`)) {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory && entry.name !== "node_modules" && entry.name !== "dist") {
      yield* sources(path);
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield path;
  }
}

Deno.test("No source rounds money by scaling with a power of ten: one rounding serves all", async () => {
  const found: string[] = [];
  for (const folder of FOLDERS) {
    for await (const path of sources(folder)) {
      if (path === THE_ROUNDING) continue;
      const lines = (await Deno.readTextFile(`${ROOT}${path}`)).split("\n");
      lines.forEach((line, i) => {
        if (SCALED_ROUNDING.some((pattern) => pattern.test(line))) {
          found.push(`${path}:${i + 1}: ${line.trim()}`);
        }
      });
    }
  }
  assertEquals(found, [], `use roundMoney / roundHalfAway from ${THE_ROUNDING}`);
});
