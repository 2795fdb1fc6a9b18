import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import type { z } from "zod";
import {
  MetricsRecalculation,
  Progress,
  ProgressComparison,
  ProgressUpdate,
  SprintProgress,
} from "../../../../schemas/api/analytics.ts";
import { errorOf, jsonOf } from "../../../testing/http-assertions.ts";
import { FIXTURE, FIXTURE_NOW, openFixtureApp } from "./testing/analytics-fixture.ts";

const CALCULATE = "/projects/calculate-progress";
const project = FIXTURE.projectId;

Deno.test("POST /projects/calculate-progress weights progress by estimated hours by default", async () => {
  const { t, post } = await openFixtureApp();
  try {
    const p = Progress.parse(
      await post<z.infer<typeof Progress>>(CALCULATE, { project_id: project }),
    );
    // Completed hours 8 + 4 + 2 + 16 + 6 = 36 of 80; completed tasks 5 of 10.
    assertEquals(p.calculation_method, "weighted");
    assertEquals(p.overall_progress_percentage, 45);
    assertEquals(p.weighted_progress_percentage, 45);
    assertEquals(p.simple_progress_percentage, 50);
    assertEquals(p.as_of, "2020-06-15");
    assertEquals(p.last_updated, null);
    assertEquals(p.reported_progress, null);
    assertEquals(p.velocity, undefined);
    assertEquals(p.task_progress, {
      total_tasks: 10,
      completed_tasks: 5,
      in_progress_tasks: 2,
      overdue_tasks: 2,
      blocked_tasks: 1,
      unassigned_tasks: 2,
      tasks_by_status: { todo: 2, in_progress: 1, review: 1, blocked: 1, completed: 5 },
      tasks_by_priority: { critical: 1, high: 3, medium: 4, low: 2 },
      total_estimated_hours: 80,
      completed_estimated_hours: 36,
      total_story_points: 30,
      completed_story_points: 14,
    });
  } finally {
    await t.close();
  }
});

Deno.test("POST /projects/calculate-progress assesses risk and the timeline", async () => {
  const { t, post } = await openFixtureApp();
  try {
    const p = await post<z.infer<typeof Progress>>(CALCULATE, { project_id: project });
    // 14 of 30 days elapsed: 46.7%; gap 1.7 points: low schedule risk. The forecast's
    // median date is before 07-01 (health-forecast.test.ts): on track.
    assertEquals(p.timeline_analysis, {
      start_date: "2020-06-01",
      end_date: "2020-07-01",
      days_total: 30,
      days_elapsed: 14,
      days_remaining: 16,
      schedule_progress_percentage: 46.7,
      overdue_tasks_count: 2,
      schedule_risk_level: "low",
      schedule_status: "on_track",
      is_on_schedule: true,
    });
    // 100 × (2/10 overdue + 0.017 gap + 1/10 blocked + 2/5 reopened: T4 from review, T5 from completed) = 71.7.
    const risk = p.risk_assessment;
    assertEquals(risk.risk_score, 72);
    assertEquals(risk.overall_risk_level, "high");
    assertEquals(
      risk.identified_risks.map((r) => [r.type, r.category, r.severity]),
      [
        ["overdue_tasks", "schedule", "high"],
        ["blocked_tasks", "delivery", "high"],
        ["unassigned_tasks", "resource", "medium"],
        ["rework", "quality", "high"],
      ],
    );
    assertEquals(risk.identified_risks[0].description, "2 of 10 tasks are past their due date");
    assertEquals(risk.risk_categories.schedule.map((r) => r.type), ["overdue_tasks"]);
    assertEquals(risk.risk_categories.resource.map((r) => r.type), ["unassigned_tasks"]);
    assertEquals(risk.risk_categories.quality.map((r) => r.type), ["rework"]);
    assertEquals(
      risk.recommendations.map((r) => [r.category, r.priority, r.action]),
      [
        ["schedule", "high", "Re-plan overdue tasks"],
        ["delivery", "high", "Unblock tasks"],
        ["resource", "medium", "Assign open tasks"],
        ["quality", "high", "Reduce rework"],
      ],
    );
  } finally {
    await t.close();
  }
});

Deno.test("POST /projects/calculate-progress counts tasks with the simple method and adds velocity on request", async () => {
  const { t, post } = await openFixtureApp();
  try {
    const p = Progress.parse(
      await post(CALCULATE, {
        project_id: project,
        calculation_method: "simple",
        include_velocity: true,
      }),
    );
    assertEquals(p.calculation_method, "simple");
    assertEquals(p.overall_progress_percentage, 50);
    // Schedule 46.7 is behind progress 50: no gap; 100 × (0.2 + 0 + 0.1 + 0.4) = 70.
    assertEquals(p.risk_assessment.risk_score, 70);
    assertEquals(p.timeline_analysis.is_on_schedule, true);
    assertEquals(p.velocity?.current_velocity, 8);
    assertEquals(p.velocity?.sprint_count, 5);
  } finally {
    await t.close();
  }
});

Deno.test("POST /projects/{id}/update-progress stores the report, audits it once and shows it as last updated", async () => {
  const { t, post } = await openFixtureApp();
  try {
    const update = ProgressUpdate.parse(
      await post(`/projects/${project}/update-progress`, {
        progress_percentage: 42.5,
        notes: "Sprint 2 review",
      }),
    );
    const now = new Date(FIXTURE_NOW).toISOString();
    assertEquals(update.progress_percentage, 42.5);
    assertEquals(update.previous_progress_percentage, 0);
    assertEquals(update.updated_by, "usr_acme_admin");
    assertEquals(update.updated_at, now);
    const stored = await t.db.all<
      { progress_percentage: number; notes: string; created_by: string }
    >(
      "SELECT progress_percentage, notes, created_by FROM progress_updates WHERE project_id = ?",
      [project],
    );
    assertEquals(stored.map((r) => ({ ...r })), [{
      progress_percentage: 42.5,
      notes: "Sprint 2 review",
      created_by: "usr_acme_admin",
    }]);
    const audit = await t.db.all<{ before_value: string; after_value: string; actor_id: string }>(
      "SELECT before_value, after_value, actor_id FROM audit_logs WHERE action = 'project.progress_update' AND resource_id = ?",
      [project],
    );
    assertEquals(audit.length, 1);
    assertEquals(JSON.parse(audit[0].before_value), { progress_percentage: 0 });
    assertEquals(JSON.parse(audit[0].after_value), {
      progress_percentage: 42.5,
      notes: "Sprint 2 review",
    });
    assertEquals(audit[0].actor_id, "usr_acme_admin");
    const row = await t.db.get<{ progress_percentage: number }>(
      "SELECT progress_percentage FROM projects WHERE id = ?",
      [project],
    );
    assertEquals(row?.progress_percentage, 42.5);
    const p = await post<z.infer<typeof Progress>>(CALCULATE, { project_id: project });
    assertEquals(p.last_updated, now);
    assertEquals(p.reported_progress, {
      progress_percentage: 42.5,
      notes: "Sprint 2 review",
      created_by: "usr_acme_admin",
      created_at: now,
    });
  } finally {
    await t.close();
  }
});

Deno.test("POST /projects/{id}/update-progress refuses a percentage outside 0–100", async () => {
  const { t, token } = await openFixtureApp();
  try {
    for (const progress_percentage of [-1, 100.5, "50"]) {
      const error = await errorOf(
        await t.call("POST", `/projects/${project}/update-progress`, {
          token,
          body: { organization_id: "org_acme", progress_percentage },
        }),
        400,
        "invalid_input",
      );
      ok(error.message.includes("progress_percentage"), error.message);
    }
    const count = await t.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM progress_updates WHERE project_id = ?",
      [project],
    );
    assertEquals(count?.n, 0);
  } finally {
    await t.close();
  }
});

Deno.test("POST /projects/{id}/recalculate-metrics stores the weighted progress and audits it", async () => {
  const { t, post } = await openFixtureApp();
  try {
    const r = MetricsRecalculation.parse(await post(`/projects/${project}/recalculate-metrics`));
    assertEquals(r.previous_progress_percentage, 0);
    assertEquals(r.progress_percentage, 45);
    assertEquals(r.task_progress.completed_tasks, 5);
    assertEquals(r.health, { overall_health_score: 85.8, health_status: "healthy" });
    assertEquals(r.velocity, {
      current_velocity: 8,
      average_velocity: 7,
      velocity_trend: "improving",
    });
    const row = await t.db.get<{ progress_percentage: number }>(
      "SELECT progress_percentage FROM projects WHERE id = ?",
      [project],
    );
    assertEquals(row?.progress_percentage, 45);
    const audit = await t.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM audit_logs WHERE action = 'project.metrics_recalculate' AND resource_id = ?",
      [project],
    );
    assertEquals(audit?.n, 1);
  } finally {
    await t.close();
  }
});

Deno.test("POST /projects/{id}/sprints/{sprintId}/progress compares story points with elapsed sprint days", async () => {
  const { t, post } = await openFixtureApp();
  try {
    const current = SprintProgress.parse(
      await post(`/projects/${project}/sprints/${FIXTURE.sprints[2]}/progress`, {
        project_id: project,
        sprint_id: FIXTURE.sprints[2],
      }),
    );
    // S3: 06-15…06-21, today is day 1 of 7; T6, T7, T8, T9 open (15 points).
    assertEquals({ ...current, goal: undefined }, {
      project_id: project,
      sprint_id: FIXTURE.sprints[2],
      name: "Sprint 3",
      goal: undefined,
      status: "active",
      start_date: "2020-06-15",
      end_date: "2020-06-21",
      planned_story_points: 10,
      total_story_points: 15,
      completed_story_points: 0,
      total_tasks: 4,
      completed_tasks: 0,
      in_progress_tasks: 2,
      remaining_tasks: 4,
      completion_percentage: 0,
      story_point_completion_percentage: 0,
      days_total: 7,
      days_elapsed: 1,
      days_remaining: 6,
      time_elapsed_percentage: 14.3,
      is_on_track: false,
    });
    const first = await post<z.infer<typeof SprintProgress>>(
      `/projects/${project}/sprints/${FIXTURE.sprints[0]}/progress`,
    );
    assertEquals(
      [first.status, first.completed_tasks, first.total_tasks, first.completed_story_points],
      ["completed", 3, 3, 6],
    );
    assertEquals([first.time_elapsed_percentage, first.is_on_track], [100, true]);
  } finally {
    await t.close();
  }
});

Deno.test("POST /projects/{id}/sprints/{sprintId}/progress answers 404 for another project's sprint", async () => {
  const { t, token } = await openFixtureApp();
  try {
    const other = await t.db.get<{ id: string }>(
      "SELECT id FROM sprints WHERE project_id = 'prj_northwind_erp' LIMIT 1",
    );
    ok(other, "the demo seed has sprints");
    await errorOf(
      await t.call("POST", `/projects/${project}/sprints/${other.id}/progress`, {
        token,
        body: { organization_id: "org_acme" },
      }),
      404,
      "not_found",
    );
    const mismatch = await errorOf(
      await t.call("POST", `/projects/${project}/sprints/${FIXTURE.sprints[0]}/progress`, {
        token,
        body: { organization_id: "org_acme", sprint_id: FIXTURE.sprints[1] },
      }),
      400,
      "invalid_input",
    );
    ok(mismatch.message.includes("sprint_id"));
  } finally {
    await t.close();
  }
});

Deno.test("POST /projects/compare-progress compares progress and velocity by default", async () => {
  const { t, post } = await openFixtureApp();
  try {
    const c = ProgressComparison.parse(
      await post("/projects/compare-progress", { project_ids: [project, "prj_northwind_erp"] }),
    );
    assertEquals(c.metrics, ["progress", "velocity"]);
    assertEquals(c.projects.map((p) => p.project_id), [project, "prj_northwind_erp"]);
    assertEquals(c.projects[0].progress, {
      overall_progress_percentage: 45,
      completed_tasks: 5,
      total_tasks: 10,
    });
    assertEquals(c.projects[0].velocity, {
      current_velocity: 8,
      average_velocity: 7,
      velocity_trend: "improving",
    });
    assertEquals(c.projects[0].health, undefined);
    ok(c.leaders.progress && c.leaders.velocity);
    const all = ProgressComparison.parse(
      await post("/projects/compare-progress", {
        project_ids: [project],
        metrics: ["health", "timeline"],
      }),
    );
    assertEquals(all.projects[0].health, { overall_health_score: 85.8, health_status: "healthy" });
    assertEquals(all.projects[0].timeline, {
      schedule_progress_percentage: 46.7,
      schedule_status: "on_track",
      is_on_schedule: true,
    });
    assertEquals(all.leaders, { health: project, timeline: project });
  } finally {
    await t.close();
  }
});

Deno.test("POST /projects/compare-progress answers 404 naming a project of another organisation", async () => {
  const { t, token } = await openFixtureApp();
  try {
    const error = await errorOf(
      await t.call("POST", "/projects/compare-progress", {
        token,
        body: { organization_id: "org_acme", project_ids: [project, "prj_initech_audit"] },
      }),
      404,
      "not_found",
    );
    ok(error.message.includes("prj_initech_audit"), error.message);
    const body = await jsonOf(
      await t.call("POST", "/projects/compare-progress", {
        token,
        body: { organization_id: "org_globex", project_ids: [project] },
      }),
      404,
    );
    ok(body.error);
  } finally {
    await t.close();
  }
});
