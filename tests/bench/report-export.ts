/**
 * Benchmark (issue 27): a saved report of 1,000,000 invoices (BENCH_ROWS) exported
 * as CSV through the API (`GET /api/records/report/{id}/export`, `app.request` in
 * this process, the download read to its end), on SQLite and (with
 * BENCH_DATABASE_URL) PostgreSQL. The process runs with the product's garbage
 * collector settings (server/v8-flags.json; it starts itself again with them).
 * Prints the peak growth of its resident memory and of V8's heap over what they
 * were before the download (sampled every 10 ms and at each chunk; budget ≤ 50 MB),
 * and the time against a baseline in the same run: the same rows read by a
 * hand-written keyset `SELECT` in pages of the same size, written by the same CSV
 * writer. Both must count the same lines. Figures only; no time is judged.
 */
import { createApp } from "../../server/app.ts";
import { DEFAULT_CONFIG } from "../../server/config.ts";
import { ORGS } from "../../server/db/seed/demo-people.ts";
import { INVOICE } from "../../server/areas/finance/types/invoice.ts";
import { fillInvoices } from "../../server/testing/bulk-invoices.ts";
import { csvStream } from "../../server/records/csv/mod.ts";
import { REPORT_PAGE_ROWS } from "../../server/areas/analytics/saved-reports/report-export.ts";
import V8_FLAGS from "../../server/v8-flags.json" with { type: "json" };
import { dialectName } from "./databases.ts";
import { eachSeededDatabase, type SeededDatabase } from "./seeded-databases.ts";

const INVOICES = Number(Deno.env.get("BENCH_ROWS") ?? 1_000_000);
const CHILD = "BENCH_REPORT_EXPORT_CHILD";

if (!Deno.env.get(CHILD)) {
  const { code } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `--v8-flags=${V8_FLAGS.join(",")}`, new URL(import.meta.url).pathname],
    env: { [CHILD]: "1" },
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  Deno.exit(code);
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** Reads a CSV stream to its end, counting lines, while sampling this process's memory. */
async function drained(body: ReadableStream<Uint8Array>) {
  const before = Deno.memoryUsage();
  const peak = { rss: before.rss, heap: before.heapUsed };
  const sample = () => {
    const now = Deno.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heap = Math.max(peak.heap, now.heapUsed);
  };
  const sampler = setInterval(sample, 10);
  const started = performance.now();
  let lines = 0;
  let bytes = 0;
  try {
    for await (const chunk of body) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 0x0a) lines++;
      sample();
    }
  } finally {
    clearInterval(sampler);
  }
  return {
    lines,
    bytes,
    seconds: (performance.now() - started) / 1000,
    rss: peak.rss - before.rss,
    heap: peak.heap - before.heapUsed,
  };
}

const COLUMNS = ["name", "client", "issue_date", "grand_total", "payment_status"];

/** The same rows by hand: keyset pages over the list's index, the client's name joined. */
async function* handWritten(db: SeededDatabase) {
  const column = (id: string) => `i.${INVOICE.field.get(id)!.column}`;
  yield ["Invoice number", "Client", "Issue date", "Grand total", "Payment status"];
  let after: [string, string] | undefined;
  while (true) {
    const rows = await db.all<Record<string, string | number>>(
      `SELECT i.id, i.name, c.name AS client, ${column("issue_date")} AS issue_date,
              ${column("grand_total")} AS grand_total, ${column("payment_status")} AS status
         FROM ${INVOICE.table} i
         LEFT JOIN clients c ON c.organization_id = i.organization_id AND c.id = ${column("client")}
        WHERE i.organization_id = ?
          ${after ? `AND (${column("issue_date")}, i.id) < (?, ?)` : ""}
        ORDER BY ${column("issue_date")} DESC, i.id DESC LIMIT ${REPORT_PAGE_ROWS.records}`,
      [ORGS.acme.id, ...(after ?? [])],
    );
    for (const r of rows) yield [r.name, r.client, r.issue_date, r.grand_total, r.status];
    if (rows.length < REPORT_PAGE_ROWS.records) return;
    const last = rows[rows.length - 1];
    after = [String(last.issue_date), String(last.id)];
  }
}

await eachSeededDatabase(async (db, { dialect, secret }) => {
  const started = performance.now();
  await fillInvoices(db, INVOICES);
  await db.exec("ANALYZE");
  console.log(
    `${dialectName(dialect)}: ${INVOICES.toLocaleString("en")} invoices in ${
      ((performance.now() - started) / 1000).toFixed(1)
    } s`,
  );
  const built = createApp({
    db,
    config: { ...DEFAULT_CONFIG, clientDist: "/nonexistent" },
    secret,
  });
  // As Hono's `app.request`, through the product's whole request path.
  const request = (path: string, init: RequestInit = {}) =>
    Promise.resolve(built.fetch(new Request(new URL(path, "http://bench"), init)));
  const login = await request("/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@acme.test", password: "demo-password" }),
  });
  const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
  const saved = await request("/api/records/report", {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({
      values: {
        name: "Every invoice",
        record_type: "invoice",
        definition: JSON.stringify({ columns: COLUMNS }),
        chart: "table",
      },
    }),
  });
  if (saved.status !== 201) throw new Error(`Saving the report: ${await saved.text()}`);
  const id = (await saved.json()).record.id as string;
  const exportOnce = async () => {
    const res = await request(`/api/records/report/${id}/export`, { headers });
    if (res.status !== 200) throw new Error(`Export: ${res.status} ${await res.text()}`);
    return await drained(res.body!);
  };
  const api = await exportOnce();
  const baseline = await drained(csvStream(handWritten(db)));
  if (api.lines !== baseline.lines || api.lines < INVOICES + 1) {
    throw new Error(`The export has ${api.lines} lines, the hand-written one ${baseline.lines}`);
  }
  console.log(
    `  ${dialectName(dialect)} report export of ${(api.lines - 1).toLocaleString("en")} rows, ${
      mb(api.bytes)
    } MB in ${api.seconds.toFixed(2)} s; memory growth peak: resident ${mb(api.rss)} MB, heap ${
      mb(api.heap)
    } MB (budget ≤ 50 MB); hand-written keyset SELECT to CSV: ${
      baseline.seconds.toFixed(2)
    } s; ratio ${(api.seconds / baseline.seconds).toFixed(2)}`,
  );
});
