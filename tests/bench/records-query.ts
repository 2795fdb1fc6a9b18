/**
 * Benchmark (issue 27): the engine's query against hand-written SQL.
 * - Grouped report: invoices grouped by their client's name and by month, with a
 *   count and the sum of the grand total, over 1,000,000 invoices of one
 *   organisation (BENCH_ROWS), through the whole API (router, session, permission,
 *   the readable clause, the join, the derived names), against the same
 *   hand-written `GROUP BY` (budget: ≤ 3). PostgreSQL's absolute time is printed too.
 * - Kanban: 10,000 leads in 6 stages — the columns' counts and sums (one grouped
 *   query) and the first 20 cards of each column in board order (one list call each,
 *   as the board asks), through the API, against one hand-written `GROUP BY` of the
 *   counts and sums (budget: ≤ 3).
 * SQLite, and PostgreSQL when BENCH_DATABASE_URL names a server. Medians of
 * alternating runs after warm-up; both sides must answer the same figures.
 */
import { createApp } from "../../server/app.ts";
import { DEFAULT_CONFIG } from "../../server/config.ts";
import { ORGS } from "../../server/db/seed/demo-people.ts";
import { INVOICE } from "../../server/areas/finance/types/invoice.ts";
import { LEAD } from "../../server/areas/sales/types/lead.ts";
import { fillInvoices, series } from "../../server/testing/bulk-invoices.ts";
import { dialectName } from "./databases.ts";
import { eachSeededDatabase, type SeededDatabase } from "./seeded-databases.ts";

const INVOICES = Number(Deno.env.get("BENCH_ROWS") ?? 1_000_000);
const LEADS = 10_000;
const RUNS = Number(Deno.env.get("BENCH_RUNS") ?? 7);
const KANBAN_RUNS = Number(Deno.env.get("BENCH_KANBAN_RUNS") ?? 200);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

type Db = SeededDatabase;

/** `rows` leads of Acme spread over the lead statuses, each with a value. */
async function fillLeads(db: Db, rows: number, stages: string[]): Promise<void> {
  const column = (id: string) => LEAD.field.get(id)!.column;
  const stage = `CASE n % ${stages.length} ${
    stages.map((s, i) => `WHEN ${i} THEN '${s}'`).join(" ")
  } END`;
  const now = new Date().toISOString();
  await db.exec(
    `INSERT INTO ${LEAD.table} (id, organization_id, name, version, created_at, updated_at,
       ${column("company")}, ${column("source")}, ${column(STAGE)}, ${column(VALUE)})
     SELECT 'bl' || n, '${ORGS.acme.id}', 'Lead ' || n, 1, '${now}', '${now}', 'Company ' || n,
       'website', ${stage}, ((n * 104729) % 5000000) / 100.0
     FROM (${series(db, rows)}) numbers`,
  );
}

/** The lead's stage and value fields (the board's columns and sums). */
const STAGE = "stage";
const VALUE = "estimated_value";

await eachSeededDatabase(async (db, { dialect, secret }) => {
  const started = performance.now();
  await fillInvoices(db, INVOICES);
  const stages = (LEAD.field.get(STAGE)!.options ?? []).map((o) => o.value);
  await fillLeads(db, LEADS, stages);
  await db.exec(db.dialect === "sqlite" ? "ANALYZE" : "ANALYZE");
  console.log(
    `${dialectName(dialect)}: ${INVOICES.toLocaleString("en")} invoices and ${
      LEADS.toLocaleString("en")
    } leads in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const app = createApp({
    db,
    config: { ...DEFAULT_CONFIG, clientDist: "/nonexistent" },
    secret,
  });
  const login = await app.fetch(
    new Request("http://bench/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@acme.test", password: "demo-password" }),
    }),
  );
  const token = (await login.json()).access_token as string;
  const query = async (type: string, body: unknown) => {
    const res = await app.fetch(
      new Request(`http://bench/api/records/${type}/query`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      }),
    );
    if (res.status !== 200) throw new Error(`query answered ${res.status}: ${await res.text()}`);
    return (await res.json()).rows as Record<string, unknown>[];
  };

  const list = async (type: string, body: unknown) => {
    const res = await app.fetch(
      new Request(`http://bench/api/records/${type}/list`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      }),
    );
    if (res.status !== 200) throw new Error(`list answered ${res.status}: ${await res.text()}`);
    return (await res.json()).items as Record<string, unknown>[];
  };

  // The grouped report.
  const report = () =>
    query("invoice", {
      group_by: [{ field: "client.name" }, { field: "issue_date", bucket: "month" }],
      aggregates: [{ fn: "count", as: "invoices" }, {
        fn: "sum",
        field: "grand_total",
        as: "total",
      }],
      limit: 10_000,
    });
  const client = INVOICE.field.get("client")!.column;
  const handWritten = () =>
    db.all<{ client: string; month: string; invoices: number; total: number }>(
      `SELECT c.name AS client, substr(i.issue_date, 1, 7) AS month, COUNT(*) AS invoices,
                SUM(i.grand_total) AS total
           FROM invoices i LEFT JOIN clients c ON c.organization_id = i.organization_id AND c.id = i.${client}
          WHERE i.organization_id = ?
          GROUP BY c.name, substr(i.issue_date, 1, 7)
          ORDER BY c.name, month`,
      [ORGS.acme.id],
    );
  const viaApi = await report();
  const viaSql = await handWritten();
  const same = viaApi.length === viaSql.length &&
    viaApi.every((r, i) =>
      r["client.name"] === viaSql[i].client && r.issue_date === viaSql[i].month &&
      r.invoices === Number(viaSql[i].invoices) &&
      Math.abs(Number(r.total) - Number(viaSql[i].total)) < 0.01
    );
  if (!same) throw new Error("The API's report and the hand-written GROUP BY differ");
  const api: number[] = [];
  const sql: number[] = [];
  for (let i = 0; i < RUNS + 1; i++) {
    let t = performance.now();
    await report();
    const a = performance.now() - t;
    t = performance.now();
    await handWritten();
    const s = performance.now() - t;
    if (i > 0) { // the first of each warms the caches
      api.push(a);
      sql.push(s);
    }
  }
  console.log(
    `  ${dialectName(dialect)} grouped report (${viaApi.length} groups) over ${
      INVOICES.toLocaleString("en")
    } invoices via API: ${median(api).toFixed(0)} ms; hand-written GROUP BY: ${
      median(sql).toFixed(0)
    } ms; ratio ${(median(api) / median(sql)).toFixed(2)} (budget ≤ 3)`,
  );

  // The kanban board of leads by stage.
  const board = async () => {
    const columns = await query("lead", {
      group_by: [{ field: STAGE }],
      aggregates: [{ fn: "count", as: "cards" }, { fn: "sum", field: VALUE, as: "value" }],
    });
    // As the board asks: each column's first page in the order its cards were put in.
    const cards = await Promise.all(columns.map((c) =>
      list("lead", {
        filters: [{ field: STAGE, op: "eq", value: c[STAGE] as string }],
        sort: [{ field: "board_rank", dir: "desc" }],
        limit: 20,
      })
    ));
    return { columns, cards };
  };
  const stageColumn = LEAD.field.get(STAGE)!.column;
  const valueColumn = LEAD.field.get(VALUE)!.column;
  const boardSql = () =>
    db.all<{ stage: string; cards: number; value: number }>(
      `SELECT ${stageColumn} AS stage, COUNT(*) AS cards, SUM(${valueColumn}) AS value
           FROM leads WHERE organization_id = ? GROUP BY ${stageColumn} ORDER BY ${stageColumn}`,
      [ORGS.acme.id],
    );
  const first = await board();
  const counted = await boardSql();
  if (
    first.columns.map((c) => `${c[STAGE]}:${c.cards}`).join() !==
      counted.map((c) => `${c.stage}:${Number(c.cards)}`).join() ||
    first.cards.some((c) => c.length !== 20)
  ) {
    throw new Error("The board's columns and the hand-written GROUP BY differ");
  }
  for (let i = 0; i < 50; i++) {
    await board();
    await boardSql();
  }
  const boards: number[] = [];
  const grouped: number[] = [];
  for (let i = 0; i < KANBAN_RUNS; i++) {
    let t = performance.now();
    await board();
    boards.push(performance.now() - t);
    t = performance.now();
    await boardSql();
    grouped.push(performance.now() - t);
  }
  console.log(
    `  ${dialectName(dialect)} kanban of ${
      LEADS.toLocaleString("en")
    } leads in ${first.columns.length} stages (counts, sums, 20 cards a column) via API: ${
      median(boards).toFixed(2)
    } ms; one hand-written GROUP BY: ${median(grouped).toFixed(2)} ms; ratio ${
      (median(boards) / median(grouped)).toFixed(2)
    } (budget ≤ 3)`,
  );
});
