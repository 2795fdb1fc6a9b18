/**
 * Benchmark (issue "Project progress analytics and dashboard analytics"): server
 * time of the seven analytics calls the screen makes (progress, velocity, burndown,
 * health, analytics, forecast, team performance), through `app.request` with no
 * network, over projects generated directly in temporary SQLite databases.
 *
 * (a) the seven calls for a 10,000-task project divided by one covering-index
 *     aggregate (GROUP BY status, priority over that project) in the same run
 *     (budget ≤ 15);
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
import type { Database } from "../../server/db/database.ts";
import { prepareDatabase } from "../../server/db/prepare.ts";
import { SeededRandom } from "../../server/db/seed/random.ts";
import { openSqlite } from "../../server/db/sqlite.ts";
import { signAccessToken } from "../../server/platform/auth/tokens.ts";
import { insertSession, landingOrganization } from "../../server/platform/auth/repo.ts";
import { newId } from "../../server/platform/ids.ts";
import { createOrganization } from "../../server/platform/orgs/organization-bootstrap.ts";

const ROUNDS = Number(Deno.env.get("BENCH_ROUNDS") ?? 30);
const DAY = 86_400_000;
const NOW = Date.parse("2026-06-15T12:00:00Z");
const TODAY = Math.floor(NOW / DAY) * DAY;
const ORG = "org_bench";
const ADMIN = "usr_bench_admin";
const MEMBERS = Array.from({ length: 12 }, (_, i) => `usr_bench_${i + 1}`);

const iso = (ms: number) => new Date(ms).toISOString();
const isoDay = (ms: number) => iso(ms).slice(0, 10);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A database with the organisation, its admin and members, and no projects. */
async function openBenchDatabase() {
  const path = await Deno.makeTempFile({ prefix: "opsuite-bench-", suffix: ".db" });
  const db = openSqlite(path);
  const { secret } = await prepareDatabase(db, { seed: "none", now: NOW });
  await db.transaction(async (tx) => {
    await createOrganization(tx, { id: ORG, name: "Bench" }, { now: iso(NOW) });
    for (const id of [ADMIN, ...MEMBERS]) {
      await tx.run(
        `INSERT INTO users (id, email, password_hash, first_name, last_name, created_at, updated_at)
         VALUES (?, ?, 'disabled', 'Bench', ?, ?, ?)`,
        [id, `${id}@bench.test`, id, iso(NOW), iso(NOW)],
      );
      await tx.run(
        `INSERT INTO user_organizations (id, user_id, organization_id, user_role, is_current, created_at, updated_at)
         VALUES (?, ?, ?, ?, 1, ?, ?)`,
        [`uor_${id}`, id, ORG, id === ADMIN ? "firm_admin" : "member", iso(NOW), iso(NOW)],
      );
    }
  });
  return { db, path, secret };
}

/**
 * A project of `size` tasks over 180 days (120 elapsed), 14-day sprints, about 60%
 * of the tasks completed, a status history matching the task dates and two time
 * logs per started task. The same id and seed give the same project.
 */
async function generateProject(db: Database, id: string, size: number, seed: number) {
  const random = new SeededRandom(seed);
  const start = TODAY - 120 * DAY;
  const end = TODAY + 60 * DAY;
  await db.transaction(async (tx) => {
    await tx.run(
      `INSERT INTO projects (id, organization_id, name, status, start_date, end_date, created_at, updated_at)
       VALUES (?, ?, ?, 'active', ?, ?, ?, ?)`,
      [id, ORG, `Project ${id}`, isoDay(start), isoDay(end), iso(start), iso(start)],
    );
    const sprints: { id: string; from: number; to: number }[] = [];
    for (let i = 0; i < 11; i++) {
      const sprint = {
        id: `${id}_s${i}`,
        from: start + i * 14 * DAY,
        to: start + (i * 14 + 13) * DAY,
      };
      sprints.push(sprint);
      await tx.run(
        `INSERT INTO sprints (id, organization_id, project_id, name, start_date, end_date, planned_story_points, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          sprint.id,
          ORG,
          id,
          `Sprint ${i + 1}`,
          isoDay(sprint.from),
          isoDay(sprint.to),
          size,
          iso(start),
        ],
      );
    }
    const sprintOf = (ms: number) => sprints.find((s) => s.from <= ms && ms < s.to + DAY)!;
    const current = sprintOf(TODAY);
    const logs: [string, string, number, string][] = [];
    for (let i = 0; i < size; i++) {
      const taskId = `${id}_t${i}`;
      const roll = random.next();
      const status = roll < 0.6
        ? "completed"
        : roll < 0.7
        ? "in_progress"
        : roll < 0.75
        ? "review"
        : roll < 0.78
        ? "blocked"
        : "todo";
      const started = status === "todo" ? null : start + random.int(0, 115) * DAY + 9 * 3_600_000;
      const completed = status === "completed" && started !== null
        ? Math.min(TODAY - DAY + 17 * 3_600_000, started + random.int(1, 8) * DAY)
        : null;
      const assignee = random.chance(0.95) ? random.pick(MEMBERS) : null;
      const hours = random.pick([2, 4, 6, 8, 12, 16]);
      await tx.run(
        `INSERT INTO tasks (id, organization_id, project_id, title, status, priority, assignee_id, estimated_hours,
           actual_hours, story_points, due_date, started_at, completed_at, is_milestone, sprint_id, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          taskId,
          ORG,
          id,
          `Task ${i}`,
          status,
          random.int(1, 4),
          assignee,
          hours,
          started === null ? 0 : hours,
          random.pick([1, 2, 3, 5, 8]),
          isoDay(start + random.int(5, 180) * DAY),
          started === null ? null : iso(started),
          completed === null ? null : iso(completed),
          i % 50 === 0 ? 1 : 0,
          completed !== null
            ? sprintOf(completed).id
            : status === "todo" && i % 2
            ? null
            : current.id,
          iso(start - DAY),
          iso(completed ?? started ?? start - DAY),
        ],
      );
      if (started !== null) {
        const owner = assignee ?? MEMBERS[0];
        logs.push([taskId, owner, hours / 2, isoDay(started)]);
        logs.push([
          taskId,
          i % 4 ? owner : random.pick(MEMBERS),
          hours / 2,
          isoDay(completed ?? started),
        ]);
      }
    }
    for (const [index, [taskId, user, hours, day]] of logs.entries()) {
      await tx.run(
        `INSERT INTO time_logs (id, organization_id, project_id, task_id, user_id, hours, logged_on, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        [`${taskId}_l${index % 2}`, ORG, id, taskId, user, hours, day, iso(NOW)],
      );
    }
    // The insert trigger recorded each task as created in its final status: rewrite that
    // history into created (todo) → started → review/blocked or completed, as the dates say.
    await tx.run(
      "UPDATE task_status_history SET to_status = 'todo' WHERE project_id = ? AND from_status IS NULL",
      [id],
    );
    const history = (from: string, to: string, at: string, where: string) =>
      tx.run(
        `INSERT INTO task_status_history (organization_id, project_id, task_id, from_status, to_status, changed_at, changed_on)
         SELECT organization_id, project_id, id, ${from}, ${to}, ${at}, substr(${at}, 1, 10)
           FROM tasks WHERE project_id = ? AND ${where}`,
        [id],
      );
    await history("'todo'", "'in_progress'", "started_at", "started_at IS NOT NULL");
    await history("'in_progress'", "status", "completed_at", "status = 'completed'");
    await history("'in_progress'", "status", "started_at", "status IN ('review', 'blocked')");
  });
}

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

async function close(bench: { db: Database; path: string }) {
  await bench.db.close();
  for (const suffix of ["", "-wal", "-shm"]) await Deno.remove(bench.path + suffix).catch(() => {});
}

function report(label: string, value: number, budget: string, detail: string) {
  console.log(`${label}: ${value.toFixed(2)} (budget ${budget}; ${detail})`);
}

// (a) Seven calls on a 10,000-task project against one covering-index aggregate.
{
  const bench = await openBenchDatabase();
  try {
    await generateProject(bench.db, "prj_large", 10_000, 1);
    const seven = await analyticsClient(bench.db, bench.secret);
    const aggregate = async () => {
      const started = performance.now();
      await bench.db.all(
        `SELECT status, priority, COUNT(*) AS tasks, SUM(estimated_hours) AS hours
           FROM tasks WHERE project_id = ? GROUP BY status, priority`,
        ["prj_large"],
      );
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
      "(a) seven analytics calls / one covering-index aggregate, 10,000-task project",
      a / b,
      "≤ 15",
      `seven calls ${a.toFixed(2)} ms, aggregate ${b.toFixed(3)} ms`,
    );
  } finally {
    await close(bench);
  }
}

// (b) Seven calls on a 1,000-task project, alone and beside 200,000 other tasks.
{
  const alone = await openBenchDatabase();
  const crowded = await openBenchDatabase();
  try {
    await generateProject(alone.db, "prj_small", 1_000, 2);
    await generateProject(crowded.db, "prj_small", 1_000, 2);
    for (let p = 0; p < 200; p++) {
      await generateProject(crowded.db, `prj_other_${p}`, 1_000, 100 + p);
    }
    const inAlone = await analyticsClient(alone.db, alone.secret);
    const inCrowd = await analyticsClient(crowded.db, crowded.secret);
    for (let i = 0; i < 5; i++) (await inAlone("prj_small"), await inCrowd("prj_small"));
    const a: number[] = [], b: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      a.push(await inAlone("prj_small"));
      b.push(await inCrowd("prj_small"));
    }
    report(
      "(b) seven analytics calls, 1,000-task project beside 200,000 tasks / alone",
      median(b) / median(a),
      "≤ 1.3",
      `beside ${median(b).toFixed(2)} ms, alone ${median(a).toFixed(2)} ms`,
    );
  } finally {
    await close(alone);
    await close(crowded);
  }
}
