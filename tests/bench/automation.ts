/**
 * Benchmark (issue 28): automation rules on SQLite and (with BENCH_DATABASE_URL)
 * PostgreSQL, each on a fresh seeded database. Figures only; no time is judged.
 * - Write overhead: a task update through the engine with 10 active rules on tasks
 *   whose conditions never match, against the same update with none (rounds
 *   alternate, so drift hits both). Budget ≤ 1.2.
 * - Date sweep: 100,000 invoices (BENCH_ROWS) under a date rule, 1,000 of them due
 *   now: the runner's sweep queuing those 1,000, against the sweep of 1,000 due
 *   among 1,000. Budget ≤ 1.5 (it reads only what is due).
 * - Throughput: 10,000 runs (BENCH_RUNS) queued as changes would queue them, each
 *   telling the lead's owner; runs per second and the p99 delay from queuing to
 *   done, with one runner and with two on two connections (a backlog's drain).
 * - Latency: one change at a time (200 task updates through the engine, 20 ms
 *   apart) with a started runner waking on the change signal, as the server runs
 *   it: the p50 and p99 delay from the change's commit to its action done, against
 *   the time of the write itself.
 */
import type { Database, Dialect } from "../../server/db/database.ts";
import { openDatabase } from "../../server/db/open.ts";
import { prepareDatabase } from "../../server/db/prepare.ts";
import { areaEngine } from "../../server/areas/area-engine.ts";
import { createAccessResolver } from "../../server/platform/access/resolver.ts";
import { ORGS } from "../../server/db/seed/demo-people.ts";
import { fillInvoices } from "../../server/testing/bulk-invoices.ts";
import { RuleRunner } from "../../server/areas/automation/rules/rule-runner.ts";
import { queueRun, runColumn } from "../../server/areas/automation/rules/run-queue.ts";
import { queueDueDates } from "../../server/areas/automation/rules/timed-rules.ts";
import { benchDialects, createBenchDatabase, POSTGRES_HINT } from "./databases.ts";

const INVOICES = Number(Deno.env.get("BENCH_ROWS") ?? 100_000);
const RUNS = Number(Deno.env.get("BENCH_RUNS") ?? 10_000);
const DUE = 1_000;
const ORG = ORGS.acme.id;
const PUBLIC = { publicUrl: "http://localhost:8000" };

const ms = (n: number) => `${n.toFixed(1)} ms`;
const ratio = (a: number, b: number) => (a / b).toFixed(2);

async function adminAccess(db: Database) {
  const admin = await db.get<{ id: string }>(
    "SELECT id FROM users WHERE email = 'admin@acme.test'",
  );
  const membership = await createAccessResolver(db)(admin!.id, ORG);
  return { ...membership!, sessionId: "bench" };
}

async function insertRule(db: Database, id: string, values: Record<string, unknown>) {
  const fields = Object.keys(values);
  await db.run(
    `INSERT INTO automation_rules (id, organization_id, name, version, created_at, created_by, updated_at, updated_by,
       ${
      fields.join(", ")
    }, active, owner, rate_limit, failures, rotation, dates_planned, max_depth)
     VALUES (?, ?, ?, 1, ?, NULL, ?, NULL, ${fields.map(() => "?").join(", ")}, 1,
       (SELECT id FROM users WHERE email = 'admin@acme.test'), 100000, 0, 0, 1, 0)`,
    [
      id,
      ORG,
      id,
      new Date().toISOString(),
      new Date().toISOString(),
      ...Object.values(values) as never[],
    ],
  );
  await db.run(
    `INSERT INTO automation_rule_actions (id, organization_id, rule_id, idx, action, params)
     VALUES (?, ?, ?, 0, 'notify', ?)`,
    [`${id}_a`, ORG, id, JSON.stringify({ to: ["owner"], message: "{{ name }}" })],
  );
}

async function writeOverhead(db: Database) {
  const engine = areaEngine(db, PUBLIC);
  const access = await adminAccess(db);
  const task = await db.get<{ id: string }>(
    "SELECT id FROM tasks WHERE organization_id = ? ORDER BY id LIMIT 1",
    [ORG],
  );
  for (let i = 0; i < 10; i++) {
    await insertRule(db, `bench_rule_${i}`, {
      record_type: "task",
      trigger: "updated",
      condition: `priority == ${90 + i}`,
    });
  }
  const setRules = (on: boolean) =>
    db.run("UPDATE automation_rules SET active = ? WHERE id LIKE 'bench_rule_%'", [on ? 1 : 0]);
  let n = 0;
  const updates = async (count: number) => {
    const started = performance.now();
    for (let i = 0; i < count; i++) {
      const { record } = await engine.get(access, "task", task!.id);
      await engine.update(access, "task", task!.id, Number(record.version), {
        title: `Bench write ${++n}`,
      });
    }
    return performance.now() - started;
  };
  await setRules(false);
  await updates(50); // warm up
  const times = { none: 0, ten: 0 };
  for (let round = 0; round < 6; round++) {
    await setRules(false);
    times.none += await updates(100);
    await setRules(true);
    times.ten += await updates(100);
  }
  const queued = await db.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM automation_runs WHERE ${runColumn("rule")} LIKE 'bench_rule_%'`,
  );
  console.log(
    `  write overhead: 600 task updates with 10 non-matching rules ${ms(times.ten)}, with none ${
      ms(times.none)
    } → ratio ${ratio(times.ten, times.none)} (budget ≤ 1.2); runs queued ${queued!.n}`,
  );
  await db.run("UPDATE automation_rules SET active = 0 WHERE id LIKE 'bench_rule_%'");
}

async function dateSweep(db: Database) {
  const engine = areaEngine(db, PUBLIC);
  const deps = { db, engine, resolve: createAccessResolver(db) };
  await fillInvoices(db, INVOICES);
  await insertRule(db, "bench_due", { record_type: "invoice", trigger: "date_offset" });
  const ids = await db.all<{ id: string }>(
    "SELECT id FROM invoices WHERE organization_id = ? ORDER BY id LIMIT ?",
    [ORG, INVOICES],
  );
  const now = new Date();
  const past = new Date(now.getTime() - 60_000).toISOString();
  const future = new Date(now.getTime() + 30 * 86_400_000).toISOString();
  const fill = async (rows: { id: string; due: string }[]) => {
    for (let i = 0; i < rows.length; i += 500) {
      const part = rows.slice(i, i + 500);
      await db.run(
        `INSERT INTO automation_dues (rule_id, organization_id, record_id, due_at) VALUES ${
          part.map(() => "('bench_due', ?, ?, ?)").join(", ")
        }`,
        part.flatMap((r) => [ORG, r.id, r.due]),
      );
    }
  };
  const sweep = async () => {
    const started = performance.now();
    const queued = await queueDueDates(deps, now.toISOString());
    return { time: performance.now() - started, queued };
  };
  // Baseline: 1,000 due among 1,000.
  await fill(ids.slice(0, DUE).map((r) => ({ id: r.id, due: past })));
  const alone = await sweep();
  await db.run("DELETE FROM automation_runs WHERE rule = 'bench_due'");
  // 1,000 due among all the invoices.
  await fill(ids.map((r, i) => ({ id: r.id, due: i < DUE ? past : future })));
  const among = await sweep();
  console.log(
    `  date sweep: ${among.queued} due among ${ids.length} ${
      ms(among.time)
    }, ${alone.queued} due among ${DUE} ${ms(alone.time)} → ratio ${
      ratio(among.time, alone.time)
    } (budget ≤ 1.5)`,
  );
  await db.run("DELETE FROM automation_dues WHERE rule_id = 'bench_due'");
  await db.run("DELETE FROM automation_runs WHERE rule = 'bench_due'");
}

async function throughput(db: Database, url: string, runners: number) {
  const id = `bench_runs_${runners}`;
  await insertRule(db, id, { record_type: "lead", trigger: "created" });
  const leads = await db.all<{ id: string; name: string }>(
    "SELECT id, name FROM leads WHERE organization_id = ? ORDER BY id",
    [ORG],
  );
  for (let i = 0; i < RUNS; i += 500) {
    const now = new Date().toISOString();
    await db.transaction(async (tx) => {
      for (let j = i; j < Math.min(RUNS, i + 500); j++) {
        const lead = leads[j % leads.length];
        await queueRun(tx, {
          organizationId: ORG,
          ruleId: id,
          recordType: "lead",
          recordId: lead.id,
          recordName: lead.name,
          trigger: "created",
          depth: 1,
          dueAt: now,
          now,
        });
      }
    });
  }
  const others: Database[] = [];
  const all: RuleRunner[] = [new RuleRunner(db, { engine: areaEngine(db, PUBLIC) })];
  for (let i = 1; i < runners; i++) {
    const other = openDatabase(url);
    others.push(other);
    all.push(new RuleRunner(other, { engine: areaEngine(other, PUBLIC) }));
  }
  const started = performance.now();
  await Promise.all(all.map((r) => r.drain()));
  const took = performance.now() - started;
  for (const other of others) await other.close();
  const done = await db.all<{ due_at: string; finished_at: string; status: string }>(
    `SELECT ${runColumn("due_at")} AS due_at, ${runColumn("finished_at")} AS finished_at, ${
      runColumn("status")
    } AS status FROM automation_runs WHERE ${runColumn("rule")} = ?`,
    [id],
  );
  const delays = done.map((r) => Date.parse(r.finished_at) - Date.parse(r.due_at)).sort((a, b) =>
    a - b
  );
  const p99 = delays[Math.floor(delays.length * 0.99) - 1] ?? 0;
  const succeeded = done.filter((r) => r.status === "succeeded").length;
  console.log(
    `  throughput, ${runners} runner${runners > 1 ? "s" : ""}: ${succeeded}/${RUNS} runs in ${
      ms(took)
    } → ${(succeeded / (took / 1000)).toFixed(0)} runs/s; p99 queued → done ${ms(p99)}`,
  );
}

async function latency(db: Database) {
  const engine = areaEngine(db, PUBLIC);
  const access = await adminAccess(db);
  const task = await db.get<{ id: string }>(
    "SELECT id FROM tasks WHERE organization_id = ? ORDER BY id LIMIT 1",
    [ORG],
  );
  await insertRule(db, "bench_latency", { record_type: "task", trigger: "updated" });
  const runner = new RuleRunner(db, { engine });
  runner.start();
  const writes: number[] = [];
  try {
    for (let i = 0; i < 200; i++) {
      const { record } = await engine.get(access, "task", task!.id);
      const started = performance.now();
      await engine.update(access, "task", task!.id, Number(record.version), {
        title: `Bench latency ${i}`,
      });
      writes.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // The last runs finish.
    for (let waited = 0; waited < 10_000; waited += 50) {
      const open = await db.get<{ n: number }>(
        `SELECT COUNT(*) AS n FROM automation_runs WHERE ${runColumn("rule")} = ? AND ${
          runColumn("status")
        } IN ('queued', 'running')`,
        ["bench_latency"],
      );
      if (Number(open!.n) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await runner.stop();
  }
  const done = await db.all<{ due_at: string; finished_at: string }>(
    `SELECT ${runColumn("due_at")} AS due_at, ${runColumn("finished_at")} AS finished_at
     FROM automation_runs WHERE ${runColumn("rule")} = ? AND ${runColumn("status")} = 'succeeded'`,
    ["bench_latency"],
  );
  const delays = done.map((r) => Date.parse(r.finished_at) - Date.parse(r.due_at)).sort((a, b) =>
    a - b
  );
  const at = (q: number) => delays[Math.max(0, Math.ceil(delays.length * q) - 1)] ?? 0;
  const write = [...writes].sort((a, b) => a - b)[Math.floor(writes.length / 2)];
  console.log(
    `  latency, one change at a time: ${done.length}/200 done; commit → action done p50 ${
      ms(at(0.5))
    }, p99 ${ms(at(0.99))}; the write itself p50 ${ms(write)} → p99 ÷ write ${
      ratio(at(0.99), write)
    }`,
  );
  await db.run("UPDATE automation_rules SET active = 0 WHERE id = 'bench_latency'");
}

const dialects: Dialect[] = benchDialects();
if (!dialects.includes("postgres")) console.log(`PostgreSQL: not measured (${POSTGRES_HINT})`);
for (const dialect of dialects) {
  const database = await createBenchDatabase(dialect);
  const db = openDatabase(database.url);
  try {
    await prepareDatabase(db, { seed: "demo", now: Date.now() });
    await db.run("UPDATE automation_rules SET active = 0");
    console.log(`${dialect}:`);
    await writeOverhead(db);
    await dateSweep(db);
    await latency(db);
    await throughput(db, database.url, 1);
    await throughput(db, database.url, 2);
  } finally {
    await db.close();
    await database.drop();
  }
}
