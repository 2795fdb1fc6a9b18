/**
 * The data-care calls over the analytics fixture project (ten tasks, 2020), with
 * planted faults: a dependency cycle T1 → T2 → T3 → T1, an orphan (T4 in a phase
 * that does not exist, and depending on a task that does not exist), a task
 * starting after its due date (T5) and a status outside the declared option set
 * (T6). Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import type { Database } from "../../db/database.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../../testing/http-assertions.ts";
import {
  FIXTURE,
  fixtureTask,
  insertFixtureProject,
  openFixtureApp,
} from "../analytics/projects/testing/analytics-fixture.ts";
import { createTestApp } from "../../testing/test-app.ts";

const BASE = `/enterprise-projects/${FIXTURE.projectId}`;

async function plantFaults(db: Database): Promise<void> {
  const dependency = (n: number, task: string, dependsOn: string) =>
    db.run(
      "INSERT INTO task_dependencies (id, organization_id, task_id, idx, depends_on) VALUES (?, ?, ?, ?, ?)",
      [`dep_planted_${n}`, FIXTURE.organizationId, task, 0, dependsOn],
    );
  await dependency(1, fixtureTask(1), fixtureTask(2));
  await dependency(2, fixtureTask(2), fixtureTask(3));
  await dependency(3, fixtureTask(3), fixtureTask(1));
  await dependency(4, fixtureTask(4), "tsk_gone");
  await db.run("UPDATE tasks SET phase_id = 'phs_missing' WHERE id = ?", [fixtureTask(4)]);
  await db.run("UPDATE tasks SET start_date = '2020-06-20' WHERE id = ?", [fixtureTask(5)]);
  await db.run("UPDATE tasks SET status = 'archived' WHERE id = ?", [fixtureTask(6)]);
}

async function withFixture(
  fn: (f: Awaited<ReturnType<typeof openFixtureApp>>) => Promise<void>,
): Promise<void> {
  const f = await openFixtureApp();
  try {
    await fn(f);
  } finally {
    await f.t.close();
  }
}

type Data<T> = { data: T };

Deno.test("The integrity test finds the planted cycle, orphans and dates out of order", async () => {
  await withFixture(async ({ t, token }) => {
    await plantFaults(t.db);
    const report = (await jsonOf<
      Data<{
        errors: number;
        findings: {
          check: string;
          severity: string;
          record: { type: string; id: string };
          message: string;
          related?: { id: string }[];
        }[];
      }>
    >(await t.call("POST", `${BASE}/data-integrity-tests`, { token }))).data;
    const cycle = report.findings.find((f) => f.check === "dependency_cycle");
    ok(cycle, "a cycle is found");
    assertEquals(
      new Set(cycle.related?.map((r) => r.id)),
      new Set([fixtureTask(1), fixtureTask(2), fixtureTask(3)]),
    );
    assertEquals(report.findings.filter((f) => f.check === "dependency_cycle").length, 1);
    const orphans = report.findings.filter((f) =>
      f.check === "orphan" && f.record.id === fixtureTask(4) && f.severity === "error"
    );
    ok(orphans.some((f) => f.message.includes("phase is not a phase")), "the missing phase");
    ok(orphans.some((f) => f.message.includes("a task that is not")), "the missing dependency");
    // Findings name people and records by their names: no id is written into a message.
    assertEquals(report.findings.filter((f) => /usr_|phs_missing|tsk_gone/.test(f.message)), []);
    const dates = report.findings.find((f) =>
      f.check === "date_order" && f.record.id === fixtureTask(5)
    );
    ok(dates?.message.includes("2020-06-20"), "T5 starts after its due date");
    assertEquals(dates?.severity, "error");
    // The fixture's tasks are assigned to people who are not project members.
    const outsider = report.findings.find((f) => f.message.includes("not a member of the project"));
    ok(
      /^It is allocated to [A-Z][a-z]+ [A-Z][a-z]+, who/.test(outsider?.message ?? ""),
      outsider?.message,
    );
    assertEquals(report.errors, report.findings.filter((f) => f.severity === "error").length);
  });
});

Deno.test("A summary view is fresh after a refresh, stale after a task edit, fresh again after a refresh", async () => {
  await withFixture(async ({ t, token }) => {
    type View = { view_id: string; status: string };
    const views = async () =>
      (await jsonOf<Data<{ views: View[] }>>(
        await t.call("GET", `${BASE}/materialized-views`, { token }),
      )).data.views;
    assertEquals((await views()).map((v) => v.status), ["missing"]);
    const refresh = () =>
      t.call("POST", `${BASE}/materialized-views/analytics_summary/refresh`, { token });
    assertEquals((await jsonOf<Data<View>>(await refresh())).data.status, "fresh");
    assertEquals((await views()).map((v) => v.status), ["fresh"]);
    const task = (await jsonOf<{ record: { version: number } }>(
      await t.call("GET", `/api/records/task/${fixtureTask(9)}`, { token }),
    )).record;
    await jsonOf(
      await t.call("PATCH", `/api/records/task/${fixtureTask(9)}`, {
        token,
        body: { version: task.version, values: { estimated_hours: 12 } },
      }),
    );
    assertEquals((await views()).map((v) => v.status), ["stale"]);
    assertEquals((await jsonOf<Data<View>>(await refresh())).data.status, "fresh");
    const stored = await t.db.get<{ payload: string }>(
      "SELECT payload FROM project_summary_views WHERE project_id = ?",
      [FIXTURE.projectId],
    );
    // 10 + 10 + … hours of the fixture: 80, T9 now 12 instead of 10.
    assertEquals(JSON.parse(stored!.payload).total_estimated_hours, 82);
    // The analytics call answers from the fresh view: a mark left in the stored view shows.
    const marked = { ...JSON.parse(stored!.payload), project_name: "Read from the view" };
    await t.db.run("UPDATE project_summary_views SET payload = ? WHERE project_id = ?", [
      JSON.stringify(marked),
      FIXTURE.projectId,
    ]);
    const analytics = async () =>
      (await jsonOf<{ summary: { project_name: string } }>(
        await t.call("POST", `${BASE}/analytics`, { token, body: {} }),
      )).summary.project_name;
    assertEquals(await analytics(), "Read from the view");
    const edited = (await jsonOf<{ record: { version: number } }>(
      await t.call("GET", `/api/records/task/${fixtureTask(9)}`, { token }),
    )).record;
    await jsonOf(
      await t.call("PATCH", `/api/records/task/${fixtureTask(9)}`, {
        token,
        body: { version: edited.version, values: { estimated_hours: 11 } },
      }),
    );
    assertEquals((await analytics()) === "Read from the view", false, "a stale view is not read");
    await assertInvalidFields(
      await t.call("POST", `${BASE}/materialized-views/nightly/refresh`, { token }),
      "viewId",
    );
  });
});

Deno.test("A recommended index is applied once; an index outside the allow-list is refused", async () => {
  await withFixture(async ({ t, token }) => {
    type Indexes = {
      indexes: { name: string; used_by: { label: string; plan: { steps: string[] } }[] }[];
      recommended: { index_id: string; applied: boolean }[];
    };
    const read = async () =>
      (await jsonOf<Data<Indexes>>(await t.call("GET", `${BASE}/database-indexes`, { token })))
        .data;
    const before = await read();
    ok(before.indexes.some((i) => i.name === "tasks_project_breakdown"));
    ok(before.indexes.some((i) => i.used_by.length > 0), "some index serves the analytics");
    assertEquals(
      before.recommended.find((r) => r.index_id === "tasks_project_phase")?.applied,
      false,
    );
    const apply = () =>
      t.call("POST", `${BASE}/database-indexes`, {
        token,
        body: { index_id: "tasks_project_phase" },
      });
    assertEquals((await jsonOf<Data<{ created: boolean }>>(await apply())).data.created, true);
    assertEquals((await jsonOf<Data<{ created: boolean }>>(await apply())).data.created, false);
    const after = await read();
    assertEquals(
      after.recommended.find((r) => r.index_id === "tasks_project_phase")?.applied,
      true,
    );
    ok(after.indexes.some((i) => i.name === "tasks_project_phase"));
    await assertInvalidFields(
      await t.call("POST", `${BASE}/database-indexes`, {
        token,
        body: { index_id: "tasks_drop_everything" },
      }),
      "index_id",
    );
    await assertInvalidFields(
      await t.call("POST", `${BASE}/database-indexes`, { token, body: {} }),
      "index_id",
    );
  });
});

Deno.test("A performance test runs the scenario N times and reports p50 ≤ p95 ≤ max", async () => {
  await withFixture(async ({ t, token }) => {
    for (const scenario of ["analytics", "task_list", "integrity"]) {
      const result = (await jsonOf<
        Data<
          { runs: number; samples_ms: number[]; p50_ms: number; p95_ms: number; max_ms: number }
        >
      >(
        await t.call("POST", `${BASE}/performance-tests`, {
          token,
          body: { test_scenario: scenario, runs: 7 },
        }),
      )).data;
      assertEquals(result.runs, 7, scenario);
      assertEquals(result.samples_ms.length, 7, scenario);
      ok(result.p50_ms <= result.p95_ms && result.p95_ms <= result.max_ms, scenario);
      assertEquals(result.max_ms, Math.max(...result.samples_ms), scenario);
    }
    await assertInvalidFields(
      await t.call("POST", `${BASE}/performance-tests`, {
        token,
        body: { test_scenario: "everything" },
      }),
      "test_scenario",
    );
    await assertInvalidFields(
      await t.call("POST", `${BASE}/performance-tests`, {
        token,
        body: { test_scenario: "analytics", runs: 100000 },
      }),
      "runs",
    );
  });
});

Deno.test("A migration test lists the planted violation row by row", async () => {
  await withFixture(async ({ t, token }) => {
    await plantFaults(t.db);
    type Result = {
      violations: { record: { id: string }; field: string; value: unknown; constraint: string }[];
      would_fail: number;
    };
    const check = async (target: string) =>
      (await jsonOf<Data<Result>>(
        await t.call("POST", `${BASE}/migration-tests`, { token, body: { target_schema: target } }),
      )).data;
    const declared = await check("declared");
    assertEquals(
      declared.violations.filter((v) => v.record.id === fixtureTask(6)).map((v) => [
        v.field,
        v.value,
      ]),
      [["status", "archived"]],
    );
    const dated = await check("dated");
    ok(dated.would_fail > declared.would_fail, "every fixture task lacks a start date");
    ok(
      dated.violations.some((v) =>
        v.record.id === fixtureTask(5) && v.constraint === "CHECK (start_date <= due_date)"
      ),
    );
    await assertInvalidFields(
      await t.call("POST", `${BASE}/migration-tests`, { token, body: { target_schema: "v99" } }),
      "target_schema",
    );
  });
});

Deno.test("Statistics refresh and query plans answer with measured times", async () => {
  await withFixture(async ({ t, token }) => {
    const optimized = (await jsonOf<
      Data<
        { statements: string[]; projects_timed: number; queries: { before_ms: number }[] }
      >
    >(await t.call("POST", "/enterprise-projects/optimize-performance", { token }))).data;
    ok(optimized.statements.includes("ANALYZE tasks"));
    ok(optimized.projects_timed >= 1);
    ok(optimized.queries.length >= 6);
    const plans = (await jsonOf<
      Data<
        { queries: { label: string; plan: { steps: string[] }; runs: number }[] }
      >
    >(await t.call("GET", `${BASE}/query-optimizations`, { token }))).data;
    assertEquals(plans.queries.map((q) => q.label), [
      "task breakdown",
      "overdue tasks",
      "milestones",
      "last completion",
      "completions by day",
      "reworked tasks",
    ]);
    ok(plans.queries.every((q) => q.plan.steps.length > 0 && q.runs === 5));
  });
});

Deno.test("Data care needs projects.administer, and another organisation's project is not found", async () => {
  const t = await createTestApp();
  try {
    await insertFixtureProject(t.db);
    const pm = await t.tokenFor("pm@acme.test");
    const calls: [string, string, unknown?][] = [
      ["POST", "/enterprise-projects/optimize-performance"],
      ["GET", `${BASE}/database-indexes`],
      ["POST", `${BASE}/database-indexes`, { index_id: "tasks_project_phase" }],
      ["GET", `${BASE}/query-optimizations`],
      ["GET", `${BASE}/materialized-views`],
      ["POST", `${BASE}/materialized-views/analytics_summary/refresh`],
      ["POST", `${BASE}/data-integrity-tests`],
      ["POST", `${BASE}/performance-tests`, { test_scenario: "analytics" }],
      ["POST", `${BASE}/migration-tests`, { target_schema: "declared" }],
    ];
    for (const [method, path, body] of calls) {
      const error = await errorOf(
        await t.call(method, path, { token: pm, body }),
        403,
        "forbidden",
      );
      ok(error.message.includes("projects.administer"), `${method} ${path}: ${error.message}`);
    }
    const globex = await t.tokenFor("admin@globex.test");
    for (const [method, path, body] of calls.slice(1)) {
      await errorOf(await t.call(method, path, { token: globex, body }), 404, "not_found");
    }
  } finally {
    await t.close();
  }
});
