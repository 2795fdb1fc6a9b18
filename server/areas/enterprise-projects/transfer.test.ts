import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../../testing/http-assertions.ts";
import { plannedProject } from "./testing/enterprise-fixture.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const BASE = "/enterprise-projects";

async function importFile(
  app: TestApp,
  token: string,
  file: { text: string; name: string },
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  form.set("file", new File([file.text], file.name));
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return await app.fetch(
    new Request(`http://localhost${BASE}/import`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    }),
  );
}

async function projectCount(app: TestApp): Promise<number> {
  const row = await app.db.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM projects WHERE organization_id = 'org_acme'`,
  );
  return Number(row!.n);
}

Deno.test("PUT /enterprise-projects/bulk-update", async (t) => {
  const app = await createTestApp();
  try {
    const admin = await app.tokenFor("admin@acme.test");
    const { project: one } = await plannedProject(app, admin);
    const { project: two } = await plannedProject(app, admin);

    await t.step("updates each project, one result each, audited and versioned", async () => {
      const answer = await jsonOf<Json>(
        await app.call("PUT", `${BASE}/bulk-update`, {
          token: admin,
          body: {
            project_ids: [one.id, two.id, "prj_initech_audit"],
            updates: { risk_level: "high" },
          },
        }),
      );
      assertEquals([answer.updated, answer.failed], [2, 1]);
      assertEquals(
        answer.results.map((r: Json) => [r.project_id, r.ok, r.version_number ?? r.error.code]),
        [
          [one.id, true, 2],
          [two.id, true, 2],
          ["prj_initech_audit", false, "not_found"],
        ],
      );
      const audited = await app.db.all<{ resource_id: string }>(
        `SELECT resource_id FROM audit_logs WHERE action = 'bulk_update' AND resource_type = 'project'
          ORDER BY resource_id`,
      );
      assertEquals(audited.map((a) => a.resource_id), [one.id, two.id].sort());
    });

    await t.step("reports a bad value per project and names bad input", async () => {
      const answer = await jsonOf<Json>(
        await app.call("PUT", `${BASE}/bulk-update`, {
          token: admin,
          body: { project_ids: [one.id], updates: { complexity_score: 40 } },
        }),
      );
      assertEquals(answer.results[0].error.field, "complexity_score");
      await assertInvalidFields(
        await app.call("PUT", `${BASE}/bulk-update`, {
          token: admin,
          body: { project_ids: [], updates: {} },
        }),
        "project_ids",
      );
      await assertInvalidFields(
        await app.call("PUT", `${BASE}/bulk-update`, {
          token: admin,
          body: { project_ids: [one.id], updates: { archive_status: "archived" } },
        }),
        "updates.archive_status",
      );
    });

    await t.step("needs projects.update", async () => {
      const finance = await app.tokenFor("finance@acme.test");
      await errorOf(
        await app.call("PUT", `${BASE}/bulk-update`, {
          token: finance,
          body: { project_ids: [one.id], updates: { risk_level: "low" } },
        }),
        403,
        "forbidden",
      );
    });
  } finally {
    await app.close();
  }
});

Deno.test("Export and import of enterprise projects", async (t) => {
  const app = await createTestApp();
  try {
    const admin = await app.tokenFor("admin@acme.test");
    const finance = await app.tokenFor("finance@acme.test");
    const globex = await app.tokenFor("admin@globex.test");
    const { project } = await plannedProject(app, admin);
    let exported = "";

    await t.step(
      "JSON export carries fields, phases, allocations and tasks with dependencies",
      async () => {
        const response = await app.call("POST", `${BASE}/export`, {
          token: finance,
          body: { project_ids: [project.id], format: "json" },
        });
        assertEquals(response.status, 200);
        exported = await response.text();
        const file = JSON.parse(exported);
        const p = file.projects[0];
        assertEquals([
          p.id,
          p.fields.name,
          p.phases.length,
          p.members.map((m: Json) => m.allocation_percent),
        ], [
          project.id,
          "Ledger migration",
          2,
          [50, 25],
        ]);
        assertEquals(p.tasks.map((x: Json) => [x.title, x.dependencies.length]), [
          ["Map accounts", 0],
          ["Export ledger", 0],
          ["Reconcile", 2],
        ]);
      },
    );

    await t.step("CSV export has a row per project", async () => {
      const response = await app.call("POST", `${BASE}/export`, {
        token: finance,
        body: { project_ids: [project.id], format: "csv" },
      });
      const lines = (await response.text()).trim().split("\r\n");
      assertEquals(lines.length, 2);
      ok(lines[0].startsWith("id,name,description,status"));
      ok(lines[1].startsWith(`${project.id},Ledger migration,`));
      ok(lines[1].endsWith(",2,2,3"));
    });

    await t.step(
      "the JSON round-trips: skip keeps, a dry run stores nothing, a new id makes a copy",
      async () => {
        const skipped = await jsonOf<Json>(
          await importFile(app, admin, { text: exported, name: "p.json" }),
        );
        assertEquals([skipped.skipped, skipped.created], [1, 0]);
        const before = await projectCount(app);
        const dry = await jsonOf<Json>(
          await importFile(app, admin, {
            text: exported.replaceAll(project.id, "prj_copy"),
            name: "p.json",
          }, {
            dry_run: "true",
          }),
        );
        assertEquals([dry.dry_run, dry.created, dry.tasks], [true, 1, 3]);
        assertEquals(await projectCount(app), before);
        const copy = await jsonOf<Json>(
          await importFile(app, admin, {
            text: exported.replaceAll(project.id, "prj_copy"),
            name: "p.json",
          }),
        );
        assertEquals([copy.created, copy.tasks, copy.failed], [1, 3, []]);
        const again = await jsonOf<Json>(
          await app.call("GET", `${BASE}/${copy.projects[0].id}?include=phases,tasks`, {
            token: admin,
          }),
        );
        assertEquals(again.phases.map((p: Json) => [p.phase, p.tasks.map((x: Json) => x.title)]), [
          ["design", ["Map accounts", "Export ledger"]],
          ["development", ["Reconcile"]],
        ]);
        assertEquals(again.tasks[2].depends_on, [again.tasks[0].id, again.tasks[1].id]);
        // Its dependencies were saved through the engine: a second audited version of the task.
        const audits = await app.db.all<{ after_value: string }>(
          "SELECT after_value FROM audit_logs WHERE resource_id = ? AND action = 'import' ORDER BY created_at",
          [again.tasks[2].id],
        );
        assertEquals(audits.length, 2);
        assertEquals(
          JSON.parse(audits[1].after_value).dependencies.map((d: Json) => d.depends_on),
          [again.tasks[0].id, again.tasks[1].id],
        );
        const reexported = JSON.parse(
          await (await app.call("POST", `${BASE}/export`, {
            token: admin,
            body: { project_ids: [copy.projects[0].id] },
          })).text(),
        );
        const strip = (p: Json) => ({
          fields: p.fields,
          members: p.members.map((
            m: Json,
          ) => [m.user, m.role, m.hourly_rate, m.allocation_percent, m.capacity_hours]),
          tasks: p.tasks.map((
            x: Json,
          ) => [x.title, x.status, x.estimated_hours, x.start_date, x.due_date]),
        });
        assertEquals(strip(reexported.projects[0]), strip(JSON.parse(exported).projects[0]));
      },
    );

    await t.step("on_conflict update changes the existing project", async () => {
      const changed = exported.replace('"risk_level":"medium"', '"risk_level":"critical"');
      const answer = await jsonOf<Json>(
        await importFile(app, admin, { text: changed, name: "p.json" }, { on_conflict: "update" }),
      );
      assertEquals([answer.updated, answer.tasks], [1, 3]);
      const now = await jsonOf<Json>(
        await app.call("GET", `${BASE}/${project.id}`, { token: admin }),
      );
      assertEquals(now.project.risk_level, "critical");
    });

    await t.step(
      "bad rows are reported by line and field and nothing is half-imported",
      async () => {
        const before = await projectCount(app);
        const file = JSON.parse(exported);
        const good = { ...file.projects[0], id: "prj_new_one" };
        const bad = {
          ...file.projects[0],
          id: "prj_new_two",
          fields: { ...file.projects[0].fields, risk_level: "extreme" },
        };
        const answer = await jsonOf<Json>(
          await importFile(app, admin, {
            text: JSON.stringify({ ...file, projects: [good, bad] }),
            name: "p.json",
          }),
        );
        assertEquals(answer.failed, [{
          line: 2,
          field: "risk_level",
          message: answer.failed[0].message,
        }]);
        assertEquals([answer.created, await projectCount(app)], [0, before]);
        const csv = "name,risk_level,complexity_score\r\nGood one,low,3\r\nBad one,low,eleven\r\n";
        const fromCsv = await jsonOf<Json>(
          await importFile(app, admin, { text: csv, name: "p.csv" }),
        );
        assertEquals(fromCsv.failed, [{
          line: 3,
          field: "complexity_score",
          message: "Must be a number",
        }]);
        assertEquals(await projectCount(app), before);
      },
    );

    await t.step(
      "a file that is not CSV answers 400 naming its line, and nothing is stored",
      async () => {
        const before = await projectCount(app);
        const malformed: [string, number][] = [
          ['name,budget\r\n"Unclosed quote,1\r\n', 2],
          ['name,budget\r\nOne,1\r\n"Two"x,2\r\n', 3],
          [`name\r\n${"a".repeat(40_000)}\r\n`, 2],
          [`${Array.from({ length: 600 }, (_, i) => `c${i}`).join(",")}\r\n`, 1],
        ];
        for (const [text, line] of malformed) {
          const error = await assertInvalidFields(
            await importFile(app, admin, { text, name: "p.csv" }),
            "file",
          );
          ok(error.message.includes(`Line ${line}:`), error.message);
          assertEquals(error.details?.line, line, error.message);
        }
        assertEquals(await projectCount(app), before);
      },
    );

    await t.step("authorises export and import and names bad input", async () => {
      await errorOf(
        await importFile(app, finance, { text: exported, name: "p.json" }),
        403,
        "forbidden",
      );
      const member = await app.tokenFor("sales@acme.test");
      await errorOf(
        await app.call("POST", `${BASE}/export`, {
          token: member,
          body: { project_ids: [project.id] },
        }),
        403,
        "forbidden",
      );
      await assertInvalidFields(
        await app.call("POST", `${BASE}/export`, {
          token: globex,
          body: { project_ids: [project.id] },
        }),
        "project_ids.0",
      );
      await assertInvalidFields(
        await app.call("POST", `${BASE}/export`, {
          token: admin,
          body: { project_ids: [project.id], format: "xml" },
        }),
        "format",
      );
      await assertInvalidFields(
        await importFile(app, admin, { text: exported, name: "p.json" }, { on_conflict: "merge" }),
        "on_conflict",
      );
      await assertInvalidFields(
        await importFile(app, admin, { text: " ", name: "p.json" }),
        "file",
      );
    });
  } finally {
    await app.close();
  }
});
