import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../../testing/test-app.ts";
import { assertInvalidFields, jsonOf } from "../../testing/http-assertions.ts";

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
