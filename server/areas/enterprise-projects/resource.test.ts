import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../../testing/http-assertions.ts";

async function withApp(fn: (t: TestApp, admin: string) => Promise<void>): Promise<void> {
  const t = await createTestApp();
  try {
    await fn(t, await t.tokenFor("admin@acme.test"));
  } finally {
    await t.close();
  }
}

interface Member {
  id: string;
  user: string;
  allocation_percent: number;
}

/**
 * A project of two weeks (Mon 2026-03-02 to Fri 2026-03-13) with Maya (32 h a
 * week, 84 an hour) and Tom (40 h, 85 an hour), and Maya's tasks:
 * A 20 h estimated, 4 h done, Mon 03-02 to Thu 03-05: 16 h, 4 a day;
 * B 30 h, Thu 03-05 to Tue 03-10: 4 working days, 7.5 a day (15 h in the first week);
 * C 10 h, completed: nothing;
 * D 8 h, Saturday 03-07 only: no working day, all on its due date (first week);
 * E 5 h without a due date: unscheduled.
 * Week 2026-W10: 16 + 15 + 8 = 39 h needed against 32 h: over-allocated.
 */
async function plannedProject(
  t: TestApp,
  admin: string,
): Promise<{ id: string; members: Member[] }> {
  const { record } = await jsonOf<{ record: { id: string; members: Member[] } }>(
    await t.call("POST", "/api/records/project", {
      token: admin,
      body: {
        values: {
          name: "Capacity sample",
          start_date: "2026-03-02",
          end_date: "2026-03-13",
          members: [
            {
              user: "usr_acme_maya",
              role: "developer",
              hourly_rate: 84,
              allocation_percent: 50,
              capacity_hours: 32,
            },
            { user: "usr_acme_tom", role: "analyst", hourly_rate: 85, capacity_hours: 40 },
          ],
        },
      },
    }),
    201,
  );
  const tasks = [
    ["A", 20, 4, "2026-03-02", "2026-03-05", "in_progress"],
    ["B", 30, 0, "2026-03-05", "2026-03-10", "todo"],
    ["C", 10, 0, "2026-03-02", "2026-03-04", "completed"],
    ["D", 8, 0, "2026-03-07", "2026-03-07", "todo"],
    ["E", 5, 0, null, null, "todo"],
  ] as const;
  for (const [title, estimated, actual, start, due, status] of tasks) {
    await jsonOf(
      await t.call("POST", "/api/records/task", {
        token: admin,
        body: {
          values: {
            title,
            project: record.id,
            assignee: "usr_acme_maya",
            status,
            estimated_hours: estimated,
            actual_hours: actual,
            start_date: start,
            due_date: due,
          },
        },
      }),
      201,
    );
  }
  return record;
}

Deno.test("resource capacity of a hand-worked week: 39 h of open tasks against 32 h of capacity is flagged", async () => {
  await withApp(async (t, admin) => {
    const project = await plannedProject(t, admin);
    const { data } = await jsonOf<{
      data: {
        weeks: { week: string }[];
        members: {
          user_name: string;
          unscheduled_hours: number;
          over_allocated: boolean;
          weeks: Record<string, unknown>[];
        }[];
        totals: { over_allocated_weeks: number };
      };
    }>(
      await t.call(
        "GET",
        `/enterprise-projects/${project.id}/resource-capacity?period_start=2026-03-02&period_end=2026-03-08`,
        { token: admin },
      ),
    );
    assertEquals(data.weeks.map((w) => w.week), ["2026-W10"]);
    const [maya, tom] = data.members;
    assertEquals([maya.user_name, maya.over_allocated, maya.unscheduled_hours], [
      "Maya Patel",
      true,
      5,
    ]);
    assertEquals(maya.weeks, [{
      week: "2026-W10",
      week_start: "2026-03-02",
      working_days: 5,
      capacity_hours: 32,
      allocated_hours: 39,
      available_hours: -7,
      over_allocated: true,
    }]);
    assertEquals([tom.user_name, tom.over_allocated, tom.weeks[0].allocated_hours], [
      "Tom Becker",
      false,
      0,
    ]);
    assertEquals(data.totals.over_allocated_weeks, 1);
  });
});

Deno.test("a window cut mid-week prorates capacity and keeps only the days inside it", async () => {
  await withApp(async (t, admin) => {
    const project = await plannedProject(t, admin);
    const { data } = await jsonOf<{
      data: {
        members: { weeks: { week: string; capacity_hours: number; allocated_hours: number }[] }[];
      };
    }>(
      await t.call(
        "GET",
        `/enterprise-projects/${project.id}/resource-capacity?period_start=2026-03-05&period_end=2026-03-10`,
        { token: admin },
      ),
    );
    // W10: Thu, Fri (2 days of 32 h a week = 12.8 h): A 4 (Thu) + B 15 + D 8 (Sat) = 27;
    // W11: Mon, Tue (12.8 h): B 15.
    assertEquals(
      data.members[0].weeks.map((w) => [w.week, w.capacity_hours, w.allocated_hours]),
      [["2026-W10", 12.8, 27], ["2026-W11", 12.8, 15]],
    );
  });
});

Deno.test("an allocation without a percentage defaults to the hourly rate divided by 10, rounded, through the record engine", async () => {
  await withApp(async (t, admin) => {
    const project = await plannedProject(t, admin);
    const [maya, tom] = project.members;
    const path = (rid: string) => `/enterprise-projects/${project.id}/resources/${rid}/allocation`;
    const first = await jsonOf<{ data: { allocation_percent: number; defaulted: boolean } }>(
      await t.call("PUT", path(maya.id), { token: admin, body: {} }),
    );
    assertEquals([first.data.allocation_percent, first.data.defaulted], [8, true]); // 84 / 10
    const second = await jsonOf<{ data: { allocation_percent: number; project_version: number } }>(
      await t.call("PUT", path(tom.id), { token: admin, body: {} }),
    );
    assertEquals(second.data.allocation_percent, 9); // 85 / 10 = 8.5, rounded
    const set = await jsonOf<{ data: { allocation_percent: number; capacity_hours: number } }>(
      await t.call("PUT", path(tom.id), {
        token: admin,
        body: { allocation_percent: 60, capacity_hours: 30, version: second.data.project_version },
      }),
    );
    assertEquals([set.data.allocation_percent, set.data.capacity_hours], [60, 30]);
    const { record } = await jsonOf<{ record: { version: number; members: Member[] } }>(
      await t.call("GET", `/api/records/project/${project.id}`, { token: admin }),
    );
    assertEquals(record.members.map((m) => [m.id, m.allocation_percent]), [
      [maya.id, 8],
      [tom.id, 60],
    ]);
    await errorOf(
      await t.call("PUT", path(tom.id), {
        token: admin,
        body: { allocation_percent: 10, version: second.data.project_version },
      }),
      409,
      "conflict",
    );
    const history = JSON.stringify(
      await jsonOf(
        await t.call("GET", `/api/records/project/${project.id}/history`, { token: admin }),
      ),
    );
    ok(history.includes("members"), "the allocation change is in the project's history");
  });
});

Deno.test("the utilisation report sets capacity, open work and logged hours against capacity and the allocated share", async () => {
  await withApp(async (t, admin) => {
    const project = await plannedProject(t, admin);
    await t.db.run(
      `INSERT INTO time_logs (id, organization_id, project_id, task_id, user_id, hours, logged_on, created_at)
       SELECT 'tlg_capacity', 'org_acme', project_id, id, 'usr_acme_maya', 6, '2026-03-03', '2026-03-03T12:00:00Z'
         FROM tasks WHERE project_id = ? AND title = 'A'`,
      [project.id],
    );
    const { data } = await jsonOf<{ data: { weeks: number; members: Record<string, unknown>[] } }>(
      await t.call("GET", `/enterprise-projects/${project.id}/resource-utilization-report`, {
        token: admin,
      }),
    );
    assertEquals(data.weeks, 2);
    const { resource_id: _id, ...maya } = data.members[0];
    // 2 weeks of 32 h = 64 h; open work 16 + 30 + 8 = 54 h, logged 6 h: 60 h is 93.8 % of
    // capacity and 187.5 % of the 50 % share (32 h).
    assertEquals(maya, {
      user_id: "usr_acme_maya",
      user_name: "Maya Patel",
      role: "developer",
      allocation_percent: 50,
      capacity_hours: 64,
      allocated_hours: 54,
      logged_hours: 6,
      utilization_percent: 93.8,
      allocation_utilization_percent: 187.5,
      status: "over",
      status_label: "Over-allocated",
    });
  });
});

Deno.test("resource calls are authorised per action and scoped to the organisation", async () => {
  await withApp(async (t, admin) => {
    const project = await plannedProject(t, admin);
    const rid = project.members[0].id;
    const finance = await t.tokenFor("finance@acme.test");
    const sales = await t.tokenFor("sales@acme.test");
    const globex = await t.tokenFor("admin@globex.test");
    const capacity = `/enterprise-projects/${project.id}/resource-capacity`;
    const report = `/enterprise-projects/${project.id}/resource-utilization-report`;
    const allocation = `/enterprise-projects/${project.id}/resources/${rid}/allocation`;
    await jsonOf(await t.call("GET", capacity, { token: finance }));
    await jsonOf(await t.call("GET", report, { token: finance }));
    await errorOf(await t.call("GET", capacity, { token: sales }), 403, "forbidden");
    const denied = await errorOf(
      await t.call("PUT", allocation, { token: finance, body: { allocation_percent: 20 } }),
      403,
      "forbidden",
    );
    ok(denied.message.includes("projects.update"), denied.message);
    for (
      const res of [
        await t.call("GET", capacity, { token: globex }),
        await t.call("GET", report, { token: globex }),
        await t.call("PUT", allocation, { token: globex, body: { allocation_percent: 20 } }),
      ]
    ) {
      await errorOf(res, 404, "not_found");
    }
    await errorOf(
      await t.call("PUT", `/enterprise-projects/prj_northwind_erp/resources/${rid}/allocation`, {
        token: admin,
        body: {},
      }),
      404,
      "not_found",
    );
  });
});

Deno.test("bad resource input answers 400 naming the field", async () => {
  await withApp(async (t, admin) => {
    const project = await plannedProject(t, admin);
    const capacity = `/enterprise-projects/${project.id}/resource-capacity`;
    await assertInvalidFields(
      await t.call("GET", `${capacity}?period_start=2026-02-31`, { token: admin }),
      "period_start",
    );
    await assertInvalidFields(
      await t.call("GET", `${capacity}?period_start=2026-03-09&period_end=2026-03-02`, {
        token: admin,
      }),
      "period_end",
    );
    await assertInvalidFields(
      await t.call("GET", `${capacity}?period_start=2026-01-01&period_end=2027-06-01`, {
        token: admin,
      }),
      "period_end",
    );
    await assertInvalidFields(
      await t.call(
        "PUT",
        `/enterprise-projects/${project.id}/resources/${project.members[0].id}/allocation`,
        {
          token: admin,
          body: { allocation_percent: 150 },
        },
      ),
      "allocation_percent",
    );
  });
});
