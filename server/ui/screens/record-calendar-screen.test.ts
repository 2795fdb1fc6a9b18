/**
 * A record list's calendar, as the server describes it and as the calendar asks for
 * it: the date fields offered, movable only for callers who may change them; saved
 * views remembering the calendar and its date; a field that is no date refused by
 * name; and a range's records read through the list call between its first and last
 * day, then one moved by a PATCH of its date.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../../testing/test-app.ts";
import { errorOf, jsonOf } from "../../testing/http-assertions.ts";
import type { NodeLike } from "../../../schemas/descriptor/widgets.ts";
import type { CalendarSetup } from "../../../schemas/descriptor/record-widgets.ts";

function findNode(node: unknown, type: string): NodeLike | undefined {
  if (node === null || typeof node !== "object") return undefined;
  const n = node as NodeLike;
  if (n.type === type) return n;
  for (const child of (n.children as unknown[] | undefined) ?? []) {
    const found = findNode(child, type);
    if (found) return found;
  }
  return undefined;
}

async function calendarOf(t: Awaited<ReturnType<typeof createTestApp>>, email: string) {
  const token = await t.tokenFor(email);
  const screen = await jsonOf<{ body: unknown }>(
    await t.call("GET", "/ui/screens/tasks", { token }),
  );
  return findNode(screen.body, "record-list")?.calendar as CalendarSetup | undefined;
}

Deno.test("GET /ui/screens/tasks offers a calendar by the task's dates, movable only for those who may change them", async () => {
  const t = await createTestApp();
  try {
    const pm = await calendarOf(t, "pm@acme.test");
    ok(pm, "the tasks list offers a calendar");
    assertEquals(
      pm.fields.map((f) => [f.id, f.label, f.type, f.movable]),
      [["start_date", "Start date", "date", true], ["due_date", "Due date", "date", true]],
    );
    // Finance reads tasks but changes none: the same dates, nothing to drag.
    const finance = await calendarOf(t, "finance@acme.test");
    assertEquals(
      finance?.fields.map((f) => [f.id, f.movable]),
      [["start_date", false], ["due_date", false]],
    );
  } finally {
    await t.close();
  }
});

Deno.test("A saved view remembers the calendar and its date; a field the list has no calendar by is refused naming it", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("pm@acme.test");
    const saved = await jsonOf<{ view: { id: string; layout: string; calendar_field: string } }>(
      await t.call("POST", "/api/records/task/views", {
        token,
        body: { label: "Deadlines", layout: "calendar", calendar_field: "due_date" },
      }),
      201,
    );
    assertEquals([saved.view.layout, saved.view.calendar_field], ["calendar", "due_date"]);
    const { views } = await jsonOf<
      { views: { id: string; layout?: string; calendar_field?: string }[] }
    >(await t.call("GET", "/api/records/task/views", { token }));
    const again = views.find((v) => v.id === saved.view.id);
    assertEquals([again?.layout, again?.calendar_field], ["calendar", "due_date"]);

    for (const field of ["title", "nonsense"]) {
      const refused = await errorOf(
        await t.call("POST", "/api/records/task/views", {
          token,
          body: { label: `By ${field}`, layout: "calendar", calendar_field: field },
        }),
        400,
        "invalid_input",
      );
      ok(refused.message.includes(`"${field}"`), refused.message);
      ok((refused.details as { fields: Record<string, string> }).fields.calendar_field);
    }
  } finally {
    await t.close();
  }
});

Deno.test("A calendar's range is read between its first and last day, and a task moved to another day is found there", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("pm@acme.test");
    const { items } = await jsonOf<
      { items: { id: string; version: number; due_date: string | null }[] }
    >(
      await t.call("POST", "/api/records/task/list", {
        token,
        body: { filters: [{ field: "due_date", op: "is_set" }], limit: 1 },
      }),
    );
    const task = items[0];
    ok(task?.due_date, "a seeded task has a due date");
    const range = (from: string, to: string) =>
      t.call("POST", "/api/records/task/list", {
        token,
        body: {
          filters: [{ field: "due_date", op: "between", value: [from, to] }],
          fields: ["version", "title", "due_date"],
          limit: 500,
        },
      });
    type Page = { items: { id: string; due_date: string }[] };
    const before = await jsonOf<Page>(await range("2031-03-02", "2031-03-08"));
    assertEquals(before.items.filter((i) => i.id === task.id), []);

    await jsonOf(
      await t.call("PATCH", `/api/records/task/${task.id}`, {
        token,
        body: { version: task.version, values: { due_date: "2031-03-08" } },
      }),
    );
    const after = await jsonOf<Page>(await range("2031-03-02", "2031-03-08"));
    assertEquals(
      after.items.filter((i) => i.id === task.id).map((i) => i.due_date),
      ["2031-03-08"],
    );
    ok(after.items.every((i) => i.due_date >= "2031-03-02" && i.due_date <= "2031-03-08"));
    // The next week does not hold it; a second move at the old version is stale.
    const next = await jsonOf<Page>(await range("2031-03-09", "2031-03-15"));
    assertEquals(next.items.filter((i) => i.id === task.id), []);
    await errorOf(
      await t.call("PATCH", `/api/records/task/${task.id}`, {
        token,
        body: { version: task.version, values: { due_date: "2031-03-09" } },
      }),
      409,
      "conflict",
    );
  } finally {
    await t.close();
  }
});
