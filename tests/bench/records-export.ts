/**
 * Benchmark (issue 13): 100,000 leads streamed as CSV from
 * `GET /api/records/lead/export`, on SQLite and (with BENCH_DATABASE_URL)
 * PostgreSQL. The leads are imported first; then a fresh server answers one small
 * export (to load its code) and the big one while its resident memory (from
 * /proc) is sampled every 10 ms. Prints the peak growth over the resident memory
 * before the download, the time and the size.
 * Budget: peak growth ≤ 50 MB.
 */
import { startApp } from "./servers.ts";
import { benchDialects, createBenchDatabase, dialectName, POSTGRES_HINT } from "./databases.ts";
import { importLeads, leadsCsv, signIn } from "./records-leads.ts";

const ROWS = Number(Deno.env.get("BENCH_ROWS") ?? 100_000);
const PORT = Number(Deno.env.get("BENCH_PORT") ?? 8952);

/** A process's resident memory in bytes. */
function residentBytes(pid: number): number {
  const status = Deno.readTextFileSync(`/proc/${pid}/status`);
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

for (const dialect of benchDialects()) {
  const database = await createBenchDatabase(dialect);
  const loader = await startApp(PORT, { databaseUrl: database.url });
  try {
    const headers = await signIn(loader.url);
    await importLeads(loader.url, headers, await leadsCsv(loader.url, headers, ROWS));
  } finally {
    await loader.stop();
  }
  // A fresh server for the export, so its memory holds nothing of the import.
  const app = await startApp(PORT, { databaseUrl: database.url });
  try {
    const headers = await signIn(app.url);
    await (await fetch(`${app.url}/api/records/lead/export?format=csv&search=none`, { headers }))
      .arrayBuffer();
    const before = residentBytes(app.pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentBytes(app.pid));
    }, 10);
    const started = performance.now();
    let bytes = 0;
    let lines = 0;
    let res: Response;
    try {
      res = await fetch(`${app.url}/api/records/lead/export?format=csv`, { headers });
      if (!res.ok) throw new Error(`Export: ${res.status} ${await res.text()}`);
      for await (const chunk of res.body!) {
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 0x0a) lines++;
        peak = Math.max(peak, residentBytes(app.pid));
      }
    } finally {
      clearInterval(sampler);
    }
    const seconds = (performance.now() - started) / 1000;
    if (lines < ROWS + 1) throw new Error(`The export has ${lines} lines for ${ROWS} leads`);
    if (res.headers.get("content-type") !== "text/csv; charset=utf-8") {
      throw new Error(`The export is ${res.headers.get("content-type")}`);
    }
    console.log(
      `${dialectName(dialect)}: ${(lines - 1).toLocaleString("en")} leads, ${mb(bytes)} MB in ${
        seconds.toFixed(2)
      } s; server memory ${mb(before)} MB before, peak growth ${
        mb(peak - before)
      } MB (budget ≤ 50 MB)`,
    );
  } finally {
    await app.stop();
    await database.drop();
  }
}
if (benchDialects().length === 1) console.log(`PostgreSQL: not measured (${POSTGRES_HINT})`);
