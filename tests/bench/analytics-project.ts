/**
 * The analytics bench's data: a fresh database (either dialect) with one
 * organisation, its admin and twelve members, and generated projects inserted
 * directly in batches (portable SQL, one transaction per project).
 */
import type { Database, Dialect, Queryable, SqlValue } from "../../server/db/database.ts";
import { openDatabase } from "../../server/db/open.ts";
import { prepareDatabase } from "../../server/db/prepare.ts";
import { SeededRandom } from "../../server/db/seed/random.ts";
import { createOrganization } from "../../server/platform/orgs/organization-bootstrap.ts";
import { type BenchDatabase, createBenchDatabase } from "./databases.ts";

const DAY = 86_400_000;
export const NOW = Date.parse("2026-06-15T12:00:00Z");
const TODAY = Math.floor(NOW / DAY) * DAY;
export const ORG = "org_bench";
export const ADMIN = "usr_bench_admin";
const MEMBERS = Array.from({ length: 12 }, (_, i) => `usr_bench_${i + 1}`);

const iso = (ms: number) => new Date(ms).toISOString();
const isoDay = (ms: number) => iso(ms).slice(0, 10);

/** An open bench database and what removes it. */
export interface Bench {
  db: Database;
  database: BenchDatabase;
  secret: string;
}

/** A database with the organisation, its admin and members, and no projects. */
export async function openBenchDatabase(dialect: Dialect): Promise<Bench> {
  const database = await createBenchDatabase(dialect);
  const db = openDatabase(database.url, { poolSize: 4, listen: false });
  const { secret } = await prepareDatabase(db, { seed: "none", now: NOW });
  await db.transaction(async (tx) => {
    await createOrganization(tx, { id: ORG, name: "Bench" }, { now: iso(NOW) });
    const users: SqlValue[][] = [], memberships: SqlValue[][] = [];
    for (const id of [ADMIN, ...MEMBERS]) {
      users.push([id, `${id}@bench.test`, "disabled", "Bench", id, iso(NOW), iso(NOW)]);
      memberships.push([
        `uor_${id}`,
        id,
        ORG,
        id === ADMIN ? "firm_admin" : "member",
        1,
        iso(NOW),
        iso(NOW),
      ]);
    }
    await insertRows(tx, "users", [
      "id",
      "email",
      "password_hash",
      "first_name",
      "last_name",
      "created_at",
      "updated_at",
    ], users);
    await insertRows(tx, "user_organizations", [
      "id",
      "user_id",
      "organization_id",
      "user_role",
      "is_current",
      "created_at",
      "updated_at",
    ], memberships);
  });
  return { db, database, secret };
}

/** Rows per INSERT: well under both dialects' limits on bound parameters. */
const BATCH_ROWS = 400;

/** Inserts rows in multi-row INSERTs of BATCH_ROWS. */
async function insertRows(
  tx: Queryable,
  table: string,
  columns: string[],
  rows: SqlValue[][],
): Promise<void> {
  const tuple = `(${columns.map(() => "?").join(", ")})`;
  for (let from = 0; from < rows.length; from += BATCH_ROWS) {
    const batch = rows.slice(from, from + BATCH_ROWS);
    await tx.run(
      `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${batch.map(() => tuple).join(", ")}`,
      batch.flat(),
    );
  }
}

/** After loading: statistics and a visibility map, as a live database's autovacuum keeps them. */
export async function settle(db: Database): Promise<void> {
  if (db.dialect === "postgres") await db.exec("VACUUM ANALYZE");
}

/**
 * A project of `size` tasks over 180 days (120 elapsed), 14-day sprints, about 60%
 * of the tasks completed, a status history matching the task dates and two time
 * logs per started task. The same id and seed give the same project.
 */
export async function generateProject(db: Database, id: string, size: number, seed: number) {
  const random = new SeededRandom(seed);
  const start = TODAY - 120 * DAY;
  const end = TODAY + 60 * DAY;
  await db.transaction(async (tx) => {
    await tx.run(
      `INSERT INTO projects (id, organization_id, name, status, start_date, end_date, created_at, updated_at)
       VALUES (?, ?, ?, 'active', ?, ?, ?, ?)`,
      [id, ORG, `Project ${id}`, isoDay(start), isoDay(end), iso(start), iso(start)],
    );
    const sprints = Array.from({ length: 11 }, (_, i) => ({
      id: `${id}_s${i}`,
      from: start + i * 14 * DAY,
      to: start + (i * 14 + 13) * DAY,
    }));
    await insertRows(
      tx,
      "sprints",
      [
        "id",
        "organization_id",
        "project_id",
        "name",
        "start_date",
        "end_date",
        "planned_story_points",
        "created_at",
      ],
      sprints.map((sprint, i) => [
        sprint.id,
        ORG,
        id,
        `Sprint ${i + 1}`,
        isoDay(sprint.from),
        isoDay(sprint.to),
        size,
        iso(start),
      ]),
    );
    const sprintOf = (ms: number) => sprints.find((s) => s.from <= ms && ms < s.to + DAY)!;
    const current = sprintOf(TODAY);
    const tasks: SqlValue[][] = [];
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
      tasks.push([
        taskId,
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
      ]);
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
    await insertRows(tx, "tasks", [
      "id",
      "name",
      "organization_id",
      "project_id",
      "title",
      "status",
      "priority",
      "assignee_id",
      "estimated_hours",
      "actual_hours",
      "story_points",
      "due_date",
      "started_at",
      "completed_at",
      "is_milestone",
      "sprint_id",
      "created_at",
      "updated_at",
    ], tasks);
    await insertRows(
      tx,
      "time_logs",
      [
        "id",
        "organization_id",
        "project_id",
        "task_id",
        "user_id",
        "hours",
        "logged_on",
        "created_at",
      ],
      logs.map(([taskId, user, hours, day], index) => [
        `${taskId}_l${index % 2}`,
        ORG,
        id,
        taskId,
        user,
        hours,
        day,
        iso(NOW),
      ]),
    );
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

/** Closes and removes a bench database. */
export async function closeBenchDatabase(bench: Bench): Promise<void> {
  await bench.db.close();
  await bench.database.drop();
}
