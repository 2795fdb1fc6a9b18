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
import { importCsv as sendImport } from "../testing/import-upload.ts";

function importCsv(app: TestApp, token: string, csv: string, partial = false) {
  return sendImport(app, token, "sample_job", csv, partial ? { mode: "partial" } : {});
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
      column: null,
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

/** What the planner believes a table holds: SQLite's `sqlite_stat1` row count, PostgreSQL's `reltuples`. */
async function plannedRows(app: TestApp, table: string): Promise<number> {
  if (app.db.dialect === "sqlite") {
    const analysed = await app.db.get(
      "SELECT name FROM sqlite_master WHERE name = 'sqlite_stat1'",
    );
    if (!analysed) return -1;
    const stats = await app.db.all<{ stat: string }>(
      "SELECT stat FROM sqlite_stat1 WHERE tbl = ? AND idx IS NOT NULL",
      [table],
    );
    return stats.length === 0 ? -1 : Number(stats[0].stat.split(" ")[0]);
  }
  const row = await app.db.get<{ n: number }>(
    "SELECT reltuples::float8 AS n FROM pg_class WHERE relname = ? AND relkind = 'r'",
    [table],
  );
  return Number(row?.n ?? -1);
}

Deno.test("a large import refreshes the planner's statistics; a small one and a dry run leave them", async () => {
  const app = await createEngineTestApp();
  try {
    await grant(app, "firm_admin", "milestones", ["import"]);
    const admin = await app.tokenFor("admin@acme.test");
    const rows = (n: number) => ["Title", ...Array.from({ length: n }, (_, i) => `Job ${i}`)];
    const small = await importCsv(app, admin, rows(10).join("\n"));
    assertEquals(small.body.created, 10);
    const before = await plannedRows(app, "sample_jobs");
    assertEquals(before < 1_000, true, `statistics after 10 rows: ${before}`);

    const dry = new FormData();
    dry.set("file", new File([rows(1_500).join("\n")], "jobs.csv", { type: "text/csv" }));
    dry.set("dry_run", "true");
    const tried = await app.fetch(
      new Request("http://localhost/api/records/sample_job/import", {
        method: "POST",
        headers: { authorization: `Bearer ${admin}` },
        body: dry,
      }),
    );
    assertEquals((await tried.json()).created, 1_500);
    assertEquals(await plannedRows(app, "sample_jobs"), before);

    const large = await importCsv(app, admin, rows(1_500).join("\n"));
    assertEquals(large.body.created, 1_500);
    assertEquals(await storedJobs(app), 1_510);
    assertEquals(await plannedRows(app, "sample_jobs"), 1_510);
  } finally {
    await app.close();
  }
});
