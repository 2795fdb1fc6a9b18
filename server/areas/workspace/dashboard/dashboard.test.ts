import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../../../testing/test-app.ts";
import { assertInvalidFields, jsonOf } from "../../../testing/http-assertions.ts";

Deno.test("POST /dashboard/summary answers the organisation's headline figures", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const body = await jsonOf(await t.call("POST", "/dashboard/summary", { token, body: {} }));
    const now = new Date(t.clock.now);
    const today = now.toISOString().slice(0, 10);
    const since = new Date(t.clock.now - 30 * 86_400_000).toISOString();
    const figures = await t.db.get<Record<string, number>>(
      `SELECT
         (SELECT COUNT(*) FROM tasks WHERE organization_id = 'org_acme' AND status <> 'completed') AS open_tasks,
         (SELECT COUNT(*) FROM projects WHERE organization_id = 'org_acme' AND status = 'active') AS active_projects,
         (SELECT COUNT(*) FROM tasks WHERE organization_id = 'org_acme' AND status <> 'completed' AND due_date < ?) AS overdue_tasks,
         (SELECT COUNT(*) FROM leads WHERE organization_id = 'org_acme' AND created_at >= ?) AS new_leads,
         (SELECT COUNT(*) FROM notifications WHERE organization_id = 'org_acme' AND user_id = 'usr_acme_admin' AND read = 0) AS unread_notifications`,
      [today, since],
    );
    assertEquals(body.active_projects, 7);
    ok((body.open_tasks as number) > 0);
    const { active_project_progress: progress, finance, ...counts } = body;
    assertEquals(counts, { ...figures, as_of: now.toISOString() });
    // The finance figures (the administrator sees the finance dashboard).
    const owing = await t.db.get<{ outstanding: number | null; overdue: number }>(
      `SELECT SUM(outstanding) AS outstanding,
              SUM(CASE WHEN due_date < ? THEN 1 ELSE 0 END) AS overdue
         FROM invoices WHERE organization_id = 'org_acme'
          AND payment_status IN ('unpaid', 'partly_paid') AND outstanding <> 0`,
      [today],
    );
    const figuresOfFinance = finance as Record<string, number>;
    assertEquals(
      figuresOfFinance.outstanding,
      Math.round((owing?.outstanding ?? 0) * 100) / 100,
    );
    assertEquals(figuresOfFinance.overdue_invoices, Number(owing?.overdue ?? 0));
    // The active projects due first, each with the progress its analytics call answers.
    const due = await t.db.all<{ id: string }>(
      "SELECT id FROM projects WHERE organization_id = 'org_acme' AND status = 'active' ORDER BY end_date, name LIMIT 5",
    );
    const listed = progress as { project_id: string; progress_percentage: number }[];
    assertEquals(listed.map((p) => p.project_id), due.map((p) => p.id));
    for (const p of listed) {
      const answer = await jsonOf<{ data: { overall_progress_percentage: number } }>(
        await t.call("POST", "/projects/calculate-progress", {
          token,
          body: { project_id: p.project_id, organization_id: "org_acme" },
        }),
      );
      assertEquals(p.progress_percentage, answer.data.overall_progress_percentage, p.project_id);
    }
  } finally {
    await t.close();
  }
});

Deno.test("POST /dashboard/summary leaves new_leads and project progress null for a role that may not see them", async () => {
  const t = await createTestApp();
  try {
    const pm = await t.tokenFor("pm@acme.test");
    const body = await jsonOf(await t.call("POST", "/dashboard/summary", { token: pm, body: {} }));
    assertEquals(body.new_leads, null);
    const sales = await t.tokenFor("sales@acme.test");
    const salesBody = await jsonOf(
      await t.call("POST", "/dashboard/summary", { token: sales, body: {} }),
    );
    assertEquals(typeof salesBody.new_leads, "number");
    // Project progress follows the Projects module the same way: the project manager sees
    // it; a role whose projects.read is revoked does not.
    ok(Array.isArray(body.active_project_progress));
    await t.db.run(
      `DELETE FROM role_permissions WHERE permission = 'projects.read'
       AND role_id IN (SELECT id FROM roles WHERE organization_id = 'org_acme' AND name = 'finance')`,
    );
    const finance = await t.tokenFor("finance@acme.test");
    const financeBody = await jsonOf(
      await t.call("POST", "/dashboard/summary", { token: finance, body: {} }),
    );
    assertEquals(financeBody.active_project_progress, null);
  } finally {
    await t.close();
  }
});

Deno.test("POST /dashboard/summary answers 400 naming an unknown field", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    await assertInvalidFields(
      await t.call("POST", "/dashboard/summary", { token, body: { period: "30d" } }),
      "period",
    );
  } finally {
    await t.close();
  }
});

Deno.test("POST /dashboard/summary counts a member's own open and overdue tasks, not the organisation's", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("member@acme.test");
    const body = await jsonOf(await t.call("POST", "/dashboard/summary", { token, body: {} }));
    const today = new Date(t.clock.now).toISOString().slice(0, 10);
    const own = await t.db.get<{ open: number; overdue: number; all: number }>(
      `SELECT SUM(CASE WHEN status <> 'completed' THEN 1 ELSE 0 END) AS open,
              SUM(CASE WHEN status <> 'completed' AND due_date < ? THEN 1 ELSE 0 END) AS overdue,
              (SELECT COUNT(*) FROM tasks WHERE organization_id = 'org_acme' AND status <> 'completed') AS "all"
         FROM tasks WHERE organization_id = 'org_acme'
          AND (assignee_id = 'usr_acme_member' OR created_by = 'usr_acme_member')`,
      [today],
    );
    ok(Number(own!.open) > 0 && Number(own!.open) < Number(own!.all));
    assertEquals([body.open_tasks, body.overdue_tasks], [Number(own!.open), Number(own!.overdue)]);
  } finally {
    await t.close();
  }
});
