import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../../testing/test-app.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../../testing/http-assertions.ts";
import { plannedProject } from "./testing/enterprise-fixture.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const BASE = "/enterprise-projects";

/** The parts of a project a version restores, as GET ?include= shows them. */
async function restorable(
  app: Awaited<ReturnType<typeof createTestApp>>,
  token: string,
  id: string,
) {
  const answer = await jsonOf<Json>(
    await app.call("GET", `${BASE}/${id}?include=tasks`, { token }),
  );
  const p = answer.project;
  // A task deleted since the snapshot comes back as a new record, so tasks compare by title.
  answer.tasks.sort((x: Json, y: Json) => x.title.localeCompare(y.title));
  return {
    fields: [p.name, p.risk_level, p.complexity_score, p.end_date, p.budget],
    phases: p.phases.map((r: Json) => [r.id, r.phase, r.start_date, r.end_date, r.status]),
    // A member removed since the snapshot comes back under the id and join date it had.
    members: p.members.map((
      r: Json,
    ) => [r.id, r.added_at, r.user, r.role, r.hourly_rate, r.allocation_percent, r.capacity_hours]),
    tasks: answer.tasks.map((
      t: Json,
    ) => [t.title, t.status, t.estimated_hours, t.due_date, t.assignee]),
    dependencies: answer.tasks.map((t: Json) =>
      t.depends_on.map((d: string) => answer.tasks.find((x: Json) => x.id === d).title)
    ),
  };
}

/** A row as a client sends it back: without the link titles the engine adds. */
function withoutTitles(row: Json): Json {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !key.endsWith("__title")));
}

Deno.test("Versions of an enterprise project", async (t) => {
  const app = await createTestApp();
  try {
    const admin = await app.tokenFor("admin@acme.test");
    const finance = await app.tokenFor("finance@acme.test");
    const globex = await app.tokenFor("admin@globex.test");
    const { project, a, b } = await plannedProject(app, admin);
    const id = project.id;
    let baseline: Awaited<ReturnType<typeof restorable>>;

    await t.step("POST /versions snapshots fields, phases, tasks and allocations", async () => {
      const { version } = await jsonOf<Json>(
        await app.call("POST", `${BASE}/${id}/versions`, {
          token: admin,
          body: { change_summary: "Baseline" },
        }),
        201,
      );
      assertEquals([version.version_number, version.change_summary, version.task_count], [
        2,
        "Baseline",
        3,
      ]);
      assertEquals(version.snapshot.members.map((m: Json) => [m.user, m.allocation_percent]), [
        ["usr_acme_pm", 50],
        ["usr_acme_admin", 25],
      ]);
      baseline = await restorable(app, admin, id);
    });

    await t.step(
      "PUT updates at the version read, records a version, and refuses a stale one",
      async () => {
        // History is ordered by time: each change happens a minute after the one before.
        app.clock.advance(60_000);
        const current = await jsonOf<Json>(
          await app.call("GET", `${BASE}/${id}`, { token: admin }),
        );
        const p = current.project;
        const answer = await jsonOf<Json>(
          await app.call("PUT", `${BASE}/${id}`, {
            token: admin,
            body: {
              version: p.version,
              name: "Ledger migration (replanned)",
              risk_level: "high",
              complexity_score: 8,
              end_date: "2026-04-30",
              budget: 50000,
              phases: [{ ...p.phases[0], status: "completed" }],
              members: [{ ...withoutTitles(p.members[0]), allocation_percent: 80 }],
            },
          }),
        );
        assertEquals([
          answer.version_number,
          answer.project.risk_level,
          answer.project.phases.length,
        ], [
          3,
          "high",
          1,
        ]);
        await errorOf(
          await app.call("PUT", `${BASE}/${id}`, {
            token: admin,
            body: { version: p.version, risk_level: "low" },
          }),
          409,
          "conflict",
        );
        // Tasks change too: one renamed, one deleted, one added.
        const task = await jsonOf<Json>(
          await app.call("GET", `/api/records/task/${a.id}`, { token: admin }),
        );
        await jsonOf(
          await app.call("PATCH", `/api/records/task/${a.id}`, {
            token: admin,
            body: {
              version: task.record.version,
              values: { title: "Map every account", estimated_hours: 12 },
            },
          }),
        );
        await jsonOf(
          await app.call("POST", "/api/records/task", {
            token: admin,
            body: { values: { title: "Late addition", project: id } },
          }),
          201,
        );
        const doomed = await jsonOf<Json>(
          await app.call("GET", `/api/records/task/${b.id}`, { token: admin }),
        );
        const c = (await jsonOf<Json>(
          await app.call("GET", `${BASE}/${id}?include=tasks`, { token: admin }),
        ))
          .tasks.find((x: Json) => x.title === "Reconcile");
        const cRecord = await jsonOf<Json>(
          await app.call("GET", `/api/records/task/${c.id}`, { token: admin }),
        );
        await jsonOf(
          await app.call("PATCH", `/api/records/task/${c.id}`, {
            token: admin,
            body: {
              version: cRecord.record.version,
              values: { dependencies: [{ depends_on: a.id }] },
            },
          }),
        );
        const removed = await app.call(
          "DELETE",
          `/api/records/task/${b.id}?version=${doomed.record.version}`,
          {
            token: admin,
          },
        );
        assertEquals(removed.status, 204);
        const changed = await restorable(app, admin, id);
        ok(JSON.stringify(changed) !== JSON.stringify(baseline));
      },
    );

    await t.step("rollback restores the snapshot's exact values as a new version", async () => {
      app.clock.advance(60_000);
      const answer = await jsonOf<Json>(
        await app.call("POST", `${BASE}/${id}/versions/2/rollback`, {
          token: admin,
          body: { rollback_reason: "The replan was not approved" },
        }),
      );
      assertEquals(
        [
          answer.version.version_number,
          answer.version.rolled_back_from,
          answer.version.rollback_reason,
        ],
        [4, 2, "The replan was not approved"],
      );
      assertEquals(await restorable(app, admin, id), baseline);
      // The task added after the snapshot was removed through the engine, audited as the rollback.
      const rolledBack = await app.db.all<{ before_value: string | null }>(
        "SELECT before_value FROM audit_logs WHERE action = 'rollback' AND resource_type = 'task'",
      );
      assertEquals(
        rolledBack.filter((r) => r.before_value?.includes('"title":"Late addition"')).length,
        1,
      );
      const { versions } = await jsonOf<Json>(
        await app.call("GET", `${BASE}/${id}/versions`, { token: finance }),
      );
      assertEquals(versions.map((v: Json) => [v.version_number, v.change_summary]), [
        [4, "Rolled back to version 2"],
        [3, "Updated name, end_date, budget, complexity_score, risk_level, phases, members"],
        [2, "Baseline"],
        [1, "Created"],
      ]);
    });

    await t.step("compare lists the fields that differ between two versions", async () => {
      const answer = await jsonOf<Json>(
        await app.call("GET", `${BASE}/${id}/versions/compare?from=2&to=3`, { token: finance }),
      );
      const fields = answer.differences.filter((d: Json) => d.part === "field");
      assertEquals(fields.map((d: Json) => [d.field, d.from_value, d.to_value]), [
        ["Project name", "Ledger migration", "Ledger migration (replanned)"],
        ["End date", "2026-03-31", "2026-04-30"],
        ["Budget", "0", "50000"],
        ["Complexity", "5", "8"],
        ["Risk level", "Medium", "High"],
      ]);
      ok(
        answer.differences.some((d: Json) => d.part === "member" && d.field === "Allocation"),
      );
    });

    await t.step("change history lists field changes with who, when and the version", async () => {
      const { changes } = await jsonOf<Json>(
        await app.call("GET", `${BASE}/${id}/change-history`, { token: finance }),
      );
      const risk = changes.filter((c: Json) => c.field === "risk_level");
      assertEquals(risk.map((c: Json) => [c.from, c.to, c.changed_by, c.version, c.action]), [
        ["high", "medium", "usr_acme_admin", 3, "rollback"],
        ["medium", "high", "usr_acme_admin", 2, "update"],
        [null, "medium", "usr_acme_admin", 1, "create"],
      ]);
      ok(risk[0].changed_by_name.length > 0 && risk[0].changed_at.length > 0);
    });

    await t.step("authorises each action and keeps other organisations out", async () => {
      await errorOf(
        await app.call("POST", `${BASE}/${id}/versions`, {
          token: finance,
          body: { change_summary: "x" },
        }),
        403,
        "forbidden",
      );
      await errorOf(
        await app.call("POST", `${BASE}/${id}/versions/2/rollback`, {
          token: finance,
          body: { rollback_reason: "x" },
        }),
        403,
        "forbidden",
      );
      await errorOf(
        await app.call("PUT", `${BASE}/${id}`, { token: finance, body: { version: 1 } }),
        403,
        "forbidden",
      );
      for (
        const [method, path, body] of [
          ["GET", `${BASE}/${id}/versions`, undefined],
          ["GET", `${BASE}/${id}/change-history`, undefined],
          ["POST", `${BASE}/${id}/versions`, { change_summary: "x" }],
          ["POST", `${BASE}/${id}/versions/2/rollback`, { rollback_reason: "x" }],
          ["PUT", `${BASE}/${id}`, { version: 1 }],
        ] as const
      ) {
        await errorOf(await app.call(method, path, { token: globex, body }), 404, "not_found");
      }
    });

    await t.step("answers 400 naming the bad field", async () => {
      await assertInvalidFields(
        await app.call("POST", `${BASE}/${id}/versions/2/rollback`, { token: admin, body: {} }),
        "rollback_reason",
      );
      await assertInvalidFields(
        await app.call("POST", `${BASE}/${id}/versions/two/rollback`, {
          token: admin,
          body: { rollback_reason: "x" },
        }),
        "v",
      );
      await assertInvalidFields(
        await app.call("POST", `${BASE}/${id}/versions`, {
          token: admin,
          body: { change_summary: "" },
        }),
        "change_summary",
      );
      await assertInvalidFields(
        await app.call("PUT", `${BASE}/${id}`, { token: admin, body: {} }),
        "version",
      );
      await errorOf(
        await app.call("POST", `${BASE}/${id}/versions/99/rollback`, {
          token: admin,
          body: { rollback_reason: "x" },
        }),
        404,
        "not_found",
      );
    });
  } finally {
    await app.close();
  }
});
