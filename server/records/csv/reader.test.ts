import { deepStrictEqual as assertEquals, rejects, throws } from "node:assert/strict";
import { CsvError, CsvParser, parseCsv, readCsv } from "./reader.ts";

function bytes(chunks: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  return ReadableStream.from(chunks);
}

async function readAll(stream: ReadableStream<Uint8Array>, options = {}) {
  const rows = [];
  for await (const row of readCsv(stream, options)) rows.push(row);
  return rows;
}

/** A file with every tricky part: quotes, doubled quotes, delimiters and line breaks inside quotes, CRLF, a lone CR, blank lines, no final line end. */
const TRICKY = 'id,note,amount\r\n1,"Hello, world",3\r\n2,"She said ""hi""",4\n' +
  '3,"two\r\nlines\nthree",5\r\n\r\n4,,\r5,"",x"y';
const TRICKY_ROWS = [
  { line: 1, cells: ["id", "note", "amount"] },
  { line: 2, cells: ["1", "Hello, world", "3"] },
  { line: 3, cells: ["2", 'She said "hi"', "4"] },
  { line: 4, cells: ["3", "two\r\nlines\nthree", "5"] },
  { line: 8, cells: ["4", "", ""] },
  { line: 9, cells: ["5", "", 'x"y'] },
];

Deno.test("parseCsv reads quoted fields with delimiters, doubled quotes and line breaks, counting physical lines", () => {
  assertEquals(parseCsv(TRICKY), TRICKY_ROWS);
});

Deno.test("CsvParser gives the same rows wherever the text is split", () => {
  for (let at = 0; at <= TRICKY.length; at++) {
    const parser = new CsvParser();
    const rows = [...parser.push(TRICKY.slice(0, at)), ...parser.push(TRICKY.slice(at))];
    assertEquals([...rows, ...parser.end()], TRICKY_ROWS, `split at ${at}`);
  }
  const parser = new CsvParser();
  const rows = [...TRICKY].flatMap((c) => parser.push(c));
  assertEquals([...rows, ...parser.end()], TRICKY_ROWS, "one character at a time");
});

Deno.test("readCsv decodes UTF-8 split anywhere between chunks and drops the byte order mark", async () => {
  const encoded = new TextEncoder().encode('\uFEFFname,city\n"Zoë",Kraków\n日本,🙂\n');
  const oneByteChunks = [...encoded].map((b) => Uint8Array.of(b));
  assertEquals(await readAll(bytes(oneByteChunks)), [
    { line: 1, cells: ["name", "city"] },
    { line: 2, cells: ["Zoë", "Kraków"] },
    { line: 3, cells: ["日本", "🙂"] },
  ]);
});

Deno.test("readCsv refuses bytes that are not UTF-8, naming the line reached", async () => {
  const latin1 = Uint8Array.of(...new TextEncoder().encode("a,b\nc,"), 0xe9, 0x0a);
  await rejects(readAll(bytes([latin1])), (e) => {
    assertEquals([(e as CsvError).line, (e as Error).message.includes("not UTF-8")], [2, true]);
    return e instanceof CsvError;
  });
});

Deno.test("An unclosed quote fails at the line where its field starts", () => {
  const text = 'a,b\n1,2\n3,"never closed\nmore\nlines\n';
  throws(() => parseCsv(text), (e) => {
    assertEquals(
      (e as Error).message,
      "Line 3: a quoted field is not closed: its closing quote is missing",
    );
    return e instanceof CsvError && e.line === 3;
  });
});

Deno.test("Text after a closing quote fails with its line", () => {
  throws(() => parseCsv('a,b\n"x" y,2\n'), (e) => e instanceof CsvError && e.line === 2);
});

Deno.test("A field ending the file with a closing quote is complete", () => {
  assertEquals(parseCsv('a,"b"'), [{ line: 1, cells: ["a", "b"] }]);
  const parser = new CsvParser();
  const rows = [...parser.push('a,"b""'), ...parser.push('"'), ...parser.end()];
  assertEquals(rows, [{ line: 1, cells: ["a", 'b"'] }]);
});

Deno.test("Limits on field length, columns and rows fail with the offending line", () => {
  throws(
    () => parseCsv('a\n"12345\n6"\n', { maxFieldLength: 5 }),
    (e) => e instanceof CsvError && e.line === 2 && /longer than 5 characters/.test(e.message),
  );
  assertEquals(parseCsv("12345", { maxFieldLength: 5 }), [{ line: 1, cells: ["12345"] }]);
  throws(
    () => parseCsv("a,b\n1,2,3\n", { maxColumns: 2 }),
    (e) => e instanceof CsvError && e.line === 2 && /more than 2 columns/.test(e.message),
  );
  throws(
    () => parseCsv("h\n1\n\n2\n3\n", { maxRows: 3 }),
    (e) => e instanceof CsvError && e.line === 5 && /more than 3 rows/.test(e.message),
  );
  assertEquals(parseCsv("h\n1\n2\n\n", { maxRows: 3 }).length, 3);
});

Deno.test("The delimiter is detected from the first line: semicolon or tab when they outnumber commas", () => {
  const semicolons = parseCsv('name;"amount, EUR";note\nAnna;1,5;"a;b"\n');
  assertEquals(semicolons, [
    { line: 1, cells: ["name", "amount, EUR", "note"] },
    { line: 2, cells: ["Anna", "1,5", "a;b"] },
  ]);
  assertEquals(parseCsv("a\tb\n1\t2,3\n")[1].cells, ["1", "2,3"]);
  assertEquals(parseCsv("a;b,c\n1;2,3\n")[1].cells, ["1;2", "3"], "a tie keeps the comma");
  assertEquals(parseCsv("a;b\n1;2\n", { delimiter: "," })[1].cells, ["1;2"]);
  const parser = new CsvParser();
  assertEquals(parser.push("x;y;z"), [], "no row until the first line is known");
  assertEquals(parser.end(), [{ line: 1, cells: ["x", "y", "z"] }]);
  assertEquals(parser.delimiter, ";");
});

Deno.test("Blank lines and an empty file give no rows", () => {
  assertEquals(parseCsv(""), []);
  assertEquals(parseCsv("\r\n\n"), []);
  assertEquals(parseCsv("\n\na\n\n"), [{ line: 3, cells: ["a"] }]);
});

Deno.test("readCsv streams a 100,000-row generated file", async () => {
  const header = "name,email,source,stage,estimated_value\n";
  const encoder = new TextEncoder();
  let index = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (index >= 100_000) return controller.close();
      let text = index === 0 ? header : "";
      for (const end = index + 1_000; index < end; index++) {
        text += `"Lead ${index}, Ltd",lead${index}@example.com,web,new,${index}.50\r\n`;
      }
      controller.enqueue(encoder.encode(text));
    },
  });
  let count = 0;
  let last = { line: 0, cells: [] as string[] };
  for await (const row of readCsv(stream)) {
    count++;
    last = row;
  }
  assertEquals(count, 100_001);
  assertEquals(last, {
    line: 100_001,
    cells: ["Lead 99999, Ltd", "lead99999@example.com", "web", "new", "99999.50"],
  });
});
