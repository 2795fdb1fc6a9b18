/**
 * Benchmark (issue 23): do unrelated writes stay parallel now that every
 * transaction runs at SERIALIZABLE? Twenty payment submits to twenty different
 * invoices sent at once, against the same twenty sent one after another (budget
 * ≤ 1.0 on PostgreSQL: the mechanism serialises only what conflicts); and the
 * contended case, twenty submits of 1,000 to one invoice of 1,000 at once (one
 * is taken, nineteen refused), against the same one after another, with the
 * retries it cost. Through `app.request` on a demo-seeded database with a pool of
 * 10 connections; SQLite always, PostgreSQL with BENCH_DATABASE_URL. Medians of
 * BENCH_ROUNDS (default 7) alternating rounds, each on fresh drafts. Figures are
 * printed, never judged.
 */
import { DEFAULT_CONFIG } from "../../server/config.ts";
import { createApp } from "../../server/app.ts";
import { openDatabase } from "../../server/db/open.ts";
import { prepareDatabase } from "../../server/db/prepare.ts";
import { signAccessToken } from "../../server/platform/auth/tokens.ts";
import { insertSession } from "../../server/platform/auth/repo.ts";
import { newId } from "../../server/platform/ids.ts";
import { benchDialects, createBenchDatabase, dialectName, POSTGRES_HINT } from "./databases.ts";

const ROUNDS = Number(Deno.env.get("BENCH_ROUNDS") ?? 7);
const AT_ONCE = 20;
const NOW = Date.parse("2026-06-15T12:00:00Z");
const ADMIN = "usr_acme_admin";
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

type Call = (method: string, path: string, body?: unknown) => Promise<Response>;

async function json(response: Response, status: number): Promise<Record<string, unknown>> {
  const body = await response.json();
  if (response.status !== status) {
    throw new Error(`expected ${status}, got ${response.status}: ${JSON.stringify(body)}`);
  }
  return body;
}

async function create(call: Call, type: string, values: unknown) {
  return (await json(await call("POST", `/api/records/${type}`, { values }), 201)).record as {
    id: string;
    version: number;
  };
}

/** A submitted invoice of `total` for a new client; answers the client and the invoice. */
async function invoice(call: Call, total: number) {
  const client = await create(call, "client", { name: `Bench client ${newId("b")}` });
  const draft = await create(call, "invoice", {
    client: client.id,
    issue_date: "2026-05-01",
    lines: [{ description: "Consulting", quantity: 1, rate: total }],
  });
  await json(
    await call("POST", `/api/records/invoice/${draft.id}/actions/submit`, {
      version: draft.version,
    }),
    200,
  );
  return { client: client.id, invoice: draft.id };
}

/** Draft payments of `amount`, each allocated to its invoice; answers their submits, ready. */
async function drafts(call: Call, targets: { client: string; invoice: string }[], amount: number) {
  const submits: (() => Promise<number>)[] = [];
  for (const target of targets) {
    const payment = await create(call, "payment", {
      client: target.client,
      method: "bank_transfer",
      date: "2026-06-01",
      amount,
      allocations: [{ invoice: target.invoice, amount }],
    });
    submits.push(async () => {
      const response = await call("POST", `/api/records/payment/${payment.id}/actions/submit`, {
        version: payment.version,
      });
      await response.body?.cancel();
      return response.status;
    });
  }
  return submits;
}

async function timed(run: () => Promise<number[]>): Promise<{ ms: number; statuses: number[] }> {
  const start = performance.now();
  const statuses = await run();
  return { ms: performance.now() - start, statuses };
}

const oneAfterAnother = (submits: (() => Promise<number>)[]) => async () => {
  const out = [];
  for (const submit of submits) out.push(await submit());
  return out;
};
const atOnce = (submits: (() => Promise<number>)[]) => () => Promise.all(submits.map((s) => s()));

function tally(statuses: number[]): string {
  const counts = new Map<number, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a - b).map(([s, n]) => `${n}×${s}`).join(" ");
}

async function benchDialect(dialect: "sqlite" | "postgres") {
  const database = await createBenchDatabase(dialect);
  const db = openDatabase(database.url, { poolSize: 10, listen: false });
  try {
    const { secret } = await prepareDatabase(db, { seed: "demo", now: NOW });
    const app = createApp({
      db,
      config: { ...DEFAULT_CONFIG, clientDist: "/nonexistent" },
      secret,
      clock: () => Date.now(),
    });
    const sessionId = newId("ses");
    await insertSession(db, {
      id: sessionId,
      userId: ADMIN,
      organizationId: "org_acme",
      now: new Date().toISOString(),
    });
    const token = await signAccessToken({ userId: ADMIN, sessionId }, secret, {
      ttlSeconds: 3600,
      now: Date.now(),
    });
    const call: Call = (method, path, body) =>
      Promise.resolve(app.fetch(
        new Request(`http://localhost${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      ));
    const figures = { apartSerial: [] as number[], apartOnce: [] as number[] };
    const contended = { serial: [] as number[], once: [] as number[] };
    let apartStatuses = "", contendedStatuses = "";
    for (let round = 0; round < ROUNDS; round++) {
      const targets = [];
      for (let i = 0; i < AT_ONCE * 2; i++) targets.push(await invoice(call, 1000));
      const serialSet = await drafts(call, targets.slice(0, AT_ONCE), 400);
      const onceSet = await drafts(call, targets.slice(AT_ONCE), 400);
      const first = round % 2 === 0;
      const serialRun = async () =>
        figures.apartSerial.push((await timed(oneAfterAnother(serialSet))).ms);
      const onceRun = async () => {
        const result = await timed(atOnce(onceSet));
        figures.apartOnce.push(result.ms);
        apartStatuses = tally(result.statuses);
      };
      if (first) {
        await serialRun();
        await onceRun();
      } else {
        await onceRun();
        await serialRun();
      }
      const one = await invoice(call, 1000);
      const other = await invoice(call, 1000);
      const serialContended = await drafts(call, Array(AT_ONCE).fill(one), 1000);
      const onceContended = await drafts(call, Array(AT_ONCE).fill(other), 1000);
      contended.serial.push((await timed(oneAfterAnother(serialContended))).ms);
      const result = await timed(atOnce(onceContended));
      contended.once.push(result.ms);
      contendedStatuses = tally(result.statuses);
    }
    const name = dialectName(dialect);
    const apart = median(figures.apartOnce) / median(figures.apartSerial);
    console.log(
      `${name}: 20 submits to 20 invoices at once ${median(figures.apartOnce).toFixed(1)} ms, ` +
        `one after another ${median(figures.apartSerial).toFixed(1)} ms: ratio ${
          apart.toFixed(2)
        } (budget ≤ 1.0) [${apartStatuses}]`,
    );
    console.log(
      `${name}: 20 submits to one invoice at once ${median(contended.once).toFixed(1)} ms, ` +
        `one after another ${median(contended.serial).toFixed(1)} ms: ratio ${
          (median(contended.once) / median(contended.serial)).toFixed(2)
        } [${contendedStatuses}]`,
    );
  } finally {
    await db.close();
    await database.drop();
  }
}

const dialects = benchDialects();
if (!dialects.includes("postgres")) console.log(`PostgreSQL skipped: ${POSTGRES_HINT}`);
for (const dialect of dialects) await benchDialect(dialect);
