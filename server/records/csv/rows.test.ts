import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { mapHeader } from "./header.ts";
import { parseCsv } from "./reader.ts";
import { coerceRows, type LinkResolver } from "./rows.ts";
import { CONTACT } from "./test-record-type.ts";

/** Records a resolver can find, by target: id and title. */
const TARGETS: Record<string, { id: string; title: string }[]> = {
  client: [
    { id: "c1", title: "Acme" },
    { id: "c2", title: "Globex" },
    { id: "c3", title: "Globex" },
  ],
  user: [{ id: "u1", title: "Ada Lovelace" }],
};

function resolver(calls: { target: string; texts: readonly string[] }[]): LinkResolver {
  return (target, texts) => {
    calls.push({ target, texts });
    const records = TARGETS[target] ?? [];
    return Promise.resolve(
      new Map(texts.map((text) => {
        const byId = records.filter((r) => r.id === text);
        const matches = byId.length
          ? byId
          : records.filter((r) => r.title.toLowerCase() === text.toLowerCase());
        return [text, matches.map((r) => r.id)];
      })),
    );
  };
}

async function importText(text: string) {
  const [header, ...rows] = parseCsv(text);
  const { mapping } = mapHeader(header.cells, CONTACT.fields, { typeLabel: "Contact" });
  const calls: { target: string; texts: readonly string[] }[] = [];
  const result = await coerceRows(rows, {
    mapping,
    resolveLinks: resolver(calls),
    selectOptions: new Map([["source", [{ value: "web", label: "Website" }]]]),
  });
  return { ...result, calls };
}

Deno.test("Rows become values; links resolve by id or title with one call per target for the chunk", async () => {
  const { rows, failures, calls } = await importText(
    "ID,Full name,Company,Owner,Source,Visits\n" +
      ",Ann,Acme,Ada Lovelace,Website,3\n" +
      "CON-00007,Bob,c2,u1,web,\n" +
      ",Cid,acme,,,1\n",
  );
  assertEquals(failures, []);
  assertEquals(rows, [
    {
      line: 2,
      id: null,
      values: { full_name: "Ann", company: "c1", owner: "u1", source: "web", visits: 3 },
    },
    {
      line: 3,
      id: "CON-00007",
      values: { full_name: "Bob", company: "c2", owner: "u1", source: "web", visits: null },
    },
    {
      line: 4,
      id: null,
      values: { full_name: "Cid", company: "c1", owner: null, source: "", visits: 1 },
    },
  ]);
  assertEquals(calls, [
    { target: "client", texts: ["Acme", "c2", "acme"] },
    { target: "user", texts: ["Ada Lovelace", "u1"] },
  ]);
});

Deno.test("Every bad cell is reported with its line and field, and its row left out", async () => {
  const { rows, failures } = await importText(
    "Full name,Company,Visits,Born on\n" +
      "Ann,Nowhere Inc,3,2026-01-01\n" +
      '"Bob\nBobson",Globex,x,14/03/2026\n' +
      "Cid,,1\n" +
      "Dee,Acme,2,2026-02-02\n",
  );
  assertEquals(failures, [
    {
      line: 2,
      field: "company",
      column: "Company",
      message: 'Company: Nothing matches "Nowhere Inc" by title or ID',
    },
    {
      line: 3,
      field: "company",
      column: "Company",
      message: 'Company: 2 records are titled "Globex"; write the ID',
    },
    { line: 3, field: "visits", column: "Visits", message: 'Visits: "x" is not a number' },
    {
      line: 3,
      field: "born_on",
      column: "Born on",
      message: 'Born on: "14/03/2026" is not a date written as YYYY-MM-DD (such as 2026-03-14)',
    },
    { line: 5, field: null, column: null, message: "The row has 3 cells; the header has 4" },
  ]);
  assertEquals(rows.map((r) => [r.line, r.values.full_name]), [[6, "Dee"]]);
});
