/**
 * Test support: a small project in Acme whose analytics are worked out by hand in
 * the tests. Dates lie in 2020, far from the demo seed (laid out around the day
 * the seed runs), and the tests move the clock to FIXTURE_NOW.
 *
 * Project 2020-06-01 → 2020-07-01 (30 days); today 2020-06-15 (14 days elapsed).
 * Sprints: S1 06-01…06-07 (planned 10), S2 06-08…06-14 (planned 12), S3
 * 06-15…06-21 (planned 10, in progress). Ten tasks, all created 2020-05-31:
 *
 * | task | status      | prio | hours | pts | assignee | due   | sprint | history (10:00 UTC)                      |
 * |------|-------------|------|-------|-----|----------|-------|--------|------------------------------------------|
 * | T1   | completed   | 3    | 8     | 3   | maya     | 06-05 | S1     | started 06-01, done 06-03                |
 * | T2   | completed   | 2    | 4     | 2   | maya     | 06-06 | S1     | started 06-02, done 06-05                |
 * | T3   | completed   | 2    | 2     | 1   | tom      | 06-07 | S1     | started 06-04, done 06-07 (milestone)    |
 * | T4   | completed   | 4    | 16    | 5   | tom      | 06-12 | S2     | 06-08, review 06-09, back 06-09, 06-10   |
 * | T5   | completed   | 1    | 6     | 3   | lena     | 06-14 | S2     | 06-09, done 06-11, reopened 06-12, 06-13 |
 * | T6   | in_progress | 3    | 12    | 5   | lena     | 06-10 | S3     | started 06-11                            |
 * | T7   | review      | 2    | 8     | 3   | maya     | 06-20 | S3     | started 06-12, review 06-14              |
 * | T8   | blocked     | 3    | 4     | 2   | tom      | 06-12 | S3     | started 06-10, blocked 06-11             |
 * | T9   | todo        | 2    | 10    | 5   | —        | 06-25 | S3     |                                          |
 * | T10  | todo        | 1    | 10    | 1   | —        | 06-30 | —      | (milestone)                              |
 *
 * Time logs: T1 maya 6 h (06-02) and tom 2 h (06-03); T2 maya 4 h (06-04); T4 tom
 * 10 h (06-09) and 8 h (06-10); T5 lena 6 h (06-12); T6 lena 5 h (06-12) and maya
 * 1 h (06-13); T7 maya 3 h (06-14).
 */
import type { Database } from "../../../../db/database.ts";
import { createTestApp } from "../../../../testing/test-app.ts";
import { jsonOf } from "../../../../testing/http-assertions.ts";

/** Ids and dates of the fixture. */
export const FIXTURE = {
  projectId: "prj_fixture",
  organizationId: "org_acme",
  today: "2020-06-15",
  sprints: ["spr_fixture_1", "spr_fixture_2", "spr_fixture_3"],
} as const;

/** The clock of the fixture's "today", at noon UTC. */
export const FIXTURE_NOW = Date.parse("2020-06-15T12:00:00Z");

const MAYA = "usr_acme_maya";
const TOM = "usr_acme_tom";
const LENA = "usr_acme_lena";

type Row = [
  n: number,
  priority: number,
  hours: number,
  points: number,
  assignee: string | null,
  due: string,
  sprint: number | null,
  milestone: boolean,
  changes: [status: string, day: string, hour?: number][],
];

const TASKS: Row[] = [
  [1, 3, 8, 3, MAYA, "06-05", 0, false, [["in_progress", "06-01"], ["completed", "06-03"]]],
  [2, 2, 4, 2, MAYA, "06-06", 0, false, [["in_progress", "06-02"], ["completed", "06-05"]]],
  [3, 2, 2, 1, TOM, "06-07", 0, true, [["in_progress", "06-04"], ["completed", "06-07"]]],
  [4, 4, 16, 5, TOM, "06-12", 1, false, [
    ["in_progress", "06-08"],
    ["review", "06-09"],
    ["in_progress", "06-09", 15],
    ["completed", "06-10"],
  ]],
  [5, 1, 6, 3, LENA, "06-14", 1, false, [
    ["in_progress", "06-09"],
    ["completed", "06-11"],
    ["in_progress", "06-12"],
    ["completed", "06-13"],
  ]],
  [6, 3, 12, 5, LENA, "06-10", 2, false, [["in_progress", "06-11"]]],
  [7, 2, 8, 3, MAYA, "06-20", 2, false, [["in_progress", "06-12"], ["review", "06-14"]]],
  [8, 3, 4, 2, TOM, "06-12", 2, false, [["in_progress", "06-10"], ["blocked", "06-11"]]],
  [9, 2, 10, 5, null, "06-25", 2, false, []],
  [10, 1, 10, 1, null, "06-30", null, true, []],
];

const LOGS: [task: number, user: string, hours: number, day: string][] = [
  [1, MAYA, 6, "06-02"],
  [1, TOM, 2, "06-03"],
  [2, MAYA, 4, "06-04"],
  [4, TOM, 10, "06-09"],
  [4, TOM, 8, "06-10"],
  [5, LENA, 6, "06-12"],
  [6, LENA, 5, "06-12"],
  [6, MAYA, 1, "06-13"],
  [7, MAYA, 3, "06-14"],
];

function at(day: string, hour = 10): string {
  return `2020-${day}T${String(hour).padStart(2, "0")}:00:00.000Z`;
}

/** The id of fixture task n (1–10). */
export function fixtureTask(n: number): string {
  return `tsk_fixture_${String(n).padStart(2, "0")}`;
}

/**
 * Inserts the fixture project. Status changes go through UPDATEs, as a real
 * writer would make them, so the history triggers record them.
 */
export async function insertFixtureProject(
  db: Database,
  options: { withSprints?: boolean } = {},
): Promise<void> {
  const withSprints = options.withSprints ?? true;
  await db.transaction(async (tx) => {
    await tx.run(
      `INSERT INTO projects (id, organization_id, name, status, start_date, end_date, project_manager_id, created_at, updated_at)
       VALUES (?, ?, 'Fixture Rollout', 'active', '2020-06-01', '2020-07-01', 'usr_acme_pm', ?, ?)`,
      [FIXTURE.projectId, FIXTURE.organizationId, at("05-30"), at("05-30")],
    );
    const sprints: [string, string, number][] = [
      ["06-01", "06-07", 10],
      ["06-08", "06-14", 12],
      ["06-15", "06-21", 10],
    ];
    if (withSprints) {
      for (const [index, [start, end, planned]] of sprints.entries()) {
        await tx.run(
          `INSERT INTO sprints (id, organization_id, project_id, name, goal, start_date, end_date, planned_story_points, created_at)
           VALUES (?, ?, ?, ?, '', ?, ?, ?, ?)`,
          [
            FIXTURE.sprints[index],
            FIXTURE.organizationId,
            FIXTURE.projectId,
            `Sprint ${index + 1}`,
            `2020-${start}`,
            `2020-${end}`,
            planned,
            at("05-30"),
          ],
        );
      }
    }
    for (const [n, priority, hours, points, assignee, due, sprint, milestone, changes] of TASKS) {
      const id = fixtureTask(n);
      await tx.run(
        `INSERT INTO tasks (id, name, organization_id, project_id, title, status, priority, assignee_id, estimated_hours,
           story_points, due_date, is_milestone, sprint_id, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, 'todo', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          id,
          id,
          FIXTURE.organizationId,
          FIXTURE.projectId,
          `Fixture task ${n}`,
          priority,
          assignee,
          hours,
          points,
          `2020-${due}`,
          milestone ? 1 : 0,
          withSprints && sprint !== null ? FIXTURE.sprints[sprint] : null,
          at("05-31"),
          at("05-31"),
        ],
      );
      for (const [status, day, hour] of changes) {
        await tx.run("UPDATE tasks SET status = ?, updated_at = ? WHERE id = ?", [
          status,
          at(day, hour),
          id,
        ]);
      }
      const started = changes.find(([status]) => status === "in_progress");
      const done = changes.at(-1)?.[0] === "completed" ? changes.at(-1) : undefined;
      await tx.run("UPDATE tasks SET started_at = ?, completed_at = ? WHERE id = ?", [
        started ? at(started[1], started[2]) : null,
        done ? at(done[1], done[2]) : null,
        id,
      ]);
    }
    for (const [index, [task, user, hours, day]] of LOGS.entries()) {
      await tx.run(
        `INSERT INTO time_logs (id, organization_id, project_id, task_id, user_id, hours, logged_on, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          `tlg_fixture_${index + 1}`,
          FIXTURE.organizationId,
          FIXTURE.projectId,
          fixtureTask(task),
          user,
          hours,
          `2020-${day}`,
          at(day, 18),
        ],
      );
    }
  });
}

/** A test app with the fixture inserted, the clock at FIXTURE_NOW and the Acme admin's token. */
export async function openFixtureApp(options: { withSprints?: boolean } = {}) {
  const t = await createTestApp();
  t.clock.now = FIXTURE_NOW;
  await insertFixtureProject(t.db, options);
  const token = await t.tokenFor("admin@acme.test");
  /** POSTs with organization_id set and returns `data` after checking the status. */
  async function post<T>(path: string, body: Record<string, unknown> = {}): Promise<T> {
    const res = await t.call("POST", path, {
      token,
      body: { organization_id: FIXTURE.organizationId, ...body },
    });
    return (await jsonOf<{ data: T }>(res)).data;
  }
  return { t, token, post };
}
