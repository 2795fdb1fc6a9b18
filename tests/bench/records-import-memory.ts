/**
 * Benchmark (issue 23): the memory a CSV import costs the server. A 60 MiB file of
 * 100,000 leads whose cells are as long as the lead's fields allow (the company
 * padded with spaces, which the import trims, as fixed-width exports write them)
 * is sent to `POST /api/records/lead/import` as a dry run, by a fresh server
 * started as the product starts it (server/v8-flags.json): once alone, three at
 * once, and once as a file whose every row fails (partial mode, so every row is
 * read). The server's resident memory is read from /proc: its high-water mark,
 * reset before the import, and a sample every 10 ms. Prints the peak growth over
 * the resident memory before the import, divided by the file's size, on SQLite
 * and (with BENCH_DATABASE_URL) PostgreSQL.
 * Budget: ≤ 2 (growth at most twice the file's size).
 */
import { startApp } from "./servers.ts";
import { benchDialects, createBenchDatabase, dialectName, POSTGRES_HINT } from "./databases.ts";
import { type ImportAnswer, selectValues, signIn } from "./records-leads.ts";

const FILE_BYTES = Number(Deno.env.get("BENCH_FILE_MIB") ?? 60) * 1024 * 1024;
const ROWS = 100_000;
const PORT = Number(Deno.env.get("BENCH_PORT") ?? 8953);

/** A process's resident memory now, and its high-water mark, in bytes. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = Deno.readTextFileSync(`/proc/${pid}/status`);
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)![1]) * 1024;
  return { rss: kb("VmRSS"), peak: kb("VmHWM") };
}

/** Sets a process's high-water mark back to its resident memory now; false where Linux refuses. */
function resetPeak(pid: number): boolean {
  try {
    Deno.writeTextFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** Text of exactly `length` characters: `text`, cut or padded with `fill`. */
function sized(text: string, length: number, fill: string): string {
  return text.length >= length ? text.slice(0, length) : text + fill.repeat(length - text.length);
}

/**
 * `ROWS` leads in about `bytes` bytes of CSV, every text cell at its field's
 * longest; with `failing`, every row's score is not a number.
 */
async function wideLeadsCsv(
  url: string,
  bytes: number,
  failing: boolean,
): Promise<Uint8Array<ArrayBuffer>> {
  const selects = await selectValues(url, await signIn(url));
  const header = "name,company,email,phone,source,stage,score,estimated_value,owner\r\n";
  const row = (i: number, padding: number) =>
    [
      `"${sized(`Bench Lead ${i}, `, 140, "n")}"`,
      `"${sized(`Company ${i} `, 140, "c")}${" ".repeat(padding)}"`,
      `${sized(`lead${i}.`, 126, "e")}@bench.example`,
      sized("+44 20 7946 0", 40, "1"),
      selects.get("source") ?? "",
      selects.get("stage") ?? "",
      failing ? "n/a" : String(i % 101),
      `${(i % 500) * 100}.50`,
      "admin@acme.test",
    ].join(",") + "\r\n";
  const padding = Math.max(0, Math.floor((bytes - header.length) / ROWS) - row(ROWS - 1, 0).length);
  const encoder = new TextEncoder();
  const out = new Uint8Array(bytes + ROWS * 8);
  let at = encoder.encodeInto(header, out).written;
  for (let i = 0; i < ROWS; i++) {
    at += encoder.encodeInto(row(i, padding), out.subarray(at)).written;
  }
  return out.slice(0, at);
}

/** What one import is expected to answer. */
interface Expected {
  created: number;
  failed: number;
}

/** A dry run of the file through the API (partial when rows are expected to fail). */
async function dryRun(
  url: string,
  headers: Record<string, string>,
  csv: Uint8Array<ArrayBuffer>,
  expected: Expected,
): Promise<void> {
  const form = new FormData();
  form.set("file", new File([csv], "leads.csv", { type: "text/csv" }));
  form.set("dry_run", "true");
  if (expected.failed) form.set("mode", "partial");
  const res = await fetch(`${url}/api/records/lead/import`, {
    method: "POST",
    headers,
    body: form,
  });
  const answer = await res.json() as ImportAnswer;
  if (
    !res.ok || answer.created !== expected.created ||
    (answer.failed?.length ?? 0) !== expected.failed
  ) {
    throw new Error(`Import: ${res.status} ${JSON.stringify(answer).slice(0, 500)}`);
  }
}

/** The peak memory growth of a fresh server while `imports` dry runs of `csv` run at once. */
async function measure(
  databaseUrl: string,
  csv: Uint8Array<ArrayBuffer>,
  options: { imports: number; expected: Expected },
) {
  const app = await startApp(PORT, { databaseUrl });
  try {
    const headers = await signIn(app.url);
    // One small import first, so the import's code is loaded before the baseline.
    const twoLines = csv.slice(0, csv.indexOf(0x0a, csv.indexOf(0x0a) + 1) + 1);
    await dryRun(app.url, headers, twoLines, {
      created: options.expected.created ? 1 : 0,
      failed: options.expected.failed ? 1 : 0,
    });
    const before = memoryOf(app.pid).rss;
    const highWaterMark = resetPeak(app.pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, memoryOf(app.pid).rss);
    }, 10);
    const started = performance.now();
    let refused: string[];
    try {
      const answers = await Promise.allSettled(
        Array.from(
          { length: options.imports },
          () => dryRun(app.url, headers, csv, options.expected),
        ),
      );
      refused = answers.flatMap((a) => a.status === "rejected" ? [String(a.reason)] : []);
    } finally {
      clearInterval(sampler);
    }
    const seconds = (performance.now() - started) / 1000;
    if (highWaterMark) peak = Math.max(peak, memoryOf(app.pid).peak);
    const growth = peak - before;
    return {
      seconds,
      figures: `memory ${mib(before)} MiB before, peak growth ${mib(growth)} MiB = ${
        (growth / csv.length).toFixed(2)
      } × the file (budget ≤ 2)${highWaterMark ? "" : " (sampled every 10 ms)"}${
        refused.length
          ? `; ${refused.length} of ${options.imports} failed: ${refused.join("; ")}`
          : ""
      }`,
    };
  } finally {
    await app.stop();
  }
}

for (const dialect of benchDialects()) {
  const database = await createBenchDatabase(dialect);
  try {
    const seeder = await startApp(PORT, { databaseUrl: database.url });
    let valid: Uint8Array<ArrayBuffer>;
    let failing: Uint8Array<ArrayBuffer>;
    try {
      valid = await wideLeadsCsv(seeder.url, FILE_BYTES, false);
      failing = await wideLeadsCsv(seeder.url, FILE_BYTES, true);
    } finally {
      await seeder.stop();
    }
    const created = { created: ROWS, failed: 0 };
    const one = await measure(database.url, valid, { imports: 1, expected: created });
    console.log(
      `${dialectName(dialect)}: a ${mib(valid.length)} MiB dry run of ${
        ROWS.toLocaleString("en")
      } leads in ${one.seconds.toFixed(1)} s: ${one.figures}`,
    );
    const three = await measure(database.url, valid, { imports: 3, expected: created });
    console.log(`  three at once in ${three.seconds.toFixed(1)} s: ${three.figures}`);
    // 1,000 failures listed, then one line counting the rest.
    const bad = await measure(database.url, failing, {
      imports: 1,
      expected: { created: 0, failed: 1_001 },
    });
    console.log(
      `  every row failing (partial mode, every row read) in ${
        bad.seconds.toFixed(1)
      } s: ${bad.figures}`,
    );
  } finally {
    await database.drop();
  }
}
if (benchDialects().length === 1) console.log(`PostgreSQL: not measured (${POSTGRES_HINT})`);
