/**
 * Benchmark (issue "Project progress analytics and dashboard analytics", issue 12):
 * server time of the seven analytics calls the screen makes (progress, velocity,
 * burndown, health, analytics, forecast, team performance), through `app.request`
 * with no network, over projects generated directly in fresh databases: SQLite
 * files, and — when BENCH_DATABASE_URL names a PostgreSQL server — PostgreSQL
 * databases too (analysed and vacuumed after loading, as autovacuum would have;
 * the baseline's plan and any sequential scan on tasks among the seven calls'
 * queries are printed). Each figure is printed for each dialect.
 *
 * (a) the seven calls for a 10,000-task project divided by one covering-index
 *     aggregate (GROUP BY status, priority over that project) in the same run
 *     (budget ≤ 12);
 * (b) the seven calls for a 1,000-task project alone versus the same project beside
 *     200,000 tasks of 200 other projects (budget ≤ 1.3).
 *
 * Every round is a cold screen load: a write to the project before it moves the
 * database's change stamp, so no figures are reused from the round before (the
 * seven calls of one round do share them, as on the real screen). Medians of
 * alternating rounds; BENCH_ROUNDS (default 30) sets the rounds.
 */
import { DEFAULT_CONFIG } from "../../server/config.ts";
import { createApp } from "../../server/app.ts";
import type { Database, Dialect } from "../../server/db/database.ts";
import { signAccessToken } from "../../server/platform/auth/tokens.ts";
import { insertSession, landingOrganization } from "../../server/platform/auth/repo.ts";
import { newId } from "../../server/platform/ids.ts";
import { benchDialects, dialectName, POSTGRES_HINT } from "./databases.ts";
import {
  ADMIN,
  closeBenchDatabase,
  generateProject,
  NOW,
  openBenchDatabase,
  ORG,
  settle,
} from "./analytics-project.ts";
import { explain, notingReads, scansWhole, type Statements } from "./query-plans.ts";

const ROUNDS = Number(Deno.env.get("BENCH_ROUNDS") ?? 30);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The seven calls of the screen, as one function returning the elapsed milliseconds. */
async function analyticsClient(db: Database, secret: string) {
  const { app } = createApp({
    db,
    config: { ...DEFAULT_CONFIG, clientDist: "/nonexistent" },
    secret,
    clock: () => NOW,
  });
  const organizationId = await landingOrganization(db, ADMIN);
  const sessionId = newId("ses");
  await insertSession(db, {
    id: sessionId,
    userId: ADMIN,
    organizationId: organizationId!,
    now: new Date(NOW).toISOString(),
  });
  const token = await signAccessToken({ userId: ADMIN, sessionId }, secret, {
    ttlSeconds: 900,
    now: NOW,
  });
  return async (projectId: string): Promise<number> => {
    const calls: [string, Record<string, unknown>][] = [
      ["/projects/calculate-progress", { project_id: projectId }],
      [`/projects/${projectId}/velocity`, {}],
      [`/projects/${projectId}/burndown`, {}],
      [`/projects/${projectId}/health-score`, {}],
      [`/projects/${projectId}/analytics`, {}],
      [`/projects/${projectId}/forecast`, {}],
      [`/projects/${projectId}/team-performance`, {}],
    ];
    // A write to the project first, as between two real screen loads: the change stamp
    // moves, so figures remembered by the previous round are not reused.
    await db.run("UPDATE projects SET updated_at = updated_at WHERE id = ?", [projectId]);
    const started = performance.now();
    for (const [path, body] of calls) {
      const res = await app.request(path, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ organization_id: ORG, ...body }),
      });
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    }
    return performance.now() - started;
  };
}

function report(label: string, value: number, budget: string, detail: string) {
  console.log(`${label}: ${value.toFixed(2)} (budget ${budget}; ${detail})`);
}

/** The baseline: one covering-index aggregate over a project. */
const AGGREGATE = `SELECT status, priority, COUNT(*) AS tasks, SUM(estimated_hours) AS hours
  FROM tasks WHERE project_id = ? GROUP BY status, priority`;

/** On PostgreSQL: the baseline's plan (an index-only scan of tasks_project_breakdown). */
async function printAggregatePlan(db: Database, projectId: string) {
  const plan = await explain(db, AGGREGATE, [projectId], "(ANALYZE, BUFFERS)");
  console.log(`  PostgreSQL plan of the aggregate over ${projectId}:\n${indent(plan)}`);
}

/**
 * On PostgreSQL: the plan of every statement of the seven calls that reads tasks by
 * a sequential scan (one cold round, noted as it runs).
 */
async function printSequentialScans(db: Database, secret: string, projectId: string) {
  const seen: Statements = new Map();
  const noted = notingReads(db, seen);
  await (await analyticsClient(noted, secret))(projectId);
  const onTasks = [...seen].filter(([sql]) => /\btasks\b/.test(sql));
  const scans: string[] = [];
  for (const [sql, params] of onTasks) {
    const plan = await explain(db, sql, params);
    if (scansWhole(plan, "tasks")) {
      scans.push(`  ${sql.replace(/\s+/g, " ").trim()}\n${indent(plan)}`);
    }
  }
  console.log(
    `  PostgreSQL, ${projectId}: ${seen.size} distinct statements in the seven calls, ${onTasks.length} read tasks, ${scans.length} of them by a sequential scan on tasks${
      scans.length ? ":\n" + scans.join("\n") : ""
    }`,
  );
}

const indent = (lines: string[]) => lines.map((line) => `    ${line}`).join("\n");

const dialects = benchDialects();
if (dialects.length === 1) console.log(`PostgreSQL: not measured (${POSTGRES_HINT})`);

/** (a) Seven calls on a 10,000-task project against one covering-index aggregate. */
async function largeProject(dialect: Dialect) {
  const bench = await openBenchDatabase(dialect);
  try {
    await generateProject(bench.db, "prj_large", 10_000, 1);
    await settle(bench.db);
    // The project is the whole table here: PostgreSQL may rightly read it all.
    if (dialect === "postgres") await printAggregatePlan(bench.db, "prj_large");
    const seven = await analyticsClient(bench.db, bench.secret);
    const aggregate = async () => {
      const started = performance.now();
      await bench.db.all(AGGREGATE, ["prj_large"]);
      return performance.now() - started;
    };
    for (let i = 0; i < 5; i++) (await seven("prj_large"), await aggregate());
    const calls: number[] = [], baseline: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      calls.push(await seven("prj_large"));
      baseline.push(await aggregate());
    }
    const a = median(calls), b = median(baseline);
    report(
      `(a) ${
        dialectName(dialect)
      }: seven analytics calls / one covering-index aggregate, 10,000-task project`,
      a / b,
      "≤ 12",
      `seven calls ${a.toFixed(2)} ms, aggregate ${b.toFixed(3)} ms`,
    );
    if (dialect === "postgres") await printSequentialScans(bench.db, bench.secret, "prj_large");
  } finally {
    await closeBenchDatabase(bench);
  }
}

/** (b) Seven calls on a 1,000-task project, alone and beside 200,000 other tasks. */
async function crowdedProject(dialect: Dialect) {
  const alone = await openBenchDatabase(dialect);
  const crowded = await openBenchDatabase(dialect);
  try {
    await generateProject(alone.db, "prj_small", 1_000, 2);
    await generateProject(crowded.db, "prj_small", 1_000, 2);
    for (let p = 0; p < 200; p++) {
      await generateProject(crowded.db, `prj_other_${p}`, 1_000, 100 + p);
    }
    await settle(alone.db);
    await settle(crowded.db);
    if (dialect === "postgres") await printAggregatePlan(crowded.db, "prj_small");
    const inAlone = await analyticsClient(alone.db, alone.secret);
    const inCrowd = await analyticsClient(crowded.db, crowded.secret);
    for (let i = 0; i < 5; i++) (await inAlone("prj_small"), await inCrowd("prj_small"));
    const a: number[] = [], b: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      a.push(await inAlone("prj_small"));
      b.push(await inCrowd("prj_small"));
    }
    report(
      `(b) ${
        dialectName(dialect)
      }: seven analytics calls, 1,000-task project beside 200,000 tasks / alone`,
      median(b) / median(a),
      "≤ 1.3",
      `beside ${median(b).toFixed(2)} ms, alone ${median(a).toFixed(2)} ms`,
    );
    if (dialect === "postgres") await printSequentialScans(crowded.db, crowded.secret, "prj_small");
  } finally {
    await closeBenchDatabase(alone);
    await closeBenchDatabase(crowded);
  }
}

// Every figure of one dialect before the other's.
for (const dialect of dialects) {
  await largeProject(dialect);
  await crowdedProject(dialect);
}
