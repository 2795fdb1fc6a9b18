/**
 * Benchmark (issue 13): 100,000 leads streamed as CSV from
 * `GET /api/records/lead/export`, on SQLite and (with BENCH_DATABASE_URL)
 * PostgreSQL. The leads are imported first; then a fresh server answers one small
 * export (to load its code) and the big one while its resident memory (from
 * /proc) is sampled every 10 ms. Prints the peak growth over the resident memory
 * before the download, the time and the size, for the server as the product
 * starts it (server/v8-flags.json) and, for comparison, with V8's default
 * collector settings.
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

/** One export by a fresh server: its lines, bytes, time and memory. */
interface Measured {
  leads: number;
  bytes: number;
  seconds: number;
  before: number;
  growth: number;
}

/** Exports every lead from a fresh server on `databaseUrl` (V8 flags as given, else the product's). */
async function measureExport(databaseUrl: string, v8Flags?: string[]): Promise<Measured> {
  const app = await startApp(PORT, { databaseUrl, v8Flags });
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
    try {
      const res = await fetch(`${app.url}/api/records/lead/export?format=csv`, { headers });
      if (!res.ok) throw new Error(`Export: ${res.status} ${await res.text()}`);
      if (res.headers.get("content-type") !== "text/csv; charset=utf-8") {
        throw new Error(`The export is ${res.headers.get("content-type")}`);
      }
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
    return { leads: lines - 1, bytes, seconds, before, growth: peak - before };
  } finally {
    await app.stop();
  }
}

for (const dialect of benchDialects()) {
  const database = await createBenchDatabase(dialect);
  try {
    const loader = await startApp(PORT, { databaseUrl: database.url });
    try {
      const headers = await signIn(loader.url);
      await importLeads(loader.url, headers, await leadsCsv(loader.url, headers, ROWS));
    } finally {
      await loader.stop();
    }
    const product = await measureExport(database.url);
    const defaults = await measureExport(database.url, []);
    console.log(
      `${dialectName(dialect)}: ${product.leads.toLocaleString("en")} leads, ${
        mb(product.bytes)
      } MB in ${product.seconds.toFixed(2)} s; server memory ${
        mb(product.before)
      } MB before, peak growth ${
        mb(product.growth)
      } MB (budget ≤ 50 MB); with V8's default collector settings ${mb(defaults.growth)} MB (${
        defaults.seconds.toFixed(2)
      } s)`,
    );
  } finally {
    await database.drop();
  }
}
if (benchDialects().length === 1) console.log(`PostgreSQL: not measured (${POSTGRES_HINT})`);
