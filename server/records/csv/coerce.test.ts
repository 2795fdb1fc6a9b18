import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { coerceCell } from "./coerce.ts";
import { CONTACT } from "./test-record-type.ts";

function cell(fieldId: string, text: string) {
  return coerceCell(CONTACT.field.get(fieldId)!, text);
}

Deno.test("Numbers take thousands separators and a decimal point, and refuse anything else", () => {
  assertEquals(
    ["1,234.50", "1234.5", " -3 ", "+2", ".5", "0", "1,000,000"].map((t) => cell("score", t)),
    [1234.5, 1234.5, -3, 2, 0.5, 0, 1_000_000].map((value) => ({ value })),
  );
  for (
    const junk of ["12abc", "1,23", "1.2.3", "--1", "1e5", "abc", ",", ".", "1 234", "12,34.5"]
  ) {
    assertEquals(cell("score", junk), { error: `"${junk}" is not a number` }, junk);
  }
  assertEquals(cell("score", "  "), { value: null });
});

Deno.test("Whole numbers refuse fractions; an int with options takes a label", () => {
  assertEquals(cell("visits", "1,200"), { value: 1200 });
  assertEquals(cell("visits", "2.5"), { error: '"2.5" is not a whole number' });
  assertEquals(cell("priority", "urgent"), { value: 4 });
  assertEquals(cell("priority", "1"), { value: 1 });
});

Deno.test("Currencies may start with a currency sign and percents end with %", () => {
  assertEquals(cell("budget", "$1,234.50"), { value: 1234.5 });
  assertEquals(cell("budget", "-€ 20"), { value: -20 });
  assertEquals(cell("discount", "12.5 %"), { value: 12.5 });
  assertEquals(cell("score", "$5"), { error: '"$5" is not a number' });
  assertEquals(cell("budget", "5%"), { error: '"5%" is not a number' });
});

Deno.test("Flags are yes/no, true/false or 1/0 in any case; empty is no", () => {
  assertEquals(
    ["Yes", "no", "TRUE", "false", "1", "0", ""].map((t) => cell("active", t)),
    [true, false, true, false, true, false, false].map((value) => ({ value })),
  );
  assertEquals(cell("active", "maybe"), {
    error: '"maybe" is not yes or no (write yes/no, true/false or 1/0)',
  });
});

Deno.test("Selects match an option's value or label ignoring case", () => {
  assertEquals(
    ["won", "WON", "closed won", " New "].map((t) => cell("stage", t)),
    ["won", "won", "won", "new"].map((value) => ({ value })),
  );
  assertEquals(cell("stage", "lost"), {
    error: '"lost" is not one of the options (New, Closed won)',
  });
  const source = CONTACT.field.get("source")!;
  assertEquals(coerceCell(source, "Web", [{ value: "web", label: "Website" }]), { value: "web" });
  assertEquals(coerceCell(source, "website", [{ value: "web", label: "Website" }]), {
    value: "web",
  });
});

Deno.test("Dates are YYYY-MM-DD calendar dates; datetimes are ISO 8601, UTC unless an offset is given", () => {
  assertEquals(cell("born_on", "2024-02-29"), { value: "2024-02-29" });
  for (const bad of ["2023-02-29", "14/03/2026", "03/14/2026", "2026-3-14", "2026-13-01"]) {
    assertEquals(
      cell("born_on", bad),
      { error: `"${bad}" is not a date written as YYYY-MM-DD (such as 2026-03-14)` },
      bad,
    );
  }
  assertEquals(cell("born_on", ""), { value: null });
  assertEquals(cell("met_at", "2026-03-14 09:30"), { value: "2026-03-14T09:30:00.000Z" });
  assertEquals(cell("met_at", "2026-03-14T09:30:15.5+02:00"), {
    value: "2026-03-14T07:30:15.500Z",
  });
  assertEquals(cell("met_at", "2026-03-14T23:00:00-0100"), { value: "2026-03-15T00:00:00.000Z" });
  assertEquals(cell("met_at", "2026-03-14"), { value: "2026-03-14T00:00:00.000Z" });
  assertEquals("error" in cell("met_at", "2026-03-14 25:00"), true);
  assertEquals("error" in cell("met_at", "yesterday"), true);
});

Deno.test("Text keeps its value, trimmed except long text; an export's formula guard is taken off", () => {
  assertEquals(cell("full_name", "  Ada  "), { value: "Ada" });
  assertEquals(cell("notes", "  two\nlines "), { value: "  two\nlines " });
  assertEquals(cell("full_name", "'=1+1"), { value: "=1+1" });
  assertEquals(cell("full_name", "'quoted"), { value: "'quoted" });
});

Deno.test("A number, choice or link the CSV writer guarded as a formula reads back as itself", () => {
  assertEquals(cell("visits", "'-5"), { value: -5 });
  assertEquals(cell("company", "'-Minus Ltd"), { value: "-Minus Ltd" });
  assertEquals("error" in cell("visits", "'5"), true, "only a guard before a formula start");
});
