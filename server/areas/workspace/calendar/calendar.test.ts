import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../../../testing/test-app.ts";
import { assertInvalidFields, jsonOf } from "../../../testing/http-assertions.ts";
import { revokePermission } from "../../../testing/role-permissions.ts";

interface CalendarBody {
  events: {
    id: string;
    title: string;
    date: string;
    kind: "task" | "milestone" | "project_end";
    project_name: string;
    status: string;
  }[];
}

Deno.test("POST /calendar/events answers task due dates and milestones of the next 30 days", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("pm@acme.test");
    const body = await jsonOf<CalendarBody>(
      await t.call("POST", "/calendar/events", { token, body: {} }),
    );
    const from = new Date(t.clock.now).toISOString().slice(0, 10);
    const to = new Date(t.clock.now + 30 * 86_400_000).toISOString().slice(0, 10);
    const due = await t.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM tasks WHERE organization_id = 'org_acme' AND due_date >= ? AND due_date <= ?",
      [from, to],
    );
    ok((due?.n ?? 0) > 0);
    assertEquals(body.events.filter((e) => e.kind !== "project_end").length, due?.n);
    for (const event of body.events) {
      ok(event.date >= from && event.date <= to, event.date);
      ok(event.project_name.length > 0);
    }
    const dates = body.events.map((e) => e.date);
    assertEquals(dates, [...dates].sort());
  } finally {
    await t.close();
  }
});

Deno.test("POST /calendar/events lists a project's end in a chosen range", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("pm@acme.test");
    const end = (await t.db.get<{ end_date: string }>(
      "SELECT end_date FROM projects WHERE id = 'prj_acme_internal'",
    ))!.end_date;
    const body = await jsonOf<CalendarBody>(
      await t.call("POST", "/calendar/events", { token, body: { from: end, to: end } }),
    );
    const ends = body.events.filter((e) => e.kind === "project_end");
    ok(ends.some((e) => e.id === "prj_acme_internal" && e.title === "Acme Internal Tooling ends"));
    ok(body.events.every((e) => e.date === end));
  } finally {
    await t.close();
  }
});

Deno.test("POST /calendar/events answers 400 naming a date that is not ISO", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("pm@acme.test");
    await assertInvalidFields(
      await t.call("POST", "/calendar/events", { token, body: { from: "tomorrow" } }),
      "from",
    );
    await assertInvalidFields(
      await t.call("POST", "/calendar/events", { token, body: { to: 20261231 } }),
      "to",
    );
  } finally {
    await t.close();
  }
});

Deno.test("POST /calendar/events shows a member only their own tasks, as the task list does", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("member@acme.test");
    const window = { from: "2000-01-01", to: "2100-12-31" };
    const body = await jsonOf<CalendarBody>(
      await t.call("POST", "/calendar/events", { token, body: window }),
    );
    const tasks = body.events.filter((e) => e.kind !== "project_end").map((e) => e.id).sort();
    const own = (await t.db.all<{ id: string }>(
      `SELECT id FROM tasks WHERE organization_id = 'org_acme' AND due_date IS NOT NULL
         AND (assignee_id = 'usr_acme_member' OR created_by = 'usr_acme_member') ORDER BY id`,
    )).map((r) => r.id);
    ok(own.length > 0);
    assertEquals(tasks, own);
    const listed = await jsonOf<{ items: { id: string }[] }>(
      await t.call("POST", "/api/records/task/list", { token, body: { limit: 500 } }),
    );
    for (const id of tasks) ok(listed.items.some((item) => item.id === id), id);
  } finally {
    await t.close();
  }
});

Deno.test("POST /calendar/events shows no task or project to a role that reads neither", async () => {
  const t = await createTestApp();
  try {
    await revokePermission(t, "member", "tasks.read");
    await revokePermission(t, "member", "projects.read");
    const token = await t.tokenFor("member@acme.test");
    const body = await jsonOf<CalendarBody>(
      await t.call("POST", "/calendar/events", {
        token,
        body: { from: "2000-01-01", to: "2100-12-31" },
      }),
    );
    assertEquals(body.events, []);
  } finally {
    await t.close();
  }
});
