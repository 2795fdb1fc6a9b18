/**
 * The planning and reporting calls over HTTP, against hand-worked data: the
 * fixture's three tasks (a: 8 h for the manager at 50 % of 40 h = 4 h a day →
 * 2 days; b: 4 h for the admin at 25 % of 32 h = 1.6 h a day → 3 days; c: 8 h
 * for the manager → 2 days, after a and b), planned on Wednesday 2026-01-07.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { PDFDocument } from "pdf-lib";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { errorOf, jsonOf } from "../../testing/http-assertions.ts";
import { assertFieldError, plannedProject } from "./testing/enterprise-fixture.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const BASE = "/enterprise-projects";
const WEDNESDAY = Date.parse("2026-01-07T09:00:00Z");

async function withProject(
  fn: (t: TestApp, admin: string, p: Awaited<ReturnType<typeof plannedProject>>) => Promise<void>,
): Promise<void> {
  const t = await createTestApp();
  try {
    t.clock.now = WEDNESDAY;
    const admin = await t.tokenFor("admin@acme.test");
    await fn(t, admin, await plannedProject(t, admin));
  } finally {
    await t.close();
  }
}

async function taskDates(t: TestApp, ids: string[]) {
  const rows = await t.db.all<{ id: string; start_date: string; due_date: string }>(
    `SELECT id, start_date, due_date FROM tasks WHERE id IN (${ids.map(() => "?").join(", ")})
      ORDER BY id`,
    ids,
  );
  return rows.map((r) => [r.id, r.start_date, r.due_date]);
}

async function upload(t: TestApp, token: string, name: string, type: string, text: string) {
  const form = new FormData();
  form.append("file", new File([new TextEncoder().encode(text)], name, { type }));
  const res = await t.fetch(
    new Request("http://localhost/api/records/document/files", {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    }),
  );
  return (await jsonOf<{ file: Json }>(res, 201)).file.id as string;
}

Deno.test("POST /enterprise-projects/{id}/optimize-schedule", async (s) => {
  await withProject(async (t, admin, { project, a, b, c }) => {
    const path = `${BASE}/${project.id}/optimize-schedule`;
    await s.step(
      "computes the critical path, slack and end date of the hand-worked graph",
      async () => {
        const plan = await jsonOf<Json>(
          await t.call("POST", path, { token: admin, body: { constraints: {} } }),
          200,
        );
        assertEquals(plan.critical_path, [b.id, c.id]);
        const byId = new Map(plan.tasks.map((x: Json) => [x.task_id, x]));
        const row = (id: string) => {
          const x = byId.get(id) as Json;
          return [x.duration_days, x.slack_days, x.proposed_start, x.proposed_due, x.critical];
        };
        assertEquals(row(a.id), [2, 1, "2026-01-07", "2026-01-08", false]);
        assertEquals(row(b.id), [3, 0, "2026-01-07", "2026-01-09", true]);
        // Over the weekend: Monday and Tuesday.
        assertEquals(row(c.id), [2, 0, "2026-01-12", "2026-01-13", true]);
        assertEquals(
          [plan.end_date_before, plan.end_date_after, plan.change_in_days, plan.applied],
          ["2026-01-09", "2026-01-13", 4, false],
        );
      },
    );

    await s.step(
      "without apply changes nothing; with apply writes the dates through the engine",
      async () => {
        const before = await taskDates(t, [a.id, b.id, c.id]);
        await jsonOf(await t.call("POST", path, { token: admin, body: { constraints: {} } }), 200);
        assertEquals(await taskDates(t, [a.id, b.id, c.id]), before);
        const applied = await jsonOf<Json>(
          await t.call("POST", path, {
            token: admin,
            body: { constraints: { apply: true, fixed_task_ids: [a.id] } },
          }),
          200,
        );
        assertEquals([applied.applied, applied.changed_tasks], [true, 2]);
        const after = new Map(
          (await taskDates(t, [a.id, b.id, c.id])).map(([id, ...d]) => [id, d]),
        );
        assertEquals(after.get(a.id), ["2026-01-05", "2026-01-09"]);
        assertEquals(after.get(b.id), ["2026-01-07", "2026-01-09"]);
        assertEquals(after.get(c.id), ["2026-01-12", "2026-01-13"]);
        const history = await t.db.get<{ n: number }>(
          "SELECT COUNT(*) AS n FROM audit_logs WHERE resource_type = 'task' AND resource_id = ? AND action = 'update'",
          [c.id],
        );
        assertEquals(history?.n, 1);
      },
    );

    await s.step("bad constraints are a 400 naming the field", async () => {
      await assertFieldError(
        await t.call("POST", path, {
          token: admin,
          body: { constraints: { max_allocation_percent: 0 } },
        }),
        "constraints.max_allocation_percent",
      );
      await assertFieldError(
        await t.call("POST", path, {
          token: admin,
          body: { constraints: { fixed_task_ids: ["tsk_nope"] } },
        }),
        "constraints.fixed_task_ids",
      );
    });

    await s.step("reading needs projects.read, apply needs projects.update", async () => {
      const finance = await t.tokenFor("finance@acme.test");
      await jsonOf(await t.call("POST", path, { token: finance, body: { constraints: {} } }), 200);
      await errorOf(
        await t.call("POST", path, { token: finance, body: { constraints: { apply: true } } }),
        403,
        "forbidden",
      );
      const sales = await t.tokenFor("sales@acme.test");
      await errorOf(
        await t.call("POST", path, { token: sales, body: { constraints: {} } }),
        403,
        "forbidden",
      );
    });

    await s.step("another organisation's project is a 404", async () => {
      const globex = await t.tokenFor("admin@globex.test");
      await errorOf(
        await t.call("POST", path, { token: globex, body: { constraints: {} } }),
        404,
        "not_found",
      );
    });
    await s.step("a dependency cycle is a 400 naming the tasks", async () => {
      await t.db.run(
        "INSERT INTO task_dependencies (id, organization_id, task_id, idx, depends_on) VALUES (?, 'org_acme', ?, 0, ?)",
        [`${a.id}.cycle`, a.id, c.id],
      );
      const error = await errorOf(
        await t.call("POST", path, { token: admin, body: { constraints: {} } }),
        400,
        "invalid_input",
      );
      assert(error.message.includes(a.id) && error.message.includes(c.id), error.message);
      assert("dependencies" in (error.details as Json).fields);
    });
  });
});

Deno.test("POST /enterprise-projects/{id}/analyze-requirements", async (s) => {
  await withProject(async (t, admin, { project }) => {
    const path = `${BASE}/${project.id}/analyze-requirements`;
    const markdown = [
      "# Ledger migration",
      "",
      "The finance team closes the books monthly.",
      "",
      "1. The system must import every ledger account with its opening balance.",
      "2. Users should see a reconciliation report.",
      "- Exports may be downloaded as CSV, PDF and JSON.",
      "",
      "Audit entries shall be kept for seven years. This is context only.",
    ].join("\n");
    await s.step(
      "finds numbered, bulleted and modal statements with priority and size",
      async () => {
        const file = await upload(t, admin, "requirements.md", "text/markdown", markdown);
        const answer = await jsonOf<Json>(
          await t.call("POST", path, { token: admin, body: { document_source_id: file } }),
          200,
        );
        assertEquals(
          answer.requirements.map((
            r: Json,
          ) => [r.kind, r.priority, r.size, r.estimated_hours, r.line]),
          [
            ["numbered", "high", "S", 4, 5],
            ["numbered", "medium", "XS", 2, 6],
            ["bulleted", "low", "S", 6, 7],
            ["sentence", "high", "XS", 2, 9],
          ],
        );
        assertEquals(answer.requirements[3].text, "Audit entries shall be kept for seven years.");
        assertEquals(answer.total_estimated_hours, 14);
        assert(answer.estimation_rule.includes("XS"));
      },
    );

    await s.step("a document record's attached file is read too", async () => {
      const file = await upload(
        t,
        admin,
        "notes.txt",
        "text/plain",
        "- Invoices must carry a tax id",
      );
      const document = await jsonOf<{ record: Json }>(
        await t.call("POST", "/api/records/document", {
          token: admin,
          body: { values: { title: "Notes", file } },
        }),
        201,
      );
      const answer = await jsonOf<Json>(
        await t.call("POST", path, {
          token: admin,
          body: { document_source_id: document.record.id },
        }),
        200,
      );
      assertEquals(answer.requirements.map((r: Json) => r.text), ["Invoices must carry a tax id"]);
    });

    await s.step(
      "another type is a 415 naming the field; unknown ids and bad input a 400",
      async () => {
        const file = await upload(t, admin, "logo.png", "image/png", "PNG");
        const error = await errorOf(
          await t.call("POST", path, { token: admin, body: { document_source_id: file } }),
          415,
          "unsupported_media_type",
        );
        assert("document_source_id" in (error.details as Json).fields);
        await assertFieldError(
          await t.call("POST", path, { token: admin, body: { document_source_id: "fil_nope" } }),
          "document_source_id",
        );
        await assertFieldError(
          await t.call("POST", path, { token: admin, body: {} }),
          "document_source_id",
        );
      },
    );
  });
});

Deno.test("POST /enterprise-projects/{id}/generate-recommendations", async (s) => {
  await withProject(async (t, admin, { project, a }) => {
    await s.step(
      "planted overdue and unassigned work and an overloaded member trigger recommendations",
      async () => {
        await t.db.run("UPDATE tasks SET due_date = '2026-01-02' WHERE id = ?", [a.id]);
        await t.db.run("UPDATE tasks SET assignee_id = NULL WHERE project_id = ? AND id <> ?", [
          project.id,
          a.id,
        ]);
        await t.db.run("UPDATE tasks SET estimated_hours = 200 WHERE id = ?", [a.id]);
        const answer = await jsonOf<Json>(
          await t.call("POST", `${BASE}/${project.id}/generate-recommendations`, { token: admin }),
          200,
        );
        const figures = new Map(answer.recommendations.map((r: Json) => [r.trigger.figure, r]));
        assertEquals((figures.get("overdue_tasks") as Json).trigger.value, 1);
        assertEquals((figures.get("unassigned_open_tasks") as Json).trigger.value, 2);
        // 200 open hours over 20 allocated hours a week: 10 weeks of work.
        const load = figures.get("weeks_of_work:usr_acme_pm") as Json;
        assertEquals([load.category, load.priority, load.trigger.value], ["resource", "high", 10]);
        for (const r of answer.recommendations) assert(r.action && r.description && r.category);
      },
    );
  });
});

Deno.test("analytics and performance reports", async (s) => {
  await withProject(async (t, admin, { project }) => {
    await s.step("analytics answers the project analytics figures", async () => {
      const { summary } = await jsonOf<Json>(
        await t.call("POST", `${BASE}/${project.id}/analytics`, { token: admin, body: {} }),
        200,
      );
      assertEquals(
        [summary.total_tasks, summary.total_estimated_hours, summary.weekly_capacity_hours],
        [3, 20, 28],
      );
    });

    await s.step(
      "a report has its lines and download links; bad report_type is a 400",
      async () => {
        const report = await jsonOf<Json>(
          await t.call("POST", `${BASE}/${project.id}/performance-report`, {
            token: admin,
            body: { report_type: "detailed" },
          }),
          200,
        );
        assert(
          report.lines.some((l: Json) => l.label === "Tasks completed" && l.value === "0 of 3"),
        );
        assert(report.downloads.csv.endsWith("performance-report.csv?report_type=detailed"));
        await assertFieldError(
          await t.call("POST", `${BASE}/${project.id}/performance-report`, {
            token: admin,
            body: { report_type: "weekly" },
          }),
          "report_type",
        );
      },
    );

    await s.step("CSV and PDF downloads carry the report (projects.export)", async () => {
      const csv = await t.call(
        "GET",
        `${BASE}/${project.id}/performance-report.csv?report_type=summary`,
        { token: admin },
      );
      assertEquals(csv.status, 200);
      const text = await csv.text();
      assert(text.startsWith("section,label,value\r\n"), text);
      assert(text.includes("Progress,Tasks completed,0 of 3"), text);
      const pdf = await t.call(
        "GET",
        `${BASE}/${project.id}/performance-report.pdf?report_type=executive`,
        { token: admin },
      );
      assertEquals(pdf.headers.get("content-type"), "application/pdf");
      const document = await PDFDocument.load(new Uint8Array(await pdf.arrayBuffer()));
      assertEquals(document.getTitle(), "Executive report: Ledger migration");
      assert(document.getSubject()?.includes("Tasks completed: 0 of 3"));
      const member = await t.tokenFor("tom@acme.test");
      await errorOf(
        await t.call(
          "GET",
          `${BASE}/${project.id}/performance-report.csv?report_type=summary`,
          { token: member },
        ),
        403,
        "forbidden",
      );
      const globex = await t.tokenFor("admin@globex.test");
      await errorOf(
        await t.call(
          "GET",
          `${BASE}/${project.id}/performance-report.pdf?report_type=summary`,
          { token: globex },
        ),
        404,
        "not_found",
      );
    });
  });
});

Deno.test("the optimiser refuses, with the reason, when open tasks have no estimate; apply is refused; defaults fill them", async () => {
  await withProject(async (t, admin, { project, a }) => {
    const path = `${BASE}/${project.id}/optimize-schedule`;
    const version = (await t.db.get<{ version: number }>(
      "SELECT version FROM tasks WHERE id = ?",
      [a.id],
    ))!.version;
    await jsonOf(
      await t.call("PATCH", `/api/records/task/${a.id}`, {
        token: admin,
        body: { version, values: { estimated_hours: 0 } },
      }),
    );
    const refused = await jsonOf<Json>(
      await t.call("POST", path, { token: admin, body: { constraints: {} } }),
    );
    assertEquals(refused.tasks, []);
    assertEquals([refused.end_date_after, refused.change_in_days], [null, null]);
    assertEquals(refused.refusal.tasks_without_estimate, 1);
    assert(refused.refusal.reason.includes("1 of 3 open tasks have no estimated hours"));

    const before = await taskDates(t, [a.id]);
    const apply = await t.call("POST", path, {
      token: admin,
      body: { constraints: { apply: true } },
    });
    const error = await errorOf(apply, 400, "invalid_input");
    assert(JSON.stringify(error).includes("constraints.apply"), JSON.stringify(error));
    assertEquals(await taskDates(t, [a.id]), before);

    const filled = await jsonOf<Json>(
      await t.call("POST", `${BASE}/${project.id}/schedule-defaults`, {
        token: admin,
        body: {},
      }),
    );
    assertEquals(filled, { estimated_tasks: 1 });
    const proposed = await jsonOf<Json>(
      await t.call("POST", path, { token: admin, body: { constraints: {} } }),
    );
    assertEquals([proposed.refusal, proposed.tasks.length], [null, 3]);
  });
});
