import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import type { z } from "zod";
import { Burndown, Velocity } from "../../../../schemas/api/analytics.ts";
import { assertInvalidFields, errorOf } from "../../../testing/http-assertions.ts";
import { FIXTURE, openFixtureApp } from "./testing/analytics-fixture.ts";

const VELOCITY = `/projects/${FIXTURE.projectId}/velocity`;
const BURNDOWN = `/projects/${FIXTURE.projectId}/burndown`;

function ideal(start: number, days: number): number[] {
  return Array.from(
    { length: days },
    (_, i) => days === 1 ? 0 : Math.round(start * (days - 1 - i) / (days - 1) * 100) / 100,
  );
}

Deno.test("POST /projects/{id}/velocity measures story points per ended sprint over the last 5 by default", async () => {
  const { t, post } = await openFixtureApp();
  try {
    const v = Velocity.parse(await post(VELOCITY));
    // S1: T1 3 + T2 2 + T3 1 = 6; S2: T4 5 + T5 3 = 8. S3 has not ended.
    assertEquals(v.sprint_count, 5);
    assertEquals(v.basis, "sprints");
    assertEquals(
      v.sprint_history.map((
        s,
      ) => [s.sprint_id, s.velocity, s.completed_tasks, s.planned_story_points]),
      [[FIXTURE.sprints[0], 6, 3, 10], [FIXTURE.sprints[1], 8, 2, 12]],
    );
    assertEquals(v.current_velocity, 8);
    assertEquals(v.average_velocity, 7);
    assertEquals(v.velocity_trend, "improving");
    assertEquals(v.velocity_confidence, 0.85);
    // Daily history over the last 30 days: 05-17 to today (06-15).
    assertEquals(v.velocity_history.length, 30);
    assertEquals(v.velocity_history[0], {
      date: "2020-05-17",
      day: 1,
      velocity: 0,
      tasks_completed: 0,
    });
    assertEquals(
      v.velocity_history.slice(15).map((d) => d.velocity),
      [0, 0, 3, 0, 2, 0, 1, 0, 0, 5, 0, 0, 3, 0, 0],
    );
    assertEquals(v.velocity_history.slice(0, 15).filter((d) => d.velocity > 0), []);
    assertEquals(v.velocity_history.reduce((n, d) => n + d.tasks_completed, 0), 5);
  } finally {
    await t.close();
  }
});

Deno.test("POST /projects/{id}/velocity averages over sprint_count sprints", async () => {
  const { t, post } = await openFixtureApp();
  try {
    const v = await post<z.infer<typeof Velocity>>(VELOCITY, { sprint_count: 1 });
    assertEquals(v.sprint_history.map((s) => s.velocity), [8]);
    assertEquals([v.current_velocity, v.average_velocity, v.velocity_trend], [8, 8, "stable"]);
    assertEquals(v.velocity_history.length, 30);
  } finally {
    await t.close();
  }
});

Deno.test("POST /projects/{id}/velocity falls back to 14-day periods without sprints", async () => {
  const { t, post } = await openFixtureApp({ withSprints: false });
  try {
    const v = Velocity.parse(await post(VELOCITY));
    // Period 0 is 06-01…06-14 (all 14 points); the one before ends before the project starts.
    assertEquals(v.basis, "periods");
    assertEquals(v.sprint_history, [{
      sprint_id: null,
      name: "Period ending 2020-06-14",
      start_date: "2020-06-01",
      end_date: "2020-06-14",
      planned_story_points: 0,
      velocity: 14,
      completed_tasks: 5,
    }]);
    assertEquals([v.current_velocity, v.average_velocity, v.velocity_trend], [14, 14, "stable"]);
  } finally {
    await t.close();
  }
});

Deno.test("POST /projects/{id}/burndown follows the sprint in progress by default", async () => {
  const { t, post } = await openFixtureApp();
  try {
    const b = Burndown.parse(await post(BURNDOWN));
    assertEquals([b.scope, b.start_date, b.end_date], ["sprint", "2020-06-15", "2020-06-21"]);
    assertEquals(b.burndown_points.map((p) => p.remaining_tasks), [
      4,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    assertEquals(b.burndown_points.map((p) => p.ideal_remaining), ideal(4, 7));
    assertEquals(b.burndown_points[0], {
      date: "2020-06-15",
      day: 1,
      remaining_tasks: 4,
      remaining: 4,
      completed_tasks: 0,
      ideal_remaining: 4,
    });
    assertEquals(b.sprint_info, {
      sprint_id: FIXTURE.sprints[2],
      name: "Sprint 3",
      start_date: "2020-06-15",
      end_date: "2020-06-21",
      planned_story_points: 10,
      completed_story_points: 0,
      total_story_points: 15,
      completed_tasks: 0,
      total_tasks: 4,
    });
  } finally {
    await t.close();
  }
});

Deno.test("POST /projects/{id}/burndown rebuilds a past sprint from the status history, reopenings included", async () => {
  const { t, post } = await openFixtureApp();
  try {
    const b = await post<z.infer<typeof Burndown>>(BURNDOWN, { sprint_id: FIXTURE.sprints[1] });
    // S2 = T4 (done 06-10) and T5 (done 06-11, reopened 06-12, done 06-13).
    assertEquals(b.burndown_points.map((p) => p.remaining_tasks), [2, 2, 1, 0, 1, 0, 0]);
    assertEquals(b.burndown_points.map((p) => p.completed_tasks), [0, 0, 1, 1, -1, 1, 0]);
    assertEquals(b.burndown_points.map((p) => p.ideal_remaining), ideal(2, 7));
    assertEquals(
      [b.sprint_info.completed_story_points, b.sprint_info.total_story_points],
      [8, 8],
    );
    assertEquals([b.sprint_info.completed_tasks, b.sprint_info.total_tasks], [2, 2]);
  } finally {
    await t.close();
  }
});

Deno.test("POST /projects/{id}/burndown covers the whole project over a date range", async () => {
  const { t, post } = await openFixtureApp();
  try {
    const b = await post<z.infer<typeof Burndown>>(BURNDOWN, {
      date_range: { start_date: "2020-06-01", end_date: "2020-06-15" },
    });
    assertEquals(b.scope, "project");
    assertEquals(
      b.burndown_points.map((p) => p.remaining_tasks),
      [10, 10, 9, 9, 8, 8, 7, 7, 7, 6, 5, 6, 5, 5, 5],
    );
    assertEquals(b.burndown_points.map((p) => p.ideal_remaining), ideal(10, 15));
    assertEquals(b.sprint_info.sprint_id, null);
    assertEquals([b.sprint_info.completed_tasks, b.sprint_info.total_tasks], [5, 10]);
    // Tasks created inside the range add to the scope: all ten appear on 05-31.
    const created = await post<z.infer<typeof Burndown>>(BURNDOWN, {
      date_range: { start_date: "2020-05-30", end_date: "2020-06-02" },
    });
    assertEquals(created.burndown_points.map((p) => p.remaining_tasks), [0, 10, 10, 10]);
    const preset = await post<z.infer<typeof Burndown>>(BURNDOWN, { date_range: "7d" });
    assertEquals([preset.start_date, preset.end_date], ["2020-06-09", "2020-06-15"]);
    assertEquals(preset.burndown_points.map((p) => p.remaining_tasks), [7, 6, 5, 6, 5, 5, 5]);
  } finally {
    await t.close();
  }
});

Deno.test("POST /projects/{id}/burndown refuses reversed or invalid dates and unknown sprints", async () => {
  const { t, token } = await openFixtureApp();
  try {
    const call = (body: Record<string, unknown>) =>
      t.call("POST", BURNDOWN, { token, body: { organization_id: "org_acme", ...body } });
    await assertInvalidFields(
      await call({ date_range: { start_date: "2020-06-15", end_date: "2020-06-01" } }),
      "date_range.end_date",
    );
    const invalid = await errorOf(
      await call({ date_range: { start_date: "2020-02-30", end_date: "2020-03-01" } }),
      400,
      "invalid_input",
    );
    ok(invalid.message.includes("date_range"), invalid.message);
    await errorOf(await call({ date_range: "2w" }), 400, "invalid_input");
    await errorOf(await call({ sprint_id: "spr_missing" }), 404, "not_found");
  } finally {
    await t.close();
  }
});
