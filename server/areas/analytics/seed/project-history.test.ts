import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { openDatabase } from "../../../db/open.ts";
import { prepareDatabase } from "../../../db/prepare.ts";
import { createTestApp } from "../../../testing/test-app.ts";
import { createEmptyDatabaseUrl } from "../../../testing/test-database.ts";
import { jsonOf } from "../../../testing/http-assertions.ts";
import { SAMPLE_PROJECT_ID } from "./project-history.ts";

/** The analytics history the seed lays out in a new database of the run's dialect. */
async function seededRows(now: number) {
  const empty = await createEmptyDatabaseUrl();
  const db = openDatabase(empty.url, { listen: false });
  try {
    await prepareDatabase(db, { seed: "demo", now, hash: () => Promise.resolve("x") });
    return {
      sprints: await db.all("SELECT * FROM sprints ORDER BY id"),
      history: await db.all("SELECT * FROM task_status_history ORDER BY id"),
      logs: await db.all("SELECT * FROM time_logs ORDER BY id"),
      updates: await db.all("SELECT * FROM progress_updates ORDER BY id"),
    };
  } finally {
    await db.close();
    await empty.drop();
  }
}

Deno.test("The demo seed lays out the same analytics history every time", async () => {
  const now = Date.parse("2026-03-10T08:00:00Z");
  const first = await seededRows(now);
  assertEquals(await seededRows(now), first);
  ok(first.history.length > 0 && first.logs.length > 0 && first.updates.length > 0);
});

Deno.test("The demo seed gives every started project six ended sprints and one in progress", async () => {
  const t = await createTestApp();
  try {
    const today = new Date().toISOString().slice(0, 10);
    const rows = await t.db.all<{ id: string; status: string; ended: number; current: number }>(
      `SELECT p.id, p.status,
              (SELECT COUNT(*) FROM sprints s WHERE s.project_id = p.id AND s.end_date < ?) AS ended,
              (SELECT COUNT(*) FROM sprints s WHERE s.project_id = p.id AND s.start_date <= ? AND s.end_date >= ?) AS current
         FROM projects p WHERE p.status IN ('active', 'on_hold')`,
      [today, today, today],
    );
    ok(rows.length >= 7);
    for (const row of rows) {
      ok(row.ended >= 6, `${row.id} has ${row.ended} ended sprints`);
      assertEquals(row.current, 1, `${row.id} has a sprint in progress`);
    }
    assertEquals(
      (await t.db.get<{ organization_id: string }>(
        "SELECT organization_id FROM projects WHERE id = ?",
        [SAMPLE_PROJECT_ID],
      ))?.organization_id,
      "org_acme",
    );
  } finally {
    await t.close();
  }
});

Deno.test("The demo seed's status history agrees with every task's status and dates", async () => {
  const t = await createTestApp();
  try {
    const broken = await t.db.all<{ task_id: string; problem: string }>(
      `WITH h AS (
         SELECT task_id, from_status, to_status, changed_at,
                LAG(to_status) OVER (PARTITION BY task_id ORDER BY changed_at, id) AS previous,
                ROW_NUMBER() OVER (PARTITION BY task_id ORDER BY changed_at DESC, id DESC) AS from_end
           FROM task_status_history)
       SELECT h.task_id, 'chain' AS problem FROM h WHERE h.from_status IS DISTINCT FROM h.previous
       UNION ALL
       SELECT t.id, 'last status' FROM tasks t JOIN h ON h.task_id = t.id AND h.from_end = 1
        WHERE h.to_status <> t.status
       UNION ALL
       SELECT t.id, 'started' FROM tasks t WHERE t.started_at IS NOT NULL AND NOT EXISTS (
         SELECT 1 FROM task_status_history x WHERE x.task_id = t.id AND x.to_status = 'in_progress'
           AND x.changed_at = t.started_at)
       UNION ALL
       SELECT t.id, 'completed' FROM tasks t WHERE t.status = 'completed' AND NOT EXISTS (
         SELECT 1 FROM task_status_history x WHERE x.task_id = t.id AND x.to_status = 'completed'
           AND x.changed_at = t.completed_at)
       UNION ALL
       SELECT t.id, 'order' FROM tasks t
        WHERE t.completed_at < t.started_at OR t.started_at < t.created_at
       UNION ALL
       SELECT t.id, 'hours' FROM tasks t WHERE t.started_at IS NOT NULL AND t.actual_hours > 0
         AND ABS(t.actual_hours - (SELECT COALESCE(SUM(hours), 0) FROM time_logs l WHERE l.task_id = t.id)) > 0.001`,
    );
    assertEquals(broken, []);
  } finally {
    await t.close();
  }
});

Deno.test("Every chart of the sample project has data", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("pm@acme.test");
    const post = async <T>(path: string, body: Record<string, unknown> = {}) =>
      (await jsonOf<{ data: T }>(
        await t.call("POST", path, { token, body: { organization_id: "org_acme", ...body } }),
      )).data;
    const base = `/projects/${SAMPLE_PROJECT_ID}`;
    const velocity = await post<
      { sprint_history: unknown[]; velocity_history: { velocity: number }[] }
    >(
      `${base}/velocity`,
    );
    assertEquals(velocity.sprint_history.length, 5);
    ok(velocity.velocity_history.filter((d) => d.velocity > 0).length >= 5);
    const burndown = await post<
      { scope: string; burndown_points: { remaining_tasks: number | null }[] }
    >(
      `${base}/burndown`,
    );
    assertEquals(burndown.scope, "sprint");
    ok(burndown.burndown_points.filter((p) => p.remaining_tasks !== null).length >= 2);
    const forecast = await post<{ distribution: unknown[] }>(`${base}/forecast`);
    ok(forecast.distribution.length > 5);
    const team = await post<{ team_members: unknown[]; collaboration_score: number }>(
      `${base}/team-performance`,
    );
    ok(team.team_members.length >= 3);
    const progress = await post<{ last_updated: string | null }>("/projects/calculate-progress", {
      project_id: SAMPLE_PROJECT_ID,
    });
    ok(progress.last_updated);
  } finally {
    await t.close();
  }
});
