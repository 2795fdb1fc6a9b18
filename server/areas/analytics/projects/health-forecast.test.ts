import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import type { z } from "zod";
import { Forecast, Health } from "../../../../schemas/api/analytics.ts";
import type { Database } from "../../../db/database.ts";
import { FIXTURE, openFixtureApp } from "./testing/analytics-fixture.ts";

const HEALTH = `/projects/${FIXTURE.projectId}/health-score`;
const FORECAST = `/projects/${FIXTURE.projectId}/forecast`;

/** P(X ≥ k) for X ~ Binomial(n, p): the chance that n days of draws complete k tasks. */
function atLeast(k: number, n: number, p: number): number {
  let below = 0;
  let term = (1 - p) ** n;
  for (let i = 0; i < k; i++) {
    below += term;
    term *= ((n - i) / (i + 1)) * (p / (1 - p));
  }
  return 1 - below;
}

/** A second project with two open tasks (one overdue) and nothing completed. */
async function insertStalledProject(db: Database): Promise<void> {
  await db.run(
    `INSERT INTO projects (id, organization_id, name, status, start_date, end_date, created_at, updated_at)
     VALUES ('prj_stalled', 'org_acme', 'Stalled', 'active', '2020-06-01', '2020-07-01', '2020-05-30T00:00:00Z', '2020-05-30T00:00:00Z')`,
  );
  for (const [id, due] of [["tsk_stalled_1", "2020-06-10"], ["tsk_stalled_2", "2020-06-25"]]) {
    await db.run(
      `INSERT INTO tasks (id, name, organization_id, project_id, title, status, assignee_id, estimated_hours, due_date, created_at, updated_at)
       VALUES (?, ?, 'org_acme', 'prj_stalled', 'Stalled task', 'todo', 'usr_acme_tom', 4, ?, '2020-05-31T10:00:00Z', '2020-05-31T10:00:00Z')`,
      [id, id, due],
    );
  }
}

Deno.test("POST /projects/{id}/health-score weighs pace, punctuality, velocity and quality", async () => {
  const { t, post } = await openFixtureApp();
  try {
    const h = Health.parse(await post(HEALTH));
    // completion rate = progress 45 % (36 of 80 hours); pace = min(1, 0.45 / (14/30)) = 0.964;
    // overdue 0.2; improving velocity (current 8 against average 7) 1; quality 3/5 = 0.6.
    // 100 × (0.35 × 0.964 + 0.25 × 0.8 + 0.2 × 1 + 0.2 × 0.6) = 85.75 → 85.8.
    assertEquals(h.overall_health_score, 85.8);
    assertEquals(h.health_status, "healthy");
    assertEquals(h.quality_score, 0.6);
    assertEquals(h.velocity_trend, "improving");
    assertEquals(h.health_factors, {
      completion_rate: 0.45,
      overdue_ratio: 0.2,
      schedule_progress: 0.467,
      pace: 0.964,
      velocity_credit: 1,
      quality_score: 0.6,
    });
    // 5 tasks done in the last 14 days against 5 open over 16 days left: at full pace.
    assertEquals(h.team_productivity_score, 100);
    assertEquals(
      h.risk_indicators.map((r) => [r.type, r.severity]),
      [["overdue_tasks", "high"], ["low_quality", "medium"]],
    );
    assertEquals(h.recommendations.map((r) => r.priority), ["high", "medium"]);
  } finally {
    await t.close();
  }
});

Deno.test("POST /projects/{id}/health-score calls a stalled project critical", async () => {
  const { t, post } = await openFixtureApp();
  try {
    await insertStalledProject(t.db);
    const h = await post<z.infer<typeof Health>>("/projects/prj_stalled/health-score");
    // pace 0; overdue 1/2; stable (no sprint, one empty period) 0.75; quality 1 (nothing completed).
    // 100 × (0 + 0.25 × 0.5 + 0.2 × 0.75 + 0.2 × 1) = 47.5.
    assertEquals(h.overall_health_score, 47.5);
    assertEquals(h.health_status, "critical");
    assertEquals(h.team_productivity_score, 0);
    assertEquals(
      h.risk_indicators.map((r) => [r.type, r.severity]),
      [["overdue_tasks", "high"], ["behind_schedule", "high"], ["low_productivity", "high"]],
    );
  } finally {
    await t.close();
  }
});

Deno.test("POST /projects/{id}/forecast simulates completion from the daily throughput", async () => {
  const { t, post } = await openFixtureApp();
  try {
    const f = Forecast.parse(await post(FORECAST));
    // 14 days sampled (since 06-01) with one completion on five of them; 5 tasks open.
    assertEquals(f.forecast_days, 30);
    assertEquals(f.throughput, { window_days: 14, tasks_completed: 5, daily_average: 0.36 });
    // current_progress is the project's progress: 36 of 80 estimated hours.
    assertEquals([f.remaining_tasks, f.current_progress, f.velocity_confidence], [5, 45, 0.85]);
    assertEquals(f.simulation.runs, 1000);
    // At most one task a day: no run finishes before its fifth day (06-19).
    ok(f.percentiles.p10! >= "2020-06-19", JSON.stringify(f.percentiles));
    ok(
      f.percentiles.p10! <= f.estimated_completion! &&
        f.estimated_completion! <= f.percentiles.p90!,
    );
    assertEquals(f.estimated_completion, f.percentiles.p50);
    // Finishing by 07-01 (17 days) = P(Binomial(17, 5/14) ≥ 5) ≈ 0.75.
    const exact = atLeast(5, 17, 5 / 14);
    ok(
      Math.abs(f.completion_probability - exact) < 0.05,
      `${f.completion_probability} vs ${exact}`,
    );
    const within = atLeast(5, 30, 5 / 14);
    ok(
      Math.abs(f.probability_within_horizon - within) < 0.05,
      `${f.probability_within_horizon} vs ${within}`,
    );
    // The median run finishes on the first day k where P(Binomial(k, 5/14) ≥ 5) reaches one half.
    let k = 5;
    while (atLeast(5, k, 5 / 14) < 0.5) k++;
    const day = (Date.parse(f.estimated_completion!) - Date.parse("2020-06-15")) / 86_400_000 + 1;
    ok(Math.abs(day - k) <= 1, `median day ${day}, expected about ${k}`);
    assertEquals(f.is_on_track, f.estimated_completion! <= "2020-07-01");
    assertEquals(f.schedule_status, f.is_on_track ? "on_track" : "delayed");
    assertEquals(
      f.variance_days,
      (Date.parse(f.estimated_completion!) - Date.parse("2020-07-01")) / 86_400_000,
    );
    // The distribution is the chart of the same runs.
    const runs = f.distribution.reduce((n, d) => n + d.runs, 0);
    assertEquals(runs + f.unfinished_runs, 1000);
    assertEquals(f.distribution.at(-1)!.cumulative_probability, runs / 1000);
    const onTime = f.distribution.filter((d) => d.date <= "2020-07-01").reduce(
      (n, d) => n + d.runs,
      0,
    );
    assertEquals(f.completion_probability, onTime / 1000);
    ok(f.projected_progress_at_horizon > 50 && f.projected_progress_at_horizon <= 100);
    assertEquals(f.factors_affecting_forecast, [
      "Throughput is resampled from the last 14 days: 5 tasks completed, 0.36 per day",
      "Scope stays at 10 tasks, 5 of them open",
      "Velocity confidence is 0.85 over 1000 simulated runs",
      "2 tasks are overdue",
      "1 task is blocked",
      "2 open tasks have no assignee",
    ]);
  } finally {
    await t.close();
  }
});

Deno.test("POST /projects/{id}/forecast is reproducible and honours forecast_days", async () => {
  const { t, post } = await openFixtureApp();
  try {
    const first = await post<z.infer<typeof Forecast>>(FORECAST);
    const again = await post<z.infer<typeof Forecast>>(FORECAST, { forecast_days: 30 });
    assertEquals(again, first);
    const week = await post<z.infer<typeof Forecast>>(FORECAST, { forecast_days: 7 });
    assertEquals(week.forecast_days, 7);
    assertEquals(week.estimated_completion, first.estimated_completion);
    // Within 7 days, five of the seven draws must each deliver a task: far less likely.
    ok(week.probability_within_horizon < first.probability_within_horizon);
    ok(week.projected_progress_at_horizon < first.projected_progress_at_horizon);
  } finally {
    await t.close();
  }
});

Deno.test("POST /projects/{id}/forecast gives no date without throughput", async () => {
  const { t, post } = await openFixtureApp();
  try {
    await insertStalledProject(t.db);
    const f = await post<z.infer<typeof Forecast>>("/projects/prj_stalled/forecast");
    assertEquals([f.completion_probability, f.estimated_completion, f.unfinished_runs], [
      0,
      null,
      1000,
    ]);
    assertEquals([f.is_on_track, f.variance_days, f.distribution], [false, null, []]);
    assertEquals(f.factors_affecting_forecast.slice(3), [
      "No tasks were completed in the last 14 days",
      "1 task is overdue",
    ]);
  } finally {
    await t.close();
  }
});
