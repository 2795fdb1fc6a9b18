/**
 * The import's limits through HTTP: a file over 100,000 data rows and an import
 * reaching 1,000 failures. All-or-nothing stops and stores nothing; partial mode
 * stores the good rows and lists the first 1,000 failures plus how many more.
 * Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createEngineTestApp, grant } from "../testing/engine-app.ts";
import type { TestApp } from "../../testing/test-app.ts";
import { IMPORT_MAX_ROWS } from "./import.ts";

async function importCsv(app: TestApp, token: string, csv: string, partial = false) {
  const form = new FormData();
  form.set("file", new File([csv], "jobs.csv", { type: "text/csv" }));
  if (partial) form.set("mode", "partial");
  const response = await app.fetch(
    new Request("http://localhost/api/records/sample_job/import", {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    }),
  );
  return {
    status: response.status,
    body: await response.json() as {
      created: number;
      failed: { line: number; field: string | null; message: string }[];
    },
  };
}

async function storedJobs(app: TestApp): Promise<number> {
  return (await app.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM sample_jobs"))!.n;
}

Deno.test("a file over 100,000 rows is refused at the row past the limit, and nothing is stored", async () => {
  const app = await createEngineTestApp();
  try {
    await grant(app, "firm_admin", "milestones", ["import"]);
    const admin = await app.tokenFor("admin@acme.test");
    const lines = ["Title"];
    for (let i = 0; i <= IMPORT_MAX_ROWS; i++) lines.push(`Job ${i}`);
    const { body } = await importCsv(app, admin, lines.join("\n"));
    assertEquals(IMPORT_MAX_ROWS, 100_000);
    assertEquals(body.created, 0);
    assertEquals(body.failed, [{
      line: IMPORT_MAX_ROWS + 2,
      field: null,
      message: "The file has more than 100,000 rows; split it",
    }]);
    assertEquals(await storedJobs(app), 0);
  } finally {
    await app.close();
  }
});

Deno.test("an import stops at 1,000 failures; partial mode stores the good rows and counts the rest", async () => {
  const app = await createEngineTestApp();
  try {
    await grant(app, "firm_admin", "milestones", ["import"]);
    const admin = await app.tokenFor("admin@acme.test");
    // 1,200 rows with a visit count over the maximum (99), then 10 good rows.
    const lines = ["Title,Visits"];
    for (let i = 0; i < 1_200; i++) lines.push(`Bad ${i},500`);
    for (let i = 0; i < 10; i++) lines.push(`Good ${i},1`);
    const csv = lines.join("\n");

    const whole = await importCsv(app, admin, csv);
    assertEquals(whole.body.created, 0);
    assertEquals(whole.body.failed.length, 1_001);
    assertEquals(whole.body.failed[0].line, 2);
    assertEquals(whole.body.failed[0].field, "visits");
    assertEquals(
      whole.body.failed.at(-1)!.message,
      "Stopped after 1,000 failures; fix them and import again",
    );
    assertEquals(await storedJobs(app), 0);

    const partial = await importCsv(app, admin, csv, true);
    assertEquals(partial.body.created, 10);
    assertEquals(partial.body.failed.length, 1_001);
    assertEquals(partial.body.failed[999].line, 1_001);
    assertEquals(partial.body.failed.at(-1)!.message, "… and 200 more failures");
    assertEquals(await storedJobs(app), 10);
  } finally {
    await app.close();
  }
});
