/**
 * Money is rounded by one function (`schemas/money/rounding.ts`: half away from
 * zero on the value's decimal), in the server and the browser. Scaling by a power
 * of ten and rounding (`Math.round(x * 100) / 100`, with or without
 * `Number.EPSILON`) rounds 1.005 to 1.00, so this test fails on any such copy in
 * the source and names the line.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { linesMatching } from "./source-files.ts";

const THE_ROUNDING = "schemas/money/rounding.ts";

/** A scale-and-round: `Math.round(… * 100) / 100`, `* scale) / scale`, `10 ** digits`, EPSILON. */
const SCALED_ROUNDING = [
  /Math\.round\(.*\*\s*(100|scale|factor)\)\s*\/\s*(100|scale|factor)\b/,
  /Math\.round\(.*\*\s*10\s*\*\*/,
  /Number\.EPSILON/,
];

Deno.test("No source rounds money by scaling with a power of ten: one rounding serves all", async () => {
  assertEquals(
    await linesMatching(SCALED_ROUNDING, THE_ROUNDING),
    [],
    `use roundMoney / roundHalfAway from ${THE_ROUNDING}`,
  );
});
