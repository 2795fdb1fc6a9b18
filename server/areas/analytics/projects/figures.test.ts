/**
 * One test per shared figure (figures.ts) on the hand-worked projects of
 * figures-fixture.ts, each proving that every call showing the figure answers the
 * same value.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import type { z } from "zod";
import type {
  Analytics,
  Forecast,
  Health,
  Progress,
  ProgressComparison,
  TeamPerformance,
  Velocity,
} from "../../../../schemas/api/analytics.ts";
import { createTestApp } from "../../../testing/test-app.ts";
import { jsonOf } from "../../../testing/http-assertions.ts";
import { FIXTURE_NOW } from "./testing/analytics-fixture.ts";
import { FIGURES, insertFiguresProjects } from "./testing/figures-fixture.ts";

const ACTIVE = FIGURES.active;
const DONE = FIGURES.done;

async function openFiguresApp() {
  const t = await createTestApp();
  t.clock.now = FIXTURE_NOW;
  await insertFiguresProjects(t.db);
  const token = await t.tokenFor("admin@acme.test");
  async function call<T>(path: string, body: Record<string, unknown> = {}): Promise<T> {
    return await jsonOf<T>(await t.call("POST", path, { token, body }));
  }
  /** A project analytics call: organization_id added, `data` unwrapped. */
  async function data<T>(path: string, body: Record<string, unknown> = {}): Promise<T> {
    return (await call<{ data: T }>(path, { organization_id: FIGURES.organizationId, ...body }))
      .data;
  }
  return { t, token, call, data };
}

/** P(Binomial(n, p) ≥ k). */
function atLeast(k: number, n: number, p: number): number {
  let below = 0;
  let term = (1 - p) ** n;
  for (let i = 0; i < k; i++) {
    below += term;
    term *= ((n - i) / (i + 1)) * (p / (1 - p));
  }
  return 1 - below;
}

Deno.test("a project's progress is the same weighted figure in every call, tab, list and dashboard", async () => {
  const { t, call, data } = await openFiguresApp();
  try {
    // Figures Rollout: completed hours 2 + 2 + 10 + 6 + 2 = 22 of 40 → 55 %.
    // (By count it would be 5 of 11 = 45.5 %, which only the task completion rate shows.)
    const expected = 55;
    const progress = await data<z.infer<typeof Progress>>("/projects/calculate-progress", {
      project_id: ACTIVE,
    });
    assertEquals(progress.overall_progress_percentage, expected);
    const analytics = await data<z.infer<typeof Analytics>>(`/projects/${ACTIVE}/analytics`);
    assertEquals(analytics.progress_metrics.overall_progress, expected);
    assertEquals(analytics.progress_metrics.task_completion_rate, 45.5);
    const forecast = await data<z.infer<typeof Forecast>>(`/projects/${ACTIVE}/forecast`);
    assertEquals(forecast.current_progress, expected);
    const health = await data<z.infer<typeof Health>>(`/projects/${ACTIVE}/health-score`);
    assertEquals(health.health_factors.completion_rate, expected / 100);
    const compared = await data<z.infer<typeof ProgressComparison>>("/projects/compare-progress", {
      project_ids: [ACTIVE],
    });
    assertEquals(compared.projects[0].progress?.overall_progress_percentage, expected);

    const list = await call<{ projects: { id: string; progress_percentage: number }[] }>(
      "/projects/list",
    );
    assertEquals(list.projects.find((p) => p.id === ACTIVE)?.progress_percentage, expected);
    assertEquals(list.projects.find((p) => p.id === DONE)?.progress_percentage, 100);
    const summary = await call<
      { active_project_progress: { project_id: string; progress_percentage: number }[] }
    >("/dashboard/summary");
    // Due 2020-07-04, long before any demo project: the first of the active projects due first.
    assertEquals(summary.active_project_progress[0], {
      project_id: ACTIVE,
      name: "Figures Rollout",
      end_date: "2020-07-04",
      progress_percentage: expected,
    });
    const board = await call<
      { data: { top_projects: { project_id: string; progress_percentage: number }[] } }
    >("/api/v1/analytics/dashboard", { start_date: "2020-05-01", end_date: "2020-06-15" });
    assertEquals(
      board.data.top_projects.map((p) => [p.project_id, p.progress_percentage]),
      [[ACTIVE, expected], [DONE, 100]],
    );
  } finally {
    await t.close();
  }
});

Deno.test("a member's completion rate is tasks done of tasks assigned, in both team tables", async () => {
  const { t, data } = await openFiguresApp();
  try {
    // Period 05-17 … 06-15. Maya: K2, K3, K4 done in it and K6 open → 3 of 4 = 75 %.
    // Tom: K5 done and K7 open → 1 of 2 = 50 %. Lena's only task (K1) was done on
    // 05-12, before the period, so she has nothing in it. The team: 4 of 6 = 66.7 %.
    const team = await data<z.infer<typeof TeamPerformance>>(
      `/projects/${ACTIVE}/team-performance`,
    );
    assertEquals(
      team.team_members.map((
        m,
      ) => [m.user_id, m.total_tasks, m.tasks_completed, m.completion_rate]),
      [["usr_acme_maya", 4, 3, 75], ["usr_acme_tom", 2, 1, 50]],
    );
    assertEquals(team.team_averages.completion_rate, 66.7);
    const analytics = await data<z.infer<typeof Analytics>>(`/projects/${ACTIVE}/analytics`);
    const metrics = analytics.productivity_metrics.team_metrics;
    assertEquals(
      [metrics.usr_acme_maya.completion_rate, metrics.usr_acme_tom.completion_rate],
      [75, 50],
    );
  } finally {
    await t.close();
  }
});

Deno.test("the Team tab's completion rate column shows the completion rate, not the quality score", async () => {
  const { t, token } = await openFiguresApp();
  try {
    const res = await t.call("GET", "/ui/screens/project-progress-analytics", { token });
    const screen = JSON.stringify(await jsonOf(res));
    const columns = [...screen.matchAll(/\{"key":"([a-z_]+)","label":"Completion rate"/g)]
      .map((m) => m[1]);
    ok(columns.length >= 2, screen.slice(0, 200));
    assertEquals(new Set(columns), new Set(["completion_rate"]));
  } finally {
    await t.close();
  }
});

Deno.test("the velocity trend agrees with the current and average velocity beside it", async () => {
  const { t, data } = await openFiguresApp();
  try {
    // Sprints S1–S5 completed 3, 1, 12, 8 and 1 points: current 1, average 25 / 5 = 5.
    // 1 is 80 % below 5 → declining (the older and newer halves, 2 and 4.5, would say improving).
    const velocity = await data<z.infer<typeof Velocity>>(`/projects/${ACTIVE}/velocity`);
    assertEquals(
      [velocity.current_velocity, velocity.average_velocity, velocity.velocity_trend],
      [1, 5, "declining"],
    );
    const health = await data<z.infer<typeof Health>>(`/projects/${ACTIVE}/health-score`);
    assertEquals(health.velocity_trend, "declining");
    const analytics = await data<z.infer<typeof Analytics>>(`/projects/${ACTIVE}/analytics`);
    assertEquals(analytics.velocity_metrics.velocity_trend, "declining");
    const compared = await data<z.infer<typeof ProgressComparison>>("/projects/compare-progress", {
      project_ids: [ACTIVE],
    });
    assertEquals(compared.projects[0].velocity?.velocity_trend, "declining");
  } finally {
    await t.close();
  }
});

Deno.test("one schedule status from the forecast: every call calls a late project delayed", async () => {
  const { t, data } = await openFiguresApp();
  try {
    // 30 days sampled (05-16 … 06-14) with one completion on 4 of them; 6 tasks open;
    // 20 days to 07-04 (today included). P(on time) = P(Binomial(20, 4/30) ≥ 6) ≈ 0.03:
    // the median run is late. Progress 55 % against 35 of 54 days elapsed (64.8 %) is
    // within the 10-point gap, which alone once read "On Schedule".
    const forecast = await data<z.infer<typeof Forecast>>(`/projects/${ACTIVE}/forecast`);
    const exact = atLeast(6, 20, 4 / 30);
    ok(
      Math.abs(forecast.completion_probability - exact) < 0.03,
      `${forecast.completion_probability}`,
    );
    assertEquals([forecast.schedule_status, forecast.is_on_track], ["delayed", false]);
    ok(forecast.estimated_completion! > "2020-07-04");
    const progress = await data<z.infer<typeof Progress>>("/projects/calculate-progress", {
      project_id: ACTIVE,
    });
    assertEquals(progress.timeline_analysis.schedule_progress_percentage, 64.8);
    assertEquals(
      [progress.timeline_analysis.schedule_status, progress.timeline_analysis.is_on_schedule],
      ["delayed", false],
    );
    const analytics = await data<z.infer<typeof Analytics>>(`/projects/${ACTIVE}/analytics`);
    assertEquals(analytics.timeline_analysis, {
      schedule_status: "delayed",
      is_on_schedule: false,
      schedule_variance: forecast.variance_days,
      estimated_completion: forecast.estimated_completion,
    });
  } finally {
    await t.close();
  }
});

Deno.test("a completed project is Completed with probability 100 %, never delayed", async () => {
  const { t, data } = await openFiguresApp();
  try {
    // Figures Archive: both tasks done, the last on 05-20, five days after the planned 05-15.
    const forecast = await data<z.infer<typeof Forecast>>(`/projects/${DONE}/forecast`);
    assertEquals(forecast.completion_probability, 1);
    assertEquals([forecast.schedule_status, forecast.is_on_track], ["completed", true]);
    assertEquals([forecast.estimated_completion, forecast.variance_days], ["2020-05-20", 5]);
    assertEquals(forecast.percentiles, { p10: "2020-05-20", p50: "2020-05-20", p90: "2020-05-20" });
    assertEquals([forecast.current_progress, forecast.remaining_tasks], [100, 0]);
    const progress = await data<z.infer<typeof Progress>>("/projects/calculate-progress", {
      project_id: DONE,
    });
    assertEquals(
      [progress.timeline_analysis.schedule_status, progress.timeline_analysis.is_on_schedule],
      ["completed", true],
    );
    const analytics = await data<z.infer<typeof Analytics>>(`/projects/${DONE}/analytics`);
    assertEquals(analytics.timeline_analysis, {
      schedule_status: "completed",
      is_on_schedule: true,
      schedule_variance: 5,
      estimated_completion: "2020-05-20",
    });
    assertEquals(analytics.recommendations.filter((r) => r.category === "schedule"), []);
  } finally {
    await t.close();
  }
});

Deno.test("the forecast scenarios show the distribution's 10th, 50th and 90th percentile dates", async () => {
  const { t, token } = await openFiguresApp();
  try {
    const res = await t.call("GET", "/ui/screens/project-progress-analytics", { token });
    const screen = JSON.stringify(await jsonOf(res));
    const cards = [
      ...screen.matchAll(/"type":"scenario-card","title":"(\w+)","date":\{[^}]*"path":"([\w.]+)"/g),
    ]
      .map((m) => [m[1], m[2]]);
    assertEquals(cards, [
      ["Optimistic", "percentiles.p10"],
      ["Realistic", "percentiles.p50"],
      ["Pessimistic", "percentiles.p90"],
    ]);
  } finally {
    await t.close();
  }
});
