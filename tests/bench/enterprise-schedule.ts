/**
 * Benchmark (issue 14, enterprise projects): server time of
 * `POST /enterprise-projects/{id}/optimize-schedule` (critical path and resource
 * levelling, not applied) on a 2,000-task project with 6,000 dependencies, every
 * task open so every one is scheduled, against one covering-index aggregate of the
 * same project (GROUP BY status, priority: the analytics bench's baseline), in the
 * same run; budget ≤ 50. Printed for SQLite and, with BENCH_DATABASE_URL, for
 * PostgreSQL. Medians of alternating rounds; BENCH_ROUNDS (default 20).
 */
import { DEFAULT_CONFIG } from "../../server/config.ts";
import { createApp } from "../../server/app.ts";
import type { Dialect } from "../../server/db/database.ts";
import { signAccessToken } from "../../server/platform/auth/tokens.ts";
import { insertSession } from "../../server/platform/auth/repo.ts";
import { newId } from "../../server/platform/ids.ts";
import { benchDialects, dialectName, POSTGRES_HINT } from "./databases.ts";
import {
  ADMIN,
  type Bench,
  closeBenchDatabase,
  generateProject,
  NOW,
  openBenchDatabase,
  ORG,
  settle,
} from "./analytics-project.ts";

const ROUNDS = Number(Deno.env.get("BENCH_ROUNDS") ?? 20);
const TASKS = 2_000;
const DEPENDENCIES = 6_000;
const PROJECT = "prj_schedule";
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const AGGREGATE = `SELECT status, priority, COUNT(*) AS tasks, SUM(estimated_hours) AS hours
  FROM tasks WHERE project_id = ? GROUP BY status, priority`;

/** Opens every task and links each to about three earlier ones (acyclic), plus the team. */
async function plan(bench: Bench) {
  const { db } = bench;
  await generateProject(db, PROJECT, TASKS, 7);
  await db.transaction(async (tx) => {
    await tx.run("UPDATE tasks SET status = 'todo', actual_hours = 0 WHERE project_id = ?", [
      PROJECT,
    ]);
    const members = await tx.all<{ id: string }>(
      "SELECT id FROM users WHERE id <> ? ORDER BY id",
      [ADMIN],
    );
    for (const [i, m] of members.entries()) {
      await tx.run(
        `INSERT INTO project_members (id, organization_id, project_id, idx, user_id, role,
                                      hourly_rate, allocation_percent, capacity_hours)
         VALUES (?, ?, ?, ?, ?, 'developer', 80, ?, 40)`,
        [`${PROJECT}.${m.id}`, ORG, PROJECT, i, m.id, 50 + (i % 3) * 25],
      );
    }
    const rows: (string | number)[][] = [];
    let seed = 11;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
    for (let k = 0; rows.length < DEPENDENCIES; k++) {
      const task = 1 + (k % (TASKS - 1));
      const before = next() % task;
      rows.push([
        `${PROJECT}_t${task}.${k}`,
        ORG,
        `${PROJECT}_t${task}`,
        k,
        `${PROJECT}_t${before}`,
      ]);
    }
    for (let from = 0; from < rows.length; from += 400) {
      const batch = rows.slice(from, from + 400);
      await tx.run(
        `INSERT INTO task_dependencies (id, organization_id, task_id, idx, depends_on) VALUES ${
          batch.map(() => "(?, ?, ?, ?, ?)").join(", ")
        }`,
        batch.flat(),
      );
    }
  });
  await settle(db);
}

async function optimizer(bench: Bench) {
  const { app } = createApp({
    db: bench.db,
    config: { ...DEFAULT_CONFIG, clientDist: "/nonexistent" },
    secret: bench.secret,
    clock: () => NOW,
  });
  const sessionId = newId("ses");
  await insertSession(bench.db, {
    id: sessionId,
    userId: ADMIN,
    organizationId: ORG,
    now: new Date(NOW).toISOString(),
  });
  const token = await signAccessToken({ userId: ADMIN, sessionId }, bench.secret, {
    ttlSeconds: 3_600,
    now: NOW,
  });
  return async (): Promise<{ ms: number; answer: Record<string, unknown> }> => {
    const started = performance.now();
    const res = await app.request(`/enterprise-projects/${PROJECT}/optimize-schedule`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ constraints: {} }),
    });
    if (res.status !== 200) throw new Error(`optimize-schedule: ${res.status} ${await res.text()}`);
    const answer = await res.json();
    return { ms: performance.now() - started, answer };
  };
}

async function measure(dialect: Dialect) {
  const bench = await openBenchDatabase(dialect);
  try {
    await plan(bench);
    const optimize = await optimizer(bench);
    const aggregate = async () => {
      const started = performance.now();
      await bench.db.all(AGGREGATE, [PROJECT]);
      return performance.now() - started;
    };
    for (let i = 0; i < 3; i++) (await optimize(), await aggregate());
    const times: number[] = [], baseline: number[] = [];
    let answer: Record<string, unknown> = {};
    for (let i = 0; i < ROUNDS; i++) {
      const run = await optimize();
      times.push(run.ms);
      answer = run.answer;
      baseline.push(await aggregate());
    }
    const [a, b] = [median(times), median(baseline)];
    const path = (answer.critical_path as string[]).length;
    console.log(
      `${
        dialectName(dialect)
      }: optimize-schedule / one covering-index aggregate, ${TASKS} tasks, ${DEPENDENCIES} dependencies: ${
        (a / b).toFixed(2)
      } (budget ≤ 50; optimize ${a.toFixed(2)} ms, aggregate ${
        b.toFixed(3)
      } ms; critical path ${path} tasks, end ${answer.end_date_after})`,
    );
  } finally {
    await closeBenchDatabase(bench);
  }
}

for (const dialect of benchDialects()) await measure(dialect);
if (benchDialects().length === 1) console.log(`PostgreSQL not measured: ${POSTGRES_HINT}`);
