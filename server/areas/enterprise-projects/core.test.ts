import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../../testing/http-assertions.ts";
import { assertFieldError, plannedProject } from "./testing/enterprise-fixture.ts";

// Answers are read loosely here; their shapes are checked against the OpenAPI schemas.
// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const BASE = "/enterprise-projects";

function day(ms: number, plus = 0): string {
  return new Date(ms + plus * 86_400_000).toISOString().slice(0, 10);
}

async function withApp(fn: (t: TestApp, admin: string) => Promise<void>): Promise<void> {
  const t = await createTestApp();
  try {
    await fn(t, await t.tokenFor("admin@acme.test"));
  } finally {
    await t.close();
  }
}

Deno.test("POST /enterprise-projects", async (t) => {
  await withApp(async (app, admin) => {
    await t.step(
      "creates a project with the enterprise defaults and records version 1",
      async () => {
        const { project } = await jsonOf<{ project: Json }>(
          await app.call("POST", BASE, { token: admin, body: { name: "Blank slate" } }),
          201,
        );
        const today = day(app.clock.now);
        assertEquals(
          [
            project.current_phase,
            project.project_type,
            project.complexity_score,
            project.risk_level,
            project.approval_status,
            project.archive_status,
            project.version,
            project.start_date,
            project.end_date,
          ],
          [
            "planning",
            "software_development",
            5,
            "medium",
            "not_submitted",
            "active",
            1,
            today,
            day(app.clock.now, 90),
          ],
        );
        const versions = await jsonOf<Json>(
          await app.call("GET", `${BASE}/${project.id}/versions`, { token: admin }),
        );
        assertEquals(versions.versions.map((v: Json) => [v.version_number, v.change_summary]), [[
          1,
          "Created",
        ]]);
      },
    );

    await t.step("takes any default the body overrides", async () => {
      const { project } = await jsonOf<{ project: Json }>(
        await app.call("POST", BASE, {
          token: admin,
          body: {
            name: "Overridden",
            current_phase: "design",
            complexity_score: 8,
            risk_level: "high",
            approval_status: "pending",
            start_date: "2026-02-01",
          },
        }),
        201,
      );
      assertEquals(
        [
          project.current_phase,
          project.complexity_score,
          project.risk_level,
          project.approval_status,
          project.end_date,
        ],
        ["design", 8, "high", "pending", "2026-05-02"],
      );
    });

    await t.step("answers 400 naming a bad field", async () => {
      await assertInvalidFields(
        await app.call("POST", BASE, { token: admin, body: { name: "" } }),
        "name",
      );
      await assertFieldError(
        await app.call("POST", BASE, { token: admin, body: { name: "x", complexity_score: 11 } }),
        "complexity_score",
      );
    });

    await t.step("needs projects.create", async () => {
      const finance = await app.tokenFor("finance@acme.test");
      await errorOf(
        await app.call("POST", BASE, { token: finance, body: { name: "No" } }),
        403,
        "forbidden",
      );
    });
  });
});

Deno.test("GET /enterprise-projects/{id} includes phases with tasks, tasks, resources and analytics", async () => {
  await withApp(async (app, admin) => {
    const { project, a, b, c } = await plannedProject(app, admin);
    const answer = await jsonOf<Json>(
      await app.call("GET", `${BASE}/${project.id}?include=phases,tasks,resources,analytics`, {
        token: admin,
      }),
    );
    assertEquals(answer.project.name, "Ledger migration");
    assertEquals(answer.phases.map((p: Json) => [p.phase, p.tasks.map((t: Json) => t.title)]), [
      ["design", ["Map accounts", "Export ledger"]],
      ["development", ["Reconcile"]],
    ]);
    assertEquals(answer.tasks.find((t: Json) => t.id === c.id).depends_on, [a.id, b.id]);
    assertEquals(
      answer.resources.map((
        r: Json,
      ) => [
        r.user_id,
        r.allocation_percent,
        r.capacity_hours,
        r.allocated_hours_per_week,
        r.open_tasks,
        r.open_estimated_hours,
      ]),
      [["usr_acme_pm", 50, 40, 20, 2, 16], ["usr_acme_admin", 25, 32, 8, 1, 4]],
    );
    assertEquals(
      [
        answer.analytics.total_tasks,
        answer.analytics.completed_tasks,
        answer.analytics.total_estimated_hours,
      ],
      [3, 0, 20],
    );
    const bare = await jsonOf<Json>(
      await app.call("GET", `${BASE}/${project.id}`, { token: admin }),
    );
    assertEquals(Object.keys(bare), ["project"]);
    await assertInvalidFields(
      await app.call("GET", `${BASE}/${project.id}?include=budget`, { token: admin }),
      "include",
    );
    const globex = await app.tokenFor("admin@globex.test");
    await errorOf(
      await app.call("GET", `${BASE}/${project.id}`, { token: globex }),
      404,
      "not_found",
    );
  });
});
