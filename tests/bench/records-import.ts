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
import { readCsv } from "../../server/records/csv/reader.ts";
import { csvLine } from "../../server/records/csv/writer.ts";

/**
 * The export's first `rows` leads with every company changed (the formula guard is
 * the export's, kept); the demo's own leads make the export longer than one import takes.
 */
async function editedExport(
  exported: string,
  rows: number,
): Promise<{ csv: string; leads: number }> {
  let company = -1;
  let csv = "";
  let leads = 0;
  for await (const { cells } of readCsv(new Blob([exported]).stream())) {
    if (company < 0) company = cells.indexOf("Company");
    else if (leads === rows) break;
    else {
      cells[company] = `${cells[company]} Ltd`;
      leads++;
    }
    csv += csvLine(cells, { protectFormulas: false });
  }
  return { csv, leads };
}

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
    const exported = await fetch(`${app.url}/api/records/lead/export?format=csv`, { headers });
    const edited = await editedExport(await exported.text(), ROWS);
    const updateStarted = performance.now();
    const updates = await importLeads(app.url, headers, edited.csv);
    const updateSeconds = (performance.now() - updateStarted) / 1000;
    if (updates.updated !== edited.leads) {
      throw new Error(`Updated ${updates.updated} of ${edited.leads} leads`);
    }
    console.log(
      `  the export imported back with every company changed: ${
        edited.leads.toLocaleString("en")
      } leads updated in ${updateSeconds.toFixed(2)} s: ${
        Math.round(edited.leads / updateSeconds).toLocaleString("en")
      } rows/s`,
    );
  } finally {
    await app.stop();
    await database.drop();
  }
}
if (benchDialects().length === 1) console.log(`PostgreSQL: not measured (${POSTGRES_HINT})`);
