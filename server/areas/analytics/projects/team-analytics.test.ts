import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import type { z } from "zod";
import { Analytics, type Forecast, TeamPerformance } from "../../../../schemas/api/analytics.ts";
import { FIXTURE, fixtureTask, openFixtureApp } from "./testing/analytics-fixture.ts";

const TEAM = `/projects/${FIXTURE.projectId}/team-performance`;
const ANALYTICS = `/projects/${FIXTURE.projectId}/analytics`;

Deno.test("POST /projects/{id}/team-performance scores each member over the last 30 days by default", async () => {
  const { t, post } = await openFixtureApp();
  try {
    const team = TeamPerformance.parse(await post(TEAM));
    assertEquals(
      [team.analysis_period_days, team.period_start, team.period_end],
      [30, "2020-05-17", "2020-06-15"],
    );
    assertEquals(team.team_members, [
      {
        // T1 (2 days), T2 (3 days) completed; T7 open; logged 6 + 4 + 1 + 3 h.
        user_id: "usr_acme_maya",
        user_name: "Maya Patel",
        total_tasks: 3,
        tasks_completed: 2,
        completion_rate: 66.7,
        quality_score: 1,
        story_points_completed: 5,
        estimated_hours_completed: 12,
        hours_logged: 14,
        average_completion_time: 2.5,
      },
      {
        // T3 (3 days), T4 (2 days, reworked) completed; T8 open; logged 2 + 10 + 8 h.
        user_id: "usr_acme_tom",
        user_name: "Tom Becker",
        total_tasks: 3,
        tasks_completed: 2,
        completion_rate: 66.7,
        quality_score: 0.5,
        story_points_completed: 6,
        estimated_hours_completed: 18,
        hours_logged: 20,
        average_completion_time: 2.5,
      },
      {
        // T5 (4 days, reopened) completed; T6 open; logged 6 + 5 h.
        user_id: "usr_acme_lena",
        user_name: "Lena Fischer",
        total_tasks: 2,
        tasks_completed: 1,
        completion_rate: 50,
        quality_score: 0,
        story_points_completed: 3,
        estimated_hours_completed: 6,
        hours_logged: 11,
        average_completion_time: 4,
      },
    ]);
    // completion rate = (2 + 2 + 1) of (3 + 3 + 2) tasks; velocity = 14 points / 3 members / (30 / 7) weeks.
    assertEquals(team.team_averages, { completion_rate: 62.5, quality_score: 0.5, velocity: 1.09 });
    // Time logged on T1, T2, T4, T5, T6, T7; by two people on T1 and T6.
    assertEquals(team.collaboration_score, 33.3);
    assertEquals(team.unassigned_tasks, 2);
  } finally {
    await t.close();
  }
});

Deno.test("POST /projects/{id}/team-performance rounds the exact average completion time", async () => {
  const { t, post } = await openFixtureApp();
  try {
    // Lena's only completed task now took 27 h 36 min: exactly 1.15 days, rounded up.
    await t.db.run("UPDATE tasks SET started_at = ?, completed_at = ? WHERE id = ?", [
      "2020-06-09T08:00:00.000Z",
      "2020-06-10T11:36:00.000Z",
      fixtureTask(5),
    ]);
    const team = TeamPerformance.parse(await post(TEAM));
    const lena = team.team_members.find((m) => m.user_id === "usr_acme_lena");
    assertEquals(lena?.average_completion_time, 1.2);
  } finally {
    await t.close();
  }
});

Deno.test("POST /projects/{id}/team-performance narrows to the period asked for", async () => {
  const { t, post } = await openFixtureApp();
  try {
    const team = await post<z.infer<typeof TeamPerformance>>(TEAM, { period: "7d" });
    // Since 06-09 only T4 (tom) and T5 (lena) were completed.
    assertEquals(team.period_start, "2020-06-09");
    assertEquals(
      team.team_members.map((m) => [m.user_id, m.total_tasks, m.tasks_completed, m.hours_logged]),
      [["usr_acme_lena", 2, 1, 11], ["usr_acme_tom", 2, 1, 18], ["usr_acme_maya", 1, 0, 4]],
    );
    assertEquals(team.team_members[2].average_completion_time, null);
    const days = await post<z.infer<typeof TeamPerformance>>(TEAM, { period: 3 });
    assertEquals(days.analysis_period_days, 3);
  } finally {
    await t.close();
  }
});

Deno.test("POST /projects/{id}/analytics reports progress, velocity, productivity and timeline for the period", async () => {
  const { t, post } = await openFixtureApp();
  try {
    const a = Analytics.parse(await post(ANALYTICS));
    assertEquals(a.analysis_period_days, 30);
    assertEquals(a.progress_metrics, {
      overall_progress: 45,
      task_completion_rate: 50,
      milestone_completion_rate: 50,
      milestones_total: 2,
      milestones_completed: 1,
    });
    // 5 tasks, 14 points and 36 estimated hours completed in 30 days; the velocity trend is the
    // sprints' (current 8 against average 7: improving).
    assertEquals(a.velocity_metrics, {
      daily_task_velocity: 0.17,
      daily_story_point_velocity: 0.47,
      daily_hour_velocity: 1.2,
      tasks_completed: 5,
      story_points_completed: 14,
      hours_completed: 36,
      velocity_trend: "improving",
    });
    assertEquals(a.productivity_metrics, {
      active_team_members: 3,
      unassigned_tasks: 2,
      overall_completion_rate: 50,
      productivity_score: 100,
      team_metrics: {
        usr_acme_maya: {
          user_name: "Maya Patel",
          total_tasks: 3,
          completed_tasks: 2,
          completion_rate: 66.7,
          story_points_completed: 5,
          estimated_hours_completed: 12,
        },
        usr_acme_tom: {
          user_name: "Tom Becker",
          total_tasks: 3,
          completed_tasks: 2,
          completion_rate: 66.7,
          story_points_completed: 6,
          estimated_hours_completed: 18,
        },
        usr_acme_lena: {
          user_name: "Lena Fischer",
          total_tasks: 2,
          completed_tasks: 1,
          completion_rate: 50,
          story_points_completed: 3,
          estimated_hours_completed: 6,
        },
      },
    });
    // The timeline is the forecast's: its median date, before the planned 07-01.
    const f = await post<z.infer<typeof Forecast>>(`/projects/${FIXTURE.projectId}/forecast`);
    assertEquals(a.timeline_analysis, {
      schedule_status: "on_track",
      is_on_schedule: true,
      schedule_variance: f.variance_days,
      estimated_completion: f.estimated_completion,
    });
    ok(f.estimated_completion! <= "2020-07-01");
    assertEquals(
      a.recommendations.map((r) => [r.category, r.priority, r.action]),
      [["resource", "medium", "Assign open tasks"]],
    );
  } finally {
    await t.close();
  }
});

Deno.test("POST /projects/{id}/analytics accepts the period presets", async () => {
  const { t, post } = await openFixtureApp();
  try {
    for (const [period, days] of [["7d", 7], ["90d", 90], ["1y", 365]] as const) {
      const a = await post<z.infer<typeof Analytics>>(ANALYTICS, { period });
      assertEquals(a.analysis_period_days, days);
    }
    const week = await post<z.infer<typeof Analytics>>(ANALYTICS, { period: "7d" });
    // Since 06-09: T4 and T5. The trend is the sprints', whatever the period.
    assertEquals(week.velocity_metrics.tasks_completed, 2);
    assertEquals(week.velocity_metrics.velocity_trend, "improving");
  } finally {
    await t.close();
  }
});
