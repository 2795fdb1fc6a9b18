/**
 * Benchmark (issue 13): 100,000 leads imported from one CSV file through
 * `POST /api/records/lead/import`, with the engine's full validation, on SQLite
 * and (with BENCH_DATABASE_URL) PostgreSQL. Prints rows per second of the whole
 * call (upload, parsing, validation, storage, audit), and the server's CPU time
 * (on a shared machine the wall time also holds other processes' turns). Budget:
 * ≥ 5,000 rows/s on SQLite.
 */
import { startApp } from "./servers.ts";
import { benchDialects, createBenchDatabase, dialectName, POSTGRES_HINT } from "./databases.ts";
import { importLeads, leadsCsv, signIn } from "./records-leads.ts";
import { cpuSecondsOf } from "./process-cpu.ts";

const ROWS = Number(Deno.env.get("BENCH_ROWS") ?? 100_000);
const PORT = Number(Deno.env.get("BENCH_PORT") ?? 8951);

for (const dialect of benchDialects()) {
  const database = await createBenchDatabase(dialect);
  const app = await startApp(PORT, { databaseUrl: database.url });
  try {
    const headers = await signIn(app.url);
    const csv = await leadsCsv(app.url, headers, ROWS);
    const cpuBefore = cpuSecondsOf(app.pid);
    const started = performance.now();
    const answer = await importLeads(app.url, headers, csv);
    const seconds = (performance.now() - started) / 1000;
    const cpu = cpuSecondsOf(app.pid) - cpuBefore;
    if (answer.created !== ROWS) throw new Error(`Created ${answer.created} of ${ROWS} leads`);
    console.log(
      `${dialectName(dialect)}: ${ROWS.toLocaleString("en")} leads (${
        (csv.length / 1e6).toFixed(1)
      } MB) imported in ${seconds.toFixed(2)} s: ${
        Math.round(ROWS / seconds).toLocaleString("en")
      } rows/s (budget on SQLite ≥ 5,000); the server used ${cpu.toFixed(2)} CPU s (${
        Math.round(ROWS / cpu).toLocaleString("en")
      } rows per CPU second)`,
    );
  } finally {
    await app.stop();
    await database.drop();
  }
}
if (benchDialects().length === 1) console.log(`PostgreSQL: not measured (${POSTGRES_HINT})`);
