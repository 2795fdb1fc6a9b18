/**
 * A record list's timeline, as the server describes it and as the timeline asks for
 * it: the start and end dates and the dependencies of tasks and projects, movable
 * only for callers who may change both dates; saved views remembering it; a date
 * the list has no timeline by refused by name; a window's records read through the
 * list call as those whose span overlaps it, their dependencies through the query,
 * and a bar moved by one PATCH of both dates at its version.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../../testing/test-app.ts";
import { errorOf, jsonOf } from "../../testing/http-assertions.ts";
import type { NodeLike } from "../../../schemas/descriptor/widgets.ts";
import type { TimelineSetup } from "../../../schemas/descriptor/record-widgets.ts";

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

async function timelineOf(
  t: Awaited<ReturnType<typeof createTestApp>>,
  email: string,
  screen = "tasks",
) {
  const token = await t.tokenFor(email);
  const answer = await jsonOf<{ body: unknown }>(
    await t.call("GET", `/ui/screens/${screen}`, { token }),
  );
  return findNode(answer.body, "record-list")?.timeline as TimelineSetup | undefined;
}

Deno.test("GET /ui/screens/tasks offers a timeline from start to due date with the tasks' dependencies, movable only for those who may change them", async () => {
  const t = await createTestApp();
  try {
    assertEquals(await timelineOf(t, "pm@acme.test"), {
      start: { id: "start_date", label: "Start date" },
      end: { id: "due_date", label: "Due date" },
      movable: true,
      dependencies: { field: "dependencies", link: "depends_on", label: "Depends on" },
    });
    // Finance reads tasks but changes none: the same bars, nothing to move.
    assertEquals((await timelineOf(t, "finance@acme.test"))?.movable, false);
    const projects = await timelineOf(t, "pm@acme.test", "projects");
    assertEquals(
      [projects?.start.id, projects?.end.id, projects?.dependencies],
      ["start_date", "end_date", undefined],
    );
  } finally {
    await t.close();
  }
});

Deno.test("A saved view remembers the timeline; a date the list has no timeline by is refused naming it", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("pm@acme.test");
    const body = {
      label: "Plan",
      layout: "timeline",
      timeline_start: "start_date",
      timeline_end: "due_date",
    };
    const saved = await jsonOf<{ view: { id: string; layout: string; timeline_end: string } }>(
      await t.call("POST", "/api/records/task/views", { token, body }),
      201,
    );
    assertEquals([saved.view.layout, saved.view.timeline_end], ["timeline", "due_date"]);
    const { views } = await jsonOf<{ views: { id: string; layout?: string }[] }>(
      await t.call("GET", "/api/records/task/views", { token }),
    );
    assertEquals(views.find((v) => v.id === saved.view.id)?.layout, "timeline");

    for (const [key, field] of [["timeline_start", "title"], ["timeline_end", "nonsense"]]) {
      const refused = await errorOf(
        await t.call("POST", "/api/records/task/views", {
          token,
          body: { ...body, label: `By ${field}`, [key]: field },
        }),
        400,
        "invalid_input",
      );
      ok(refused.message.includes(`"${field}"`), refused.message);
      ok((refused.details as { fields: Record<string, string> }).fields[key]);
    }
  } finally {
    await t.close();
  }
});

Deno.test("A timeline's window holds the tasks overlapping it with their dependencies, and a bar moved by one PATCH of both dates is found in its new window", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("pm@acme.test");
    type Task = { id: string; version: number; start_date: string; due_date: string };
    const { items } = await jsonOf<{ items: Task[] }>(
      await t.call("POST", "/api/records/task/list", {
        token,
        body: {
          filters: [{ field: "start_date", op: "is_set" }, { field: "due_date", op: "is_set" }],
          limit: 1,
        },
      }),
    );
    const task = items[0];
    ok(task, "a seeded task has a start and a due date");
    const overlapping = (first: string, last: string) => [
      { field: "start_date", op: "lte", value: last },
      { field: "due_date", op: "gte", value: first },
    ];
    const windowOf = async (first: string, last: string) =>
      (await jsonOf<{ items: Task[] }>(
        await t.call("POST", "/api/records/task/list", {
          token,
          body: {
            filters: overlapping(first, last),
            fields: ["version", "title", "start_date", "due_date"],
            limit: 500,
          },
        }),
      )).items;
    assertEquals((await windowOf("2031-03-01", "2031-03-31")).filter((i) => i.id === task.id), []);

    const moved = await jsonOf<{ record: Task }>(
      await t.call("PATCH", `/api/records/task/${task.id}`, {
        token,
        body: {
          version: task.version,
          values: { start_date: "2031-02-25", due_date: "2031-03-03" },
        },
      }),
    );
    assertEquals(moved.record.version, task.version + 1);
    const march = await windowOf("2031-03-01", "2031-03-31");
    assertEquals(
      march.filter((i) => i.id === task.id).map((i) => [i.start_date, i.due_date]),
      [["2031-02-25", "2031-03-03"]],
    );
    ok(march.every((i) => i.start_date <= "2031-03-31" && i.due_date >= "2031-03-01"));
    await errorOf(
      await t.call("PATCH", `/api/records/task/${task.id}`, {
        token,
        body: { version: task.version, values: { start_date: "2031-02-26" } },
      }),
      409,
      "conflict",
    );

    // The seeded dependencies, one row per predecessor, read over the same filters.
    const { rows } = await jsonOf<{ rows: Record<string, unknown>[] }>(
      await t.call("POST", "/api/records/task/query", {
        token,
        body: { columns: ["dependencies.depends_on"], limit: 1000 },
      }),
    );
    ok(rows.length > 0, "the demo's tasks have dependencies");
    ok(
      rows.every((r) =>
        typeof r.id === "string" && typeof r["dependencies.depends_on"] === "string"
      ),
      JSON.stringify(rows[0]),
    );
  } finally {
    await t.close();
  }
});
