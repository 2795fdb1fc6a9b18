import { describe, expect, it } from "vitest";
import { toCsv } from "./download.ts";

describe("toCsv", () => {
  it("makes a cell a spreadsheet would run as a formula inert, as the server's files do", () => {
    const csv = toCsv([
      { client_name: '=HYPERLINK("http://evil.test","Pay here")', outstanding: 1250.5 },
      { client_name: "+1-555", outstanding: -20 },
      { client_name: "@SUM(A1)", outstanding: 0 },
    ]);
    expect(csv).toBe(
      "client_name,outstanding\r\n" +
        `"'=HYPERLINK(""http://evil.test"",""Pay here"")",1250.5\r\n` +
        "'+1-555,-20\r\n" +
        "'@SUM(A1),0\r\n",
    );
  });

  it("writes one column per key seen and nested values as JSON", () => {
    expect(toCsv([{ a: 1 }, { b: { c: true } }, 7])).toBe(
      'a,b,value\r\n1,,\r\n,"{""c"":true}",\r\n,,7\r\n',
    );
  });
});
