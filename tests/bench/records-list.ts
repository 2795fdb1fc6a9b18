/**
 * Benchmark (issue 13): the first page of a record list — 50 rows, one filter, a
 * sort on an indexed field — through the whole API (router, middleware, session,
 * permission, the engine's query, link titles and the capped count), against the
 * same page fetched with a hand-written indexed SQL query reading the same columns the
 * API answers with (budget: ≤ 3), with the
 * count remembered between writes as it is while people page through a list, and
 * printed once more with the count taken afresh each time (a write between every
 * request); and the
 * same request on an organisation holding 1,000,000 rows against one holding
 * 10,000 rows (budget: ≤ 1.5: the capped count keeps it flat). SQLite, and
 * PostgreSQL when BENCH_DATABASE_URL names a server. Medians of alternating runs,
 * after 1,000 warm-up calls of each.
 */
import { openDatabase } from "../../server/db/open.ts";
import { prepareDatabase } from "../../server/db/prepare.ts";
import { createApp } from "../../server/app.ts";
import { DEFAULT_CONFIG } from "../../server/config.ts";
import { defineRecordType } from "../../server/records/define.ts";
import { recordTypes } from "../../server/records/catalogue.ts";
import { tableStatements } from "../../server/records/engine/table-ddl.ts";
import { permissionOf } from "../../server/platform/access/authorize.ts";
import { ORGS } from "../../server/db/seed/demo-people.ts";
import { benchDialects, createBenchDatabase, dialectName, POSTGRES_HINT } from "./databases.ts";

const BIG = Number(Deno.env.get("BENCH_ROWS") ?? 1_000_000);
const SMALL = 10_000;
const RUNS = Number(Deno.env.get("BENCH_RUNS") ?? 200);
const WARM_UP_RUNS = 1_000;

const ENTRY = defineRecordType({
  id: "bench_entry",
  label: "Entry",
  plural: "Entries",
  module: "milestones",
  naming: { series: "BE-.#######" },
  title_field: "title",
  search_fields: ["title"],
  fields: [
    { id: "title", label: "Title", type: "data", required: true, in_list: true },
    {
      id: "kind",
      label: "Kind",
      type: "select",
      filterable: true,
      options: ["a", "b", "c", "d"].map((v) => ({ value: v, label: v.toUpperCase() })),
    },
    { id: "amount", label: "Amount", type: "currency", sortable: true },
  ],
  list: { columns: ["title", "kind", "amount"], sort: [{ field: "amount", dir: "desc" }] },
  form: {
    tabs: [{ id: "main", label: "Entry", sections: [{ columns: [["title", "kind", "amount"]] }] }],
  },
  roles: { firm_admin: ["read"] },
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function fill(
  db: ReturnType<typeof openDatabase>,
  organizationId: string,
  prefix: string,
  rows: number,
) {
  const now = new Date().toISOString();
  const series = db.dialect === "sqlite"
    ? `WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${rows}) SELECT n FROM seq`
    : `SELECT n FROM generate_series(1, ${rows}) AS n`;
  await db.exec(
    `INSERT INTO bench_entrys (id, organization_id, name, version, created_at, updated_at, title, kind, amount)
     SELECT '${prefix}' || n, '${organizationId}', 'BE-${prefix}' || n, 1, '${now}', '${now}', 'Entry ' || n,
       CASE n % 4 WHEN 0 THEN 'a' WHEN 1 THEN 'b' WHEN 2 THEN 'c' ELSE 'd' END,
       (((n % 100000) * 7919) % 100000) / 100.0
     FROM (${series}) numbers`,
  );
}

const dialects = benchDialects();
if (dialects.length === 1) console.log(`PostgreSQL: not measured (${POSTGRES_HINT})`);
for (const dialect of dialects) {
  const database = await createBenchDatabase(dialect);
  const db = openDatabase(database.url);
  try {
    const { secret } = await prepareDatabase(db, { seed: "demo", now: Date.now() });
    for (const statement of tableStatements(ENTRY, db.dialect)) await db.exec(statement);
    await db.run(
      `INSERT INTO role_permissions (organization_id, role_id, permission)
       SELECT organization_id, id, ? FROM roles WHERE name = 'firm_admin' ON CONFLICT DO NOTHING`,
      [permissionOf(ENTRY.module, "read")],
    );
    const started = performance.now();
    await fill(db, ORGS.acme.id, "a", BIG);
    await fill(db, ORGS.globex.id, "g", SMALL);
    await db.exec(db.dialect === "sqlite" ? "ANALYZE" : "ANALYZE bench_entrys");
    console.log(
      `${dialectName(dialect)}: ${BIG.toLocaleString("en")} + ${
        SMALL.toLocaleString("en")
      } rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const app = createApp({
      db,
      config: { ...DEFAULT_CONFIG, clientDist: "/nonexistent" },
      secret,
      recordTypes: [...recordTypes(), ENTRY],
    });
    const tokenOf = async (email: string) => {
      const res = await app.fetch(
        new Request("http://bench/auth/login", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email, password: "demo-password" }),
        }),
      );
      return (await res.json()).access_token as string;
    };
    const big = await tokenOf("admin@acme.test");
    const small = await tokenOf("admin@globex.test");
    const body = JSON.stringify({
      filters: [{ field: "kind", op: "eq", value: "b" }],
      sort: [{ field: "amount", dir: "desc" }],
      limit: 50,
    });
    const viaApi = async (token: string) => {
      const res = await app.fetch(
        new Request("http://bench/api/records/bench_entry/list", {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body,
        }),
      );
      if (res.status !== 200) throw new Error(`list answered ${res.status}: ${await res.text()}`);
      return await res.json();
    };
    const viaSql = (organizationId: string) =>
      db.all(
        `SELECT id, name, version, created_at, created_by, updated_at, updated_by, title, kind, amount
         FROM bench_entrys
         WHERE organization_id = ? AND kind = ? ORDER BY amount DESC, id DESC LIMIT 50`,
        [organizationId, "b"],
      );
    const first = await viaApi(big);
    const check = await viaSql(ORGS.acme.id) as { id: string }[];
    if (first.items.map((r: { id: string }) => r.id).join() !== check.map((r) => r.id).join()) {
      throw new Error("The API's page and the SQL page differ");
    }
    console.log(`  total on the big list: ${JSON.stringify(first.total)}`);
    // Warm up first, as a running server is: the first few hundred calls of a path
    // run before V8 has compiled it, and the hand-written query has nothing to compile.
    for (let i = 0; i < WARM_UP_RUNS; i++) {
      await viaApi(big);
      await viaSql(ORGS.acme.id);
      await viaApi(small);
    }
    const api: number[] = [];
    const sql: number[] = [];
    const smallApi: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      let t = performance.now();
      await viaApi(big);
      api.push(performance.now() - t);
      t = performance.now();
      await viaSql(ORGS.acme.id);
      sql.push(performance.now() - t);
      t = performance.now();
      await viaApi(small);
      smallApi.push(performance.now() - t);
    }
    // The same requests when every one follows a write, so the capped count is taken afresh.
    const fresh: number[] = [];
    const touch = () =>
      db.run("UPDATE bench_entrys SET version = version + 1 WHERE organization_id = ? AND id = ?", [
        ORGS.acme.id,
        "a1",
      ]);
    for (let i = 0; i < RUNS; i++) {
      await touch();
      const t = performance.now();
      await viaApi(big);
      fresh.push(performance.now() - t);
    }
    const [a, s, m] = [median(api), median(sql), median(smallApi)];
    {
      // Where the time goes: the floor of any authenticated call, and the capped count alone.
      const probe: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        const res = await app.fetch(
          new Request("http://bench/api/records/user/search?q=zzz", {
            headers: { authorization: `Bearer ${big}` },
          }),
        );
        await res.text();
        probe.push(performance.now() - t);
      }
      console.log(`  breakdown: an authenticated small call ${median(probe).toFixed(2)} ms`);
      const counts: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        await db.get(
          `SELECT COUNT(*) AS n FROM (SELECT 1 AS one FROM bench_entrys t WHERE t.organization_id = ? AND t.kind = ? LIMIT 10001) capped`,
          [ORGS.acme.id, "b"],
        );
        counts.push(performance.now() - t);
      }
      console.log(
        `  breakdown: the capped count (10,001 index entries) ${median(counts).toFixed(2)} ms`,
      );
    }
    console.log(
      `  ${dialectName(dialect)} list page via API on ${BIG.toLocaleString("en")} rows: ${
        a.toFixed(2)
      } ms; hand-written SQL: ${s.toFixed(2)} ms; ratio ${(a / s).toFixed(2)} (budget ≤ 3)`,
    );
    console.log(
      `  ${dialectName(dialect)} list page via API with the count taken afresh: ${
        median(fresh).toFixed(2)
      } ms; ratio ${(median(fresh) / s).toFixed(2)}`,
    );
    console.log(
      `  ${dialectName(dialect)} same request on ${BIG.toLocaleString("en")} vs ${
        SMALL.toLocaleString("en")
      } rows: ${a.toFixed(2)} ms vs ${m.toFixed(2)} ms; ratio ${(a / m).toFixed(2)} (budget ≤ 1.5)`,
    );
  } finally {
    await db.close();
    await database.drop();
  }
}
