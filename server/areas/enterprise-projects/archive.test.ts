import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../../testing/test-app.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../../testing/http-assertions.ts";
import { plannedProject } from "./testing/enterprise-fixture.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const BASE = "/enterprise-projects";

Deno.test("Deleting an enterprise project by archive strategy", async (t) => {
  const app = await createTestApp();
  try {
    const admin = await app.tokenFor("admin@acme.test");
    const finance = await app.tokenFor("finance@acme.test");
    const globex = await app.tokenFor("admin@globex.test");
    const { project } = await plannedProject(app, admin);
    const id = project.id;
    const archiveStatus = async () =>
      (await jsonOf<Json>(await app.call("GET", `${BASE}/${id}`, { token: admin }))).project
        .archive_status;

    await t.step("archive in place marks the project archived, and restore undoes it", async () => {
      app.clock.advance(60_000);
      const outcome = await jsonOf<Json>(
        await app.call("DELETE", `${BASE}/${id}?archive_strategy=archive_in_place`, {
          token: admin,
        }),
      );
      assertEquals(
        [outcome.archive_status, outcome.archive.strategy, outcome.archive.has_payload],
        [
          "archived",
          "archive_in_place",
          false,
        ],
      );
      assertEquals(await archiveStatus(), "archived");
      const listed = await jsonOf<Json>(
        await app.call("GET", `${BASE}/${id}/archive-strategies`, { token: finance }),
      );
      assertEquals(
        listed.strategies.map((s: Json) => [s.id, s.applies]),
        [["archive_in_place", false], ["cold_storage", false], ["export_then_delete", false], [
          "restore",
          true,
        ]],
      );
      await jsonOf(
        await app.call("POST", `${BASE}/${id}/archive-strategies/restore/execute`, {
          token: admin,
          body: {},
        }),
      );
      assertEquals(await archiveStatus(), "active");
    });

    await t.step(
      "cold storage keeps the full export and hides the project from the current list",
      async () => {
        app.clock.advance(60_000);
        const outcome = await jsonOf<Json>(
          await app.call("POST", `${BASE}/${id}/archive-strategies/cold_storage/execute`, {
            token: admin,
            body: {},
          }),
        );
        assertEquals([outcome.archive_status, outcome.archive.has_payload], ["cold_storage", true]);
        const stored = await app.db.get<{ payload: string }>(
          `SELECT payload FROM project_archives WHERE id = ?`,
          [outcome.archive.id],
        );
        const payload = JSON.parse(stored!.payload);
        assertEquals([payload.projects[0].id, payload.projects[0].tasks.length], [id, 3]);
        const picker = await jsonOf<Json>(
          await app.call("POST", "/projects/list", { token: admin, body: {} }),
        );
        ok(!picker.projects.some((p: Json) => p.id === id));
        const listView = (await jsonOf<Json>(
          await app.call("POST", "/api/records/project/list", {
            token: admin,
            body: {
              filters: [{ field: "archive_status", op: "ne", value: "cold_storage" }],
              limit: 500,
            },
          }),
        )).items;
        ok(!listView.some((p: Json) => p.id === id));
        const screen = await app.call("GET", "/ui/screens/projects", { token: admin });
        ok((await screen.text()).includes('"view":"current"'));
        await jsonOf(
          await app.call("POST", `${BASE}/${id}/archive-strategies/restore/execute`, {
            token: admin,
            body: {},
          }),
        );
        assertEquals(await archiveStatus(), "active");
      },
    );

    await t.step(
      "export then delete keeps the export, deletes project and tasks, and restores it",
      async () => {
        app.clock.advance(60_000);
        const taskIds = (await app.db.all<{ id: string }>(
          "SELECT id FROM tasks WHERE project_id = ? ORDER BY id",
          [id],
        )).map((r) => r.id);
        const outcome = await jsonOf<Json>(
          await app.call("DELETE", `${BASE}/${id}?archive_strategy=export_then_delete`, {
            token: admin,
          }),
        );
        assertEquals(outcome.archive_status, "deleted");
        await errorOf(await app.call("GET", `${BASE}/${id}`, { token: admin }), 404, "not_found");
        const left = await app.db.get<{ n: number }>(
          `SELECT COUNT(*) AS n FROM tasks WHERE project_id = ?`,
          [id],
        );
        assertEquals(left!.n, 0);
        // Each record went through the engine's removal: audited with what it held.
        const removed = await app.db.all<{ resource_type: string; resource_id: string }>(
          `SELECT resource_type, resource_id FROM audit_logs WHERE action = 'export_then_delete'
            ORDER BY resource_type, resource_id`,
        );
        assertEquals(removed.map((r) => [r.resource_type, r.resource_id]), [
          ["project", id],
          ...taskIds.map((task) => ["task", task]),
        ]);
        const listed = await jsonOf<Json>(
          await app.call("GET", `${BASE}/${id}/archive-strategies`, { token: admin }),
        );
        assertEquals(listed.archive_status, "deleted");
        assertEquals(listed.archives.map((a: Json) => [a.strategy, a.status]), [
          ["export_then_delete", "archived"],
          ["cold_storage", "restored"],
          ["archive_in_place", "restored"],
        ]);
        const restored = await jsonOf<Json>(
          await app.call("POST", `${BASE}/${id}/archive-strategies/restore/execute`, {
            token: admin,
            body: {},
          }),
        );
        const again = await jsonOf<Json>(
          await app.call("GET", `${BASE}/${restored.project_id}?include=tasks`, { token: admin }),
        );
        assertEquals(again.project.name, "Ledger migration");
        assertEquals(again.tasks.map((x: Json) => x.title), [
          "Map accounts",
          "Export ledger",
          "Reconcile",
        ]);
        assertEquals(again.tasks[2].depends_on, [again.tasks[0].id, again.tasks[1].id]);
      },
    );

    await t.step(
      "needs projects.delete, keeps other organisations out and names bad input",
      async () => {
        app.clock.advance(60_000);
        const { project: other } = await plannedProject(app, admin);
        await errorOf(
          await app.call("DELETE", `${BASE}/${other.id}`, { token: finance }),
          403,
          "forbidden",
        );
        await errorOf(
          await app.call("POST", `${BASE}/${other.id}/archive-strategies/cold_storage/execute`, {
            token: finance,
            body: {},
          }),
          403,
          "forbidden",
        );
        await errorOf(
          await app.call("DELETE", `${BASE}/${other.id}`, { token: globex }),
          404,
          "not_found",
        );
        await errorOf(
          await app.call("GET", `${BASE}/${other.id}/archive-strategies`, { token: globex }),
          404,
          "not_found",
        );
        await assertInvalidFields(
          await app.call("DELETE", `${BASE}/${other.id}?archive_strategy=shred`, { token: admin }),
          "archive_strategy",
        );
        await assertInvalidFields(
          await app.call("POST", `${BASE}/${other.id}/archive-strategies/shred/execute`, {
            token: admin,
            body: {},
          }),
          "sid",
        );
        await errorOf(
          await app.call("POST", `${BASE}/${other.id}/archive-strategies/restore/execute`, {
            token: admin,
            body: {},
          }),
          409,
          "conflict",
        );
      },
    );
  } finally {
    await app.close();
  }
});

Deno.test("a project whose tasks other projects' tasks wait on is not deleted by export then delete", async () => {
  const app = await createTestApp();
  try {
    const admin = await app.tokenFor("admin@acme.test");
    const { project, a } = await plannedProject(app, admin);
    const { project: other } = await plannedProject(app, admin);
    const waiter = await jsonOf<{ record: Json }>(
      await app.call("POST", "/api/records/task", {
        token: admin,
        body: {
          values: {
            title: "Go live",
            project: other.id,
            dependencies: [{ depends_on: a.id }],
          },
        },
      }),
      201,
    );
    ok(waiter.record.id);
    const refused = await errorOf(
      await app.call("DELETE", `${BASE}/${project.id}?archive_strategy=export_then_delete`, {
        token: admin,
      }),
      409,
      "conflict",
    );
    assertEquals(
      refused.message,
      "Tasks of other projects wait on this project's tasks (Go live), so it cannot be deleted; archive it instead",
    );
    const still = await app.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM tasks WHERE project_id = ?",
      [project.id],
    );
    assertEquals(still!.n, 3);
    await jsonOf(await app.call("GET", `${BASE}/${project.id}`, { token: admin }));
  } finally {
    await app.close();
  }
});
