import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { csvCell, csvLine, csvText, protectFormula } from "./writer.ts";

Deno.test("csvLine quotes only cells holding a comma, a quote or a line break, and ends with CRLF", () => {
  assertEquals(
    csvLine(["plain", "a,b", 'say "hi"', "two\nlines", "", null, undefined, 12.5, -3, true]),
    'plain,"a,b","say ""hi""","two\nlines",,,,12.5,-3,true\r\n',
  );
  assertEquals(csvLine([Number.NaN, Infinity]), ",\r\n");
});

Deno.test("Text cells a spreadsheet would run as a formula get a leading quote; numbers do not", () => {
  for (const text of ["=1+1", "+1", "-2", "@SUM(A1)", "\tx", "\rx", "＝1+1"]) {
    assertEquals(protectFormula(text), `'${text}`, JSON.stringify(text));
  }
  assertEquals(protectFormula("a=1"), "a=1");
  assertEquals(
    csvLine(['=HYPERLINK("http://x","y")', -5]),
    `"'=HYPERLINK(""http://x"",""y"")",-5\r\n`,
  );
  assertEquals(csvLine(["=1"], { protectFormulas: false }), "=1\r\n");
});

Deno.test("csvText writes every row, with a byte order mark only when asked", () => {
  assertEquals(csvText([["a", 1], ["=b", null]]), "a,1\r\n'=b,\r\n");
  assertEquals(csvText([["x"]], { bom: true }), "\uFEFFx\r\n");
  assertEquals(csvCell("@x"), "'@x");
  assertEquals(csvCell("-x, y"), `"'-x, y"`);
});
