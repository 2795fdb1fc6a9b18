import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { mapHeader } from "./header.ts";
import { CONTACT } from "./test-record-type.ts";

function kinds(cells: string[]) {
  const { mapping, failures } = mapHeader(cells, CONTACT.fields, { typeLabel: "Contact" });
  return {
    columns: mapping.columns.map((c) => c.kind === "field" ? c.field.id : c.kind),
    hasId: mapping.hasId,
    failures,
  };
}

Deno.test("Headings name fields by id or by label, ignoring case and spaces around", () => {
  assertEquals(kinds(["full_name", " e-MAIL "]), {
    columns: ["full_name", "email"],
    hasId: false,
    failures: [],
  });
  assertEquals(kinds(["ID", "Full name", "Born On", "company"]), {
    columns: ["id", "full_name", "born_on", "company"],
    hasId: true,
    failures: [],
  });
});

Deno.test("Columns an export writes but an import cannot set are skipped", () => {
  assertEquals(kinds(["id", "Name", "Full name", "Total", "code", "Created at", "Updated by"]), {
    columns: ["id", "skipped", "full_name", "skipped", "skipped", "skipped", "skipped"],
    hasId: true,
    failures: [],
  });
});

Deno.test("An unknown, empty or repeated heading, or a child table, fails on line 1 naming the column", () => {
  assertEquals(kinds(["full_name", "Favourite colour", "", "Full Name", "lines"]).failures, [
    {
      line: 1,
      field: null,
      column: "Favourite colour",
      message:
        'Unknown column "Favourite colour": it is neither a field id nor a field label of Contact',
    },
    { line: 1, field: null, column: null, message: "Column 3 has no heading" },
    {
      line: 1,
      field: "full_name",
      column: "Full Name",
      message: 'Column "Full Name" repeats column "full_name"',
    },
    {
      line: 1,
      field: "lines",
      column: "lines",
      message: 'Column "lines" holds child rows, which a CSV import cannot set',
    },
  ]);
  assertEquals(kinds(["id", "ID"]).failures[0].message, 'Column "ID" repeats column "id"');
});

Deno.test("A field the caller may not see is an unknown column", () => {
  const visible = CONTACT.fields.filter((f) => f.id !== "budget");
  const { failures } = mapHeader(["full_name", "Budget"], visible, { typeLabel: "Contact" });
  assertEquals(failures.map((f) => f.message), [
    'Unknown column "Budget": it is neither a field id nor a field label of Contact',
  ]);
});
