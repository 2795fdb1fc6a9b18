/**
 * Benchmark (issue 25): start-up on an already-synced database (what server/main.ts
 * does between opening the database and serving: prepare it, build the app), now
 * that preparing also syncs every declared type's tables from its declaration,
 * against the same start-up without the sync (the steps preparing took before: the
 * numbered migrations, the module catalogue, the permission roll-out, the token
 * secret and the seed check). Budget: ≤ 1.2. Also printed: the preparation alone
 * against the preparation before, and a full sync check (every table read) alone.
 * SQLite, and PostgreSQL when BENCH_DATABASE_URL names a server. Medians of
 * alternating runs after warm-up.
 */
import type { Database } from "../../server/db/database.ts";
import { openDatabase } from "../../server/db/open.ts";
import { migrate } from "../../server/db/migrate.ts";
import { prepareDatabase } from "../../server/db/prepare.ts";
import { createApp } from "../../server/app.ts";
import { DEFAULT_CONFIG } from "../../server/config.ts";
import { syncModuleCatalogue } from "../../server/platform/orgs/organization-bootstrap.ts";
import { rollOutPermissions } from "../../server/platform/access/permission-rollout.ts";
import { syncDeclaredTables } from "../../server/records/engine/table-sync.ts";
import { recordTypes } from "../../server/records/catalogue.ts";
import { benchDialects, createBenchDatabase, dialectName, POSTGRES_HINT } from "./databases.ts";

const RUNS = Number(Deno.env.get("BENCH_RUNS") ?? 80);
const WARM_UP_RUNS = 20;
const NOW = Date.parse("2026-06-15T12:00:00Z");

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Start-up's preparation as it was before the sync: the same steps, in the same order. */
async function prepareWithoutSync(db: Database): Promise<void> {
  await migrate(db);
  await db.transaction((tx) => syncModuleCatalogue(tx));
  await rollOutPermissions(db, { now: new Date(NOW).toISOString() });
  await db.run(
    "INSERT INTO meta (key, value) VALUES ('jwt_secret', ?) ON CONFLICT (key) DO NOTHING",
    ["unused: a secret is kept already"],
  );
  await db.get("SELECT value FROM meta WHERE key = 'jwt_secret'");
  await db.get("SELECT 1 AS x FROM organizations LIMIT 1");
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

for (const dialect of benchDialects()) {
  const database = await createBenchDatabase(dialect);
  const db = openDatabase(database.url, { poolSize: 4, listen: false });
  try {
    await prepareDatabase(db, { seed: "demo", now: NOW, hash: () => Promise.resolve("x") });
    const synced = await db.transaction((tx) => syncDeclaredTables(tx, recordTypes()));
    if (synced.statements.length !== 0) throw new Error("The database was not in step after start");
    const prepare = () =>
      prepareDatabase(db, { seed: "demo", now: NOW, hash: () => Promise.resolve("x") });
    const config = { ...DEFAULT_CONFIG, clientDist: "/nonexistent" };
    const serve = (secret: string) => createApp({ db, config, secret }).feed.stop();
    const startUp = async () => serve((await prepare()).secret);
    const startUpBefore = async () => {
      await prepareWithoutSync(db);
      serve("bench-secret");
    };
    const check = () => db.transaction((tx) => syncDeclaredTables(tx, recordTypes()));
    for (let i = 0; i < WARM_UP_RUNS; i++) {
      await startUp();
      await startUpBefore();
      await check();
    }
    const times = { startUp: [], startUpBefore: [], prepare: [], before: [], check: [] } as Record<
      string,
      number[]
    >;
    const arms: [string, () => Promise<unknown>][] = [
      ["startUp", startUp],
      ["startUpBefore", startUpBefore],
      ["prepare", prepare],
      ["before", () => prepareWithoutSync(db)],
      ["check", check],
    ];
    for (let i = 0; i < RUNS; i++) {
      // A new order each round, so no arm always follows the app-building ones.
      for (const [name, arm] of [...arms].sort(() => Math.random() - 0.5)) {
        times[name].push(await timed(arm));
      }
    }
    const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log(
      `${dialectName(dialect)}: start-up on a synced database ${ms(m.startUp)}, before ${
        ms(m.startUpBefore)
      }: ratio ${(m.startUp / m.startUpBefore).toFixed(2)} (budget ≤ 1.2); ` +
        `preparing alone ${ms(m.prepare)}, before ${ms(m.before)}: ratio ${
          (m.prepare / m.before).toFixed(2)
        }; a full sync check of ${recordTypes().length} types ${ms(m.check)}; ${RUNS} runs each`,
    );
  } finally {
    await db.close();
    await database.drop();
  }
}
if (benchDialects().length === 1) console.log(`PostgreSQL not measured: ${POSTGRES_HINT}`);
