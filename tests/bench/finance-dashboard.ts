/**
 * Benchmark (issue 15, finance): server time of the finance dashboard call
 * (`POST /api/finance/dashboard`: revenue per month, outstanding by age, overdue
 * invoices, expenses by category, budget consumption) and of the aging report
 * (`POST /api/finance/reports/invoices`, report_type aging), through
 * `app.request` with no network, over 200,000 invoices of 500 clients and
 * 400,000 payments spread over two years (plus 5,000 expense claims and 20
 * budgets), generated directly in fresh databases: SQLite files, and — when
 * BENCH_DATABASE_URL names a PostgreSQL server — PostgreSQL databases too
 * (vacuumed and analysed after loading, as autovacuum would have).
 *
 * Each is divided by one covering-index aggregate over the same rows in the same
 * run (what every invoice owes by payment status: an index-only read of all
 * 200,000 invoices); budget ≤ 10 for both. Medians of alternating rounds;
 * BENCH_ROUNDS (default 20) sets the rounds. Figures are printed, never judged.
 */
import { DEFAULT_CONFIG } from "../../server/config.ts";
import { createApp } from "../../server/app.ts";
import type { Database, Dialect, Queryable, SqlValue } from "../../server/db/database.ts";
import { signAccessToken } from "../../server/platform/auth/tokens.ts";
import { insertSession } from "../../server/platform/auth/repo.ts";
import { newId } from "../../server/platform/ids.ts";
import { benchDialects, dialectName, POSTGRES_HINT } from "./databases.ts";
import {
  ADMIN,
  closeBenchDatabase,
  NOW,
  openBenchDatabase,
  ORG,
  settle,
} from "./analytics-project.ts";

const ROUNDS = Number(Deno.env.get("BENCH_ROUNDS") ?? 20);
const INVOICES = 200_000;
const PAYMENTS = 400_000;
const CLIENTS = 500;
const CLAIMS = 5_000;
const BATCH = 500;
const DAY = 86_400_000;
const STAMP = new Date(NOW).toISOString();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The baseline: one covering-index aggregate over every invoice. */
const AGGREGATE = `SELECT payment_status, COUNT(*) AS n, SUM(outstanding) AS owed
  FROM invoices WHERE organization_id = ? GROUP BY payment_status`;

/** A repeatable pseudo-random sequence (the same ledger every run). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

async function insertRows(q: Queryable, table: string, columns: string[], rows: SqlValue[][]) {
  const tuple = `(${columns.map(() => "?").join(", ")})`;
  for (let from = 0; from < rows.length; from += BATCH) {
    const batch = rows.slice(from, from + BATCH);
    await q.run(
      `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${batch.map(() => tuple).join(", ")}`,
      batch.flat(),
    );
  }
}

const day = (offset: number) => new Date(NOW - offset * DAY).toISOString().slice(0, 10);

/** Loads the ledger: clients, invoices, payments, claims and budgets of the bench organisation. */
async function generateLedger(db: Database): Promise<void> {
  const next = random(15);
  await db.transaction(async (tx) => {
    const clients: SqlValue[][] = [];
    for (let c = 0; c < CLIENTS; c++) clients.push([`cli_${c}`, ORG, `Client ${c}`, STAMP, STAMP]);
    await insertRows(
      tx,
      "clients",
      ["id", "organization_id", "name", "created_at", "updated_at"],
      clients,
    );
  });
  for (let from = 0; from < INVOICES; from += 20_000) {
    await db.transaction(async (tx) => {
      const rows: SqlValue[][] = [];
      for (let i = from; i < from + 20_000; i++) {
        const issued = Math.floor(next() * 730);
        const total = Math.round(next() * 500_000) / 100;
        const roll = next();
        // 8 % drafts, 3 % cancelled; of the rest 70 % paid, 10 % partly paid, 20 % unpaid.
        const [docstatus, status, outstanding] = roll < 0.08
          ? [0, "draft", total]
          : roll < 0.11
          ? [2, "cancelled", 0]
          : roll < 0.75
          ? [1, "paid", 0]
          : roll < 0.84
          ? [1, "partly_paid", Math.round(total * 40) / 100]
          : [1, "unpaid", total];
        rows.push([
          `inv_${i}`,
          ORG,
          `INV-${i}`,
          STAMP,
          STAMP,
          docstatus,
          `cli_${Math.floor(next() * CLIENTS)}`,
          day(issued),
          day(issued - 30),
          total,
          total,
          outstanding,
          status,
        ]);
      }
      await insertRows(tx, "invoices", [
        "id",
        "organization_id",
        "name",
        "created_at",
        "updated_at",
        "docstatus",
        "client_id",
        "issue_date",
        "due_date",
        "net_total",
        "grand_total",
        "outstanding",
        "payment_status",
      ], rows);
    });
  }
  for (let from = 0; from < PAYMENTS; from += 20_000) {
    await db.transaction(async (tx) => {
      const rows: SqlValue[][] = [];
      for (let p = from; p < from + 20_000; p++) {
        rows.push([
          `pay_${p}`,
          ORG,
          `PAY-${p}`,
          STAMP,
          STAMP,
          next() < 0.95 ? 1 : 2,
          `cli_${Math.floor(next() * CLIENTS)}`,
          day(Math.floor(next() * 730)),
          Math.round(next() * 250_000) / 100,
        ]);
      }
      await insertRows(tx, "payments", [
        "id",
        "organization_id",
        "name",
        "created_at",
        "updated_at",
        "docstatus",
        "client_id",
        "payment_date",
        "amount",
      ], rows);
    });
  }
  await db.transaction(async (tx) => {
    const claims: SqlValue[][] = [], lines: SqlValue[][] = [];
    const states = ["submitted", "approved", "paid", "paid", "rejected", "draft"];
    const categories = ["travel", "meals", "lodging", "software", "hardware", "training"];
    for (let e = 0; e < CLAIMS; e++) {
      claims.push([
        `exp_${e}`,
        ORG,
        `EXP-${e}`,
        STAMP,
        STAMP,
        states[Math.floor(next() * states.length)],
        ADMIN,
      ]);
      for (let l = 0; l < 2; l++) {
        const amount = Math.round(next() * 50_000) / 100;
        lines.push([
          `exl_${e}_${l}`,
          ORG,
          `exp_${e}`,
          l + 1,
          day(Math.floor(next() * 730)),
          categories[Math.floor(next() * categories.length)],
          amount,
          amount,
        ]);
      }
    }
    await insertRows(tx, "expenses", [
      "id",
      "organization_id",
      "name",
      "created_at",
      "updated_at",
      "status",
      "claimant_id",
    ], claims);
    await insertRows(tx, "expense_lines", [
      "id",
      "organization_id",
      "expense_id",
      "idx",
      "expense_date",
      "category",
      "amount",
      "sanctioned_amount",
    ], lines);
    const budgets: SqlValue[][] = [];
    for (let b = 0; b < 20; b++) {
      budgets.push([
        `bud_${b}`,
        ORG,
        `BUD-${b}`,
        STAMP,
        STAMP,
        "approved",
        `Budget ${b}`,
        "category",
        categories[b % categories.length],
        day(180),
        day(-180),
        "warn",
        100_000,
      ]);
    }
    await insertRows(tx, "budgets", [
      "id",
      "organization_id",
      "name",
      "created_at",
      "updated_at",
      "status",
      "title",
      "scope",
      "category",
      "period_start",
      "period_end",
      "action_on_excess",
      "total",
    ], budgets);
  });
}

/** A call of the finance figures as a function returning the elapsed milliseconds. */
async function financeClient(db: Database, secret: string) {
  const { app } = createApp({
    db,
    config: { ...DEFAULT_CONFIG, clientDist: "/nonexistent" },
    secret,
    clock: () => NOW,
  });
  const sessionId = newId("ses");
  await insertSession(db, { id: sessionId, userId: ADMIN, organizationId: ORG, now: STAMP });
  const token = await signAccessToken({ userId: ADMIN, sessionId }, secret, {
    ttlSeconds: 3600,
    now: NOW,
  });
  return async (path: string, body: Record<string, unknown>): Promise<number> => {
    const started = performance.now();
    const res = await app.request(path, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    return performance.now() - started;
  };
}

async function measure(dialect: Dialect) {
  const bench = await openBenchDatabase(dialect);
  try {
    const loading = performance.now();
    await generateLedger(bench.db);
    await settle(bench.db);
    console.log(
      `  ${dialectName(dialect)}: ${INVOICES.toLocaleString("en")} invoices and ${
        PAYMENTS.toLocaleString("en")
      } payments loaded in ${((performance.now() - loading) / 1000).toFixed(1)} s`,
    );
    const call = await financeClient(bench.db, bench.secret);
    const aggregate = async () => {
      const started = performance.now();
      await bench.db.all(AGGREGATE, [ORG]);
      return performance.now() - started;
    };
    const dashboard = () => call("/api/finance/dashboard", {});
    const aging = () => call("/api/finance/reports/invoices", { report_type: "aging" });
    for (let i = 0; i < 3; i++) (await dashboard(), await aging(), await aggregate());
    const d: number[] = [], a: number[] = [], base: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      d.push(await dashboard());
      base.push(await aggregate());
      a.push(await aging());
    }
    const b = median(base);
    for (const [label, times] of [["finance dashboard", d], ["aging report", a]] as const) {
      const m = median(times);
      console.log(
        `${dialectName(dialect)}: ${label} / one covering aggregate over the same invoices: ${
          (m / b).toFixed(2)
        } (budget ≤ 10; ${label} ${m.toFixed(2)} ms, aggregate ${b.toFixed(2)} ms)`,
      );
    }
  } finally {
    await closeBenchDatabase(bench);
  }
}

const dialects = benchDialects();
if (dialects.length === 1) console.log(`PostgreSQL: not measured (${POSTGRES_HINT})`);
for (const dialect of dialects) await measure(dialect);
