/**
 * What an import takes and what it answers, through HTTP: the columns (heading,
 * required, format, accepted values), a template whose example row imports as it
 * is for every type, failures named by the file's own column headings with the
 * failed rows as written, and a file of those rows with an "Error" column that
 * imports once fixed.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../../testing/test-app.ts";
import { recordTypes } from "../catalogue.ts";
import { csvText } from "../../../schemas/csv/writer.ts";
import { importCsv } from "../testing/import-upload.ts";

Deno.test("GET /api/records/lead/import/columns lists heading, required, format and accepted values", async () => {
  const app = await createTestApp();
  try {
    const sales = await app.tokenFor("sales@acme.test");
    const response = await app.call("GET", "/api/records/lead/import/columns", { token: sales });
    assertEquals(response.status, 200);
    const { columns } = await response.json();
    const byHeading = new Map(
      (columns as { heading: string }[]).map((c) => [c.heading, c as Record<string, unknown>]),
    );
    assertEquals(byHeading.get("Contact name")?.required, true);
    assertEquals(byHeading.get("Stage")?.required, false, "a default fills it");
    assertEquals(byHeading.get("Stage")?.accepted, [
      "New",
      "Contacted",
      "Qualified",
      "Proposal sent",
      "Won",
      "Lost",
    ]);
    assertEquals(byHeading.get("Source")?.required, true);
    ok((byHeading.get("Source")?.accepted as string[]).length > 0, "the organisation's sources");
    assertEquals(byHeading.has("Score"), false, "the scoring rules set the score");
    assertEquals(byHeading.get("Estimated value")?.format, "Amount such as 1250.00 of at least 0");
    assertEquals(byHeading.get("Owner")?.format, "A member's email or full name");
    assertEquals(byHeading.has("Client"), false, "what an import cannot set is not offered");
  } finally {
    await app.close();
  }
});

Deno.test("every type's import template is its columns' headings and an example row that imports as it is", async () => {
  const app = await createTestApp();
  try {
    const admin = await app.tokenFor("admin@acme.test");
    let checked = 0;
    for (const type of recordTypes()) {
      if (!type.declaration.roles.firm_admin?.includes("import")) continue;
      const base = `/api/records/${type.id}/import`;
      const template = await app.call("GET", `${base}/template`, { token: admin });
      assertEquals(template.status, 200, type.id);
      ok(
        template.headers.get("content-disposition")?.includes("-import-template.csv"),
        String(template.headers.get("content-disposition")),
      );
      const text = await template.text();
      const { columns } = await (await app.call("GET", `${base}/columns`, { token: admin })).json();
      // A record that needs a file (a document) names an uploaded file's ID, and one that needs
      // child rows (an invoice's lines) is made in its form: no example creates either.
      const needsMore = type.fields.some((f) =>
        (f.type === "table" && f.required) ||
        (f.type === "attach" &&
          columns.some((c: { field: string; required: boolean }) => c.field === f.id && c.required))
      );
      const [header] = text.replace(/^\uFEFF/, "").split("\r\n");
      assertEquals(header, csvText([columns.map((c: { heading: string }) => c.heading)]).trim());
      if (needsMore) continue;
      const dry = await importCsv(app, admin, type.id, text, { dry_run: "true" });
      assertEquals(
        [dry.status, dry.body.created, dry.body.failed],
        [200, 1, []],
        `${type.id}: ${text}\n${JSON.stringify(dry.body.failed)}`,
      );
      checked++;
    }
    ok(checked >= 8, `only ${checked} types checked`);
  } finally {
    await app.close();
  }
});

Deno.test("a caller without the import permission gets neither the columns nor the template", async () => {
  const app = await createTestApp();
  try {
    const finance = await app.tokenFor("finance@acme.test");
    for (const part of ["columns", "template"]) {
      const refused = await app.call("GET", `/api/records/lead/import/${part}`, {
        token: finance,
      });
      ok([403, 404].includes(refused.status), `${part}: ${refused.status}`);
      await refused.body?.cancel();
    }
  } finally {
    await app.close();
  }
});

Deno.test("a bad import names the file's column headings and answers its failed rows, which import once fixed", async () => {
  const app = await createTestApp();
  try {
    const sales = await app.tokenFor("sales@acme.test");
    const csv = "Contact name,Source,Stage,Estimated value\r\n" +
      "Ada Good,Website,New,1200\r\n" +
      "Bob Bad,Website,Qualified,lots\r\n" +
      ",Website,Maybe,-5\r\n";
    const bad = await importCsv(app, sales, "lead", csv);
    assertEquals(bad.status, 200);
    assertEquals(
      bad.body.failed.map((f: Record<string, unknown>) => [f.line, f.field, f.column, f.message]),
      [
        [3, "estimated_value", "Estimated value", 'Estimated value: "lots" is not a number'],
        [
          4,
          "stage",
          "Stage",
          'Stage: "Maybe" is not one of the options (New, Contacted, Qualified, Proposal sent, Won, Lost)',
        ],
      ],
    );
    const byId = await importCsv(
      app,
      sales,
      "lead",
      "name,source,estimated_value\r\nX,Website,-1\r\n",
    );
    assertEquals(byId.body.failed, [{
      line: 2,
      field: "estimated_value",
      column: "estimated_value",
      message: "estimated_value must be at least 0",
    }]);
    assertEquals(bad.body.header, ["Contact name", "Source", "Stage", "Estimated value"]);
    assertEquals(bad.body.failed_rows, [
      { line: 3, cells: ["Bob Bad", "Website", "Qualified", "lots"] },
      { line: 4, cells: ["", "Website", "Maybe", "-5"] },
    ]);

    // The failed rows as the import dialog offers them: the header, an Error column, each row.
    const failedFile = csvText([
      [...bad.body.header, "Error"],
      ...bad.body.failed_rows.map((r: { line: number; cells: string[] }) => [
        ...r.cells,
        bad.body.failed.filter((f: { line: number }) => f.line === r.line)
          .map((f: { message: string }) => f.message).join("; "),
      ]),
    ]);
    ok(failedFile.includes("'-5"), "a cell that looks like a formula is guarded");
    const fixed = failedFile.replace("lots", "900").replace("Maybe", "Contacted")
      .replace("\r\n,", "\r\nCid Fixed,");
    const again = await importCsv(app, sales, "lead", fixed, { dry_run: "true" });
    assertEquals([again.body.created, again.body.failed], [1, [{
      line: 3,
      field: "estimated_value",
      column: "Estimated value",
      message: "Estimated value must be at least 0",
    }]]);
  } finally {
    await app.close();
  }
});
