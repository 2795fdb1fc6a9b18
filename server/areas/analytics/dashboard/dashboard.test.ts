import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import type { z } from "zod";
import {
  DashboardAnalyticsError,
  DashboardAnalyticsResponse,
} from "../../../../schemas/api/dashboard-analytics.ts";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { jsonOf } from "../../../testing/http-assertions.ts";
import {
  FIXTURE,
  FIXTURE_NOW,
  insertFixtureProject,
} from "../projects/testing/analytics-fixture.ts";
import { actingFor } from "../../../db/change-context.ts";

const PATH = "/api/v1/analytics/dashboard";
type Answer = z.infer<typeof DashboardAnalyticsResponse>;

async function dashboard(t: TestApp, token: string, body: Record<string, unknown> = {}) {
  return DashboardAnalyticsResponse.parse(
    await jsonOf<Answer>(await t.call("POST", PATH, { token, body })),
  );
}

async function refusal(res: Response, status: number, field?: string) {
  const body = DashboardAnalyticsError.parse(await jsonOf(res, status));
  assertEquals(body.message, body.error.message);
  if (field) ok(body.message.includes(field), body.message);
  return body;
}

function day(offset: number): string {
  return new Date(Date.parse("2019-01-01T00:00:00Z") + offset * 86_400_000).toISOString().slice(
    0,
    10,
  );
}

Deno.test("POST /api/v1/analytics/dashboard answers the last 30 days by default", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const today = new Date(t.clock.now).toISOString().slice(0, 10);
    const answer = await dashboard(t, token);
    assertEquals(answer.success, true);
    assertEquals(answer.metadata.end_date, today);
    assertEquals(answer.metadata.days, 30);
    assertEquals(answer.metadata.cached, false);
    assertEquals(answer.metadata.cache_ttl_seconds, 300);
    assertEquals(answer.data.tasks_per_day.length, 30);
    assertEquals(answer.data.tasks_per_day.at(-1)?.date, today);
    assertEquals(answer.data.tasks_per_day[0].date, answer.metadata.start_date);
    const seeded = await t.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM projects WHERE organization_id = 'org_acme' AND status = 'active'",
    );
    assertEquals(answer.data.totals.active_projects, seeded?.n);
  } finally {
    await t.close();
  }
});

Deno.test("POST /api/v1/analytics/dashboard sums the organisation's work per day", async () => {
  const t = await createTestApp();
  try {
    t.clock.now = FIXTURE_NOW;
    await insertFixtureProject(t.db);
    const token = await t.tokenFor("admin@acme.test");
    const range = { start_date: "2020-05-31", end_date: "2020-06-15" };
    const { data, metadata } = await dashboard(t, token, range);
    assertEquals([metadata.start_date, metadata.end_date, metadata.days], [
      "2020-05-31",
      "2020-06-15",
      16,
    ]);
    assertEquals(data.totals, {
      tasks_created: 10,
      tasks_completed: 5,
      story_points_completed: 14,
      hours_logged: 45,
      progress_updates: 0,
      active_projects: data.projects_by_status.active,
      new_leads: 0,
      won_leads: 0,
      won_value: 0,
    });
    const completed = Object.fromEntries(
      data.tasks_per_day.filter((d) => d.completed > 0).map((d) => [d.date, d.completed]),
    );
    assertEquals(completed, {
      "2020-06-03": 1,
      "2020-06-05": 1,
      "2020-06-07": 1,
      "2020-06-10": 1,
      "2020-06-13": 1,
    });
    assertEquals(data.tasks_per_day[0], { date: "2020-05-31", created: 10, completed: 0 });
    assertEquals(data.hours_per_day.find((d) => d.date === "2020-06-12"), {
      date: "2020-06-12",
      hours: 11,
    });
    assertEquals(data.leads_by_stage, {});
    assertEquals(data.top_projects, [{
      project_id: FIXTURE.projectId,
      name: "Fixture Rollout",
      tasks_completed: 5,
      story_points_completed: 14,
      // The project's progress as every analytics call shows it: 36 of 80 estimated hours.
      progress_percentage: 45,
    }]);
    const pm = await dashboard(t, await t.tokenFor("pm@acme.test"), range);
    assertEquals([pm.data.leads_by_stage, pm.data.totals.new_leads], [null, null]);
  } finally {
    await t.close();
  }
});

Deno.test("POST /api/v1/analytics/dashboard reads date-times as UTC dates and fills a missing end", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const today = new Date(t.clock.now).toISOString().slice(0, 10);
    const zoned = await dashboard(t, token, {
      start_date: "2020-06-01T23:00:00-05:00",
      end_date: "2020-06-10T00:00:00Z",
    });
    assertEquals([zoned.metadata.start_date, zoned.metadata.end_date], [
      "2020-06-02",
      "2020-06-10",
    ]);
    const tenDaysAgo = new Date(t.clock.now - 10 * 86_400_000).toISOString().slice(0, 10);
    const open = await dashboard(t, token, { start_date: tenDaysAgo });
    assertEquals([open.metadata.end_date, open.metadata.days], [today, 11]);
    const closed = await dashboard(t, token, { end_date: "2020-06-30" });
    assertEquals([closed.metadata.start_date, closed.metadata.days], ["2020-06-01", 30]);
  } finally {
    await t.close();
  }
});

Deno.test("POST /api/v1/analytics/dashboard refuses invalid or reversed dates in the service envelope", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const call = (body: unknown) => t.call("POST", PATH, { token, body });
    const reversed = await refusal(
      await call({ start_date: "2020-06-15", end_date: "2020-06-01" }),
      400,
      "end_date",
    );
    assertEquals(reversed.error.code, "invalid_input");
    await refusal(
      await call({ start_date: "2020-02-30", end_date: "2020-03-01" }),
      400,
      "start_date",
    );
    await refusal(await call({ start_date: "15/06/2020" }), 400, "start_date");
    await refusal(
      await call({ start_date: "2017-01-01", end_date: "2020-06-01" }),
      400,
      "end_date",
    );
    await refusal(await call({ start_date: "2020-06-01", period: "7d" }), 400, "period");
    await refusal(await call("not json"), 400);
  } finally {
    await t.close();
  }
});

Deno.test("POST /api/v1/analytics/dashboard wraps 401 and 403 in the service envelope", async () => {
  const t = await createTestApp();
  try {
    const anonymous = await refusal(await t.call("POST", PATH, { body: {} }), 401);
    assertEquals(anonymous.error.code, "unauthenticated");
    const sales = await refusal(
      await t.call("POST", PATH, { token: await t.tokenFor("sales@acme.test"), body: {} }),
      403,
    );
    assertEquals(sales.error.code, "forbidden");
  } finally {
    await t.close();
  }
});

Deno.test("POST /api/v1/analytics/dashboard serves the cache for 300 seconds while the organisation's records stand", async () => {
  const t = await createTestApp();
  try {
    t.clock.now = FIXTURE_NOW;
    await insertFixtureProject(t.db);
    const token = await t.tokenFor("admin@acme.test");
    const range = { start_date: "2020-06-01", end_date: "2020-06-15" };
    const first = await dashboard(t, token, range);
    assertEquals(first.metadata.cached, false);
    assertEquals(first.metadata.expires_at, new Date(FIXTURE_NOW + 300_000).toISOString());
    // Another organisation's records change: Acme's answer stands.
    await actingFor(
      "org_globex",
      () => t.db.run("UPDATE tasks SET title = title WHERE organization_id = 'org_globex'"),
    );
    t.clock.advance(299_000);
    const hit = await dashboard(t, token, range);
    assertEquals(hit.metadata.cached, true);
    assertEquals(hit.metadata.generated_at, first.metadata.generated_at);
    assertEquals(hit.data, first.data);
    const globex = await dashboard(t, await t.tokenFor("admin@globex.test"), range);
    assertEquals(globex.metadata.cached, false);
    t.clock.advance(1_000);
    const expired = await dashboard(t, token, range);
    assertEquals(expired.metadata.cached, false);
    assertEquals(expired.metadata.generated_at, new Date(FIXTURE_NOW + 300_000).toISOString());
    assertEquals((await dashboard(t, token, range)).metadata.cached, true);
    // Acme's records change: its answer is computed again at once, with the change.
    await actingFor("org_acme", () =>
      t.db.run(
        `INSERT INTO time_logs (id, organization_id, project_id, task_id, user_id, hours, logged_on, created_at)
         VALUES ('tlg_late', 'org_acme', ?, 'tsk_fixture_06', 'usr_acme_lena', 2, '2020-06-15', '2020-06-15T12:00:00Z')`,
        [FIXTURE.projectId],
      ));
    const fresh = await dashboard(t, token, range);
    assertEquals(fresh.metadata.cached, false);
    assertEquals(fresh.data.totals.hours_logged, first.data.totals.hours_logged + 2);
  } finally {
    await t.close();
  }
});

Deno.test("POST /api/v1/analytics/dashboard evicts the oldest-accessed 20% above 100 entries", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const ask = async (i: number) => {
      t.clock.advance(1);
      return (await dashboard(t, token, { start_date: day(i), end_date: day(i) })).metadata.cached;
    };
    for (let i = 0; i < 100; i++) assertEquals(await ask(i), false);
    assertEquals(await ask(0), true);
    // The 101st entry removes ⌈101 × 0.2⌉ = 21 least recently read: ranges 1–21 (0 was just read).
    assertEquals(await ask(100), false);
    assertEquals(await ask(0), true);
    assertEquals(await ask(22), true);
    assertEquals(await ask(100), true);
    assertEquals(await ask(1), false);
    assertEquals(await ask(21), false);
  } finally {
    await t.close();
  }
});
