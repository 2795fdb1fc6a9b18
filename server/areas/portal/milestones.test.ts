import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

const PORTAL = "client@northwind.test";

interface Milestone {
  id: string;
  status: string;
  due_date: string | null;
}

/** Northwind's milestones as stored, to compare the answers with. */
function storedMilestones(t: TestApp) {
  return t.db.all<Milestone>(
    `SELECT t.id, t.status, t.due_date FROM tasks t JOIN projects p ON p.id = t.project_id
      WHERE p.client_id = 'cli_northwind' AND t.is_milestone = 1`,
  );
}

Deno.test("POST /portal/milestones lists only milestones still ahead, soonest first", async () => {
  const t = await createTestApp();
  try {
    const stored = await storedMilestones(t);
    const done = stored.filter((m) => m.status === "completed");
    ok(done.length > 0, "the seed gives Northwind completed milestones");
    const token = await t.tokenFor(PORTAL);
    const res = await t.call("POST", "/portal/milestones", { token, body: {} });
    assertEquals(res.status, 200);
    const { milestones } = await res.json() as { milestones: Milestone[] };
    assertEquals(
      milestones.map((m) => m.id).sort(),
      stored.filter((m) => m.status !== "completed").map((m) => m.id).sort(),
    );
    const dates = milestones.map((m) => m.due_date ?? "9999");
    assertEquals(dates, [...dates].sort());
  } finally {
    await t.close();
  }
});

Deno.test("a milestone completed by the firm leaves the portal's upcoming list and calendar", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor(PORTAL);
    const before = (await (await t.call("POST", "/portal/milestones", { token, body: {} }))
      .json()).milestones as Milestone[];
    const finished = before[0];
    await t.db.run("UPDATE tasks SET status = 'completed' WHERE id = ?", [finished.id]);
    const after = (await (await t.call("POST", "/portal/milestones", { token, body: {} }))
      .json()).milestones as Milestone[];
    ok(!after.some((m) => m.id === finished.id));
    const { events } = await (await t.call("POST", "/portal/calendar", { token, body: {} }))
      .json();
    ok(!events.some((e: { id: string }) => e.id === finished.id));
  } finally {
    await t.close();
  }
});

Deno.test("a project's progress view lists its open milestones before its completed ones", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor(PORTAL);
    const res = await t.call("POST", "/portal/projects/prj_northwind_erp/progress", {
      token,
      body: {},
    });
    assertEquals(res.status, 200);
    const { milestones } = await res.json() as { milestones: Milestone[] };
    const completed = milestones.map((m) => m.status === "completed");
    assertEquals(completed, [...completed].sort((a, b) => Number(a) - Number(b)));
  } finally {
    await t.close();
  }
});
