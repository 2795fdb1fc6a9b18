import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import type { z } from "zod";
import { OperationsReport, SalesReport } from "../../../../schemas/api/dashboard-analytics.ts";
import { createTestApp } from "../../../testing/test-app.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../../../testing/http-assertions.ts";
import {
  FIXTURE,
  FIXTURE_NOW,
  insertFixtureProject,
} from "../projects/testing/analytics-fixture.ts";

Deno.test("POST /reports/operations reports the delivery of every project", async () => {
  const t = await createTestApp();
  try {
    t.clock.now = FIXTURE_NOW;
    await insertFixtureProject(t.db);
    const token = await t.tokenFor("pm@acme.test");
    const { data } = OperationsReport.parse(
      await jsonOf<z.infer<typeof OperationsReport>>(
        await t.call("POST", "/reports/operations", { token, body: {} }),
      ),
    );
    assertEquals(data.report_type, "summary");
    assertEquals(data.projects.find((p) => p.project_id === FIXTURE.projectId), {
      project_id: FIXTURE.projectId,
      name: "Fixture Rollout",
      status: "active",
      client_name: null,
      end_date: "2020-07-01",
      progress_percentage: 45,
      schedule_progress_percentage: 46.7,
      is_on_schedule: true,
      tasks_total: 10,
      tasks_completed: 5,
      tasks_overdue: 2,
      hours_logged: 45,
    });
    const projects = await t.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM projects WHERE organization_id = 'org_acme'",
    );
    const s = data.summary;
    assertEquals(s.projects_total, projects?.n);
    assertEquals(s.tasks_total, data.projects.reduce((n, p) => n + p.tasks_total, 0));
    assertEquals(s.tasks_completed, data.projects.reduce((n, p) => n + p.tasks_completed, 0));
    assertEquals(s.completion_rate, Math.round((1000 * s.tasks_completed) / s.tasks_total) / 10);
    assertEquals(s.projects_behind_schedule, data.projects.filter((p) => !p.is_on_schedule).length);
    assertEquals(Object.values(s.projects_by_status).reduce((a, b) => a + b, 0), s.projects_total);
  } finally {
    await t.close();
  }
});

Deno.test("POST /reports/sales summarises the lead pipeline", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@globex.test");
    const { data } = SalesReport.parse(
      await jsonOf<z.infer<typeof SalesReport>>(
        await t.call("POST", "/reports/sales", { token, body: { report_type: "pipeline" } }),
      ),
    );
    assertEquals(data.report_type, "pipeline");
    const s = data.summary;
    assertEquals(s.total_leads, 15);
    assertEquals(data.by_stage.map((b) => b.stage), [
      "new",
      "contacted",
      "qualified",
      "proposal",
      "won",
      "lost",
    ]);
    assertEquals(data.by_stage.reduce((n, b) => n + b.leads, 0), 15);
    assertEquals(data.by_source.reduce((n, b) => n + b.leads, 0), 15);
    assertEquals(data.by_owner.reduce((n, b) => n + b.leads, 0), 15);
    assertEquals(s.open_leads + s.won_leads + s.lost_leads, 15);
    const expected = await t.db.get<{ won: number; lost: number; pipeline: number }>(
      `SELECT SUM(CASE WHEN status = 'won' THEN 1 ELSE 0 END) AS won,
              SUM(CASE WHEN status = 'lost' THEN 1 ELSE 0 END) AS lost,
              SUM(CASE WHEN status NOT IN ('won', 'lost') THEN estimated_value ELSE 0 END) AS pipeline
         FROM leads WHERE organization_id = 'org_globex'`,
    );
    assertEquals([s.won_leads, s.lost_leads, s.pipeline_value], [
      expected?.won,
      expected?.lost,
      expected?.pipeline,
    ]);
    const won = expected?.won ?? 0, lost = expected?.lost ?? 0;
    assertEquals(s.conversion_rate, won + lost ? Math.round((1000 * won) / (won + lost)) / 10 : 0);
    ok(data.by_owner.every((o) => o.user_id === null ? o.user_name === "Unassigned" : o.user_name));
  } finally {
    await t.close();
  }
});

Deno.test("POST /reports/sales lists owners by leads, the unassigned first among equals", async () => {
  const t = await createTestApp();
  try {
    // Three of Ravi's six leads lose their owner: the unassigned tie with Greta's six.
    await t.db.run(
      `UPDATE leads SET assigned_to = NULL WHERE id IN (
         SELECT id FROM leads WHERE assigned_to = 'usr_globex_ravi' ORDER BY id LIMIT 3)`,
    );
    const token = await t.tokenFor("admin@globex.test");
    const { data } = SalesReport.parse(
      await jsonOf<z.infer<typeof SalesReport>>(
        await t.call("POST", "/reports/sales", { token, body: {} }),
      ),
    );
    assertEquals(data.by_owner.map((o) => [o.user_name, o.leads]), [
      ["Unassigned", 6],
      ["Greta Olsen", 6],
      ["Ravi Kumar", 3],
    ]);
  } finally {
    await t.close();
  }
});

Deno.test("The report calls need their Reports modules and a valid report_type", async () => {
  const t = await createTestApp();
  try {
    const sales = await t.tokenFor("sales@acme.test");
    for (const path of ["/reports/operations", "/reports/sales"]) {
      await errorOf(await t.call("POST", path, { token: sales, body: {} }), 403, "forbidden");
    }
    const finance = await t.tokenFor("finance@acme.test");
    await jsonOf(await t.call("POST", "/reports/sales", { token: finance, body: {} }));
    await assertInvalidFields(
      await t.call("POST", "/reports/operations", { token: finance, body: { report_type: "A B" } }),
      "report_type",
    );
  } finally {
    await t.close();
  }
});

Deno.test("each role's operations and sales reports count the projects and leads its own lists hold", async () => {
  const t = await createTestApp();
  try {
    // The member may open both reports; their project list holds only the projects they are on.
    for (const permission of ["reports_operations_reports.read", "reports_sales_reports.read"]) {
      await t.db.run(
        `INSERT INTO role_permissions (organization_id, role_id, permission)
         SELECT organization_id, id, ? FROM roles WHERE organization_id = 'org_acme' AND name = 'member'
         ON CONFLICT DO NOTHING`,
        [permission],
      );
    }
    let compared = 0;
    for (
      const email of ["admin@acme.test", "pm@acme.test", "finance@acme.test", "member@acme.test"]
    ) {
      const token = await t.tokenFor(email);
      const listed = async (type: string) => {
        const res = await t.call("POST", `/api/records/${type}/list`, {
          token,
          body: { limit: 500 },
        });
        return res.status === 403 ? [] : (await jsonOf<{ items: { id: string }[] }>(res)).items;
      };
      const operations = await t.call("POST", "/reports/operations", { token, body: {} });
      if (operations.status === 200) {
        const { data } = await jsonOf<z.infer<typeof OperationsReport>>(operations);
        assertEquals(
          data.projects.map((p) => p.project_id).sort(),
          (await listed("project")).map((p) => p.id).sort(),
          `${email}: the operations report's projects`,
        );
        compared++;
      }
      const sales = await t.call("POST", "/reports/sales", { token, body: {} });
      if (sales.status === 200) {
        const { data } = await jsonOf<z.infer<typeof SalesReport>>(sales);
        assertEquals(data.summary.total_leads, (await listed("lead")).length, `${email}: leads`);
        compared++;
      }
    }
    ok(compared >= 6, `compared ${compared} reports`);
    // A role that may open the report but not read projects sees none of them.
    await t.db.run(
      `DELETE FROM role_permissions WHERE permission = 'projects.read'
          AND role_id IN (SELECT id FROM roles WHERE organization_id = 'org_acme' AND name = 'member')`,
    );
    const member = await jsonOf<z.infer<typeof OperationsReport>>(
      await t.call("POST", "/reports/operations", {
        token: await t.tokenFor("member@acme.test"),
        body: {},
      }),
    );
    assertEquals(member.data.projects, []);
    assertEquals(member.data.summary.projects_total, 0);
  } finally {
    await t.close();
  }
});
