/**
 * "Waiting for me" (issue 24): each person's approvals to give — project steps
 * they may decide, claims naming them as approver, budgets they may approve —
 * each linking to the page to act on, and nothing they submitted themselves.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { errorOf, jsonOf } from "../../../testing/http-assertions.ts";

interface Item {
  kind: string;
  title: string;
  detail: string;
  summary: string;
  since: string;
  link: string;
}

async function waiting(t: TestApp, email: string): Promise<Item[]> {
  return (await jsonOf<{ items: Item[] }>(
    await t.call("POST", "/dashboard/waiting", { token: await t.tokenFor(email), body: {} }),
  )).items;
}

Deno.test("Waiting for me lists the approvals each person may give, linking to each record", async () => {
  const t = await createTestApp();
  try {
    const demo = await t.db.get<{ project_id: string; name: string }>(
      `SELECT r.project_id, p.name FROM project_approvals r JOIN projects p ON p.id = r.project_id
        WHERE r.id = 'apr_acme_demo'`,
    );
    const admin = await waiting(t, "admin@acme.test");
    assertEquals(admin.filter((i) => i.kind === "Project approval"), [{
      kind: "Project approval",
      title: demo!.name,
      detail: "Executive sign-off, submitted by Peter Novak",
      summary: "Project approval · Executive sign-off, submitted by Peter Novak",
      since: admin.find((i) => i.kind === "Project approval")!.since,
      link: `/app/projects/${demo!.project_id}`,
    }]);
    const claims = await t.db.all<{ id: string; purpose: string }>(
      `SELECT id, purpose FROM expenses
        WHERE organization_id = 'org_acme' AND status = 'submitted' AND approver_id = 'usr_acme_admin'`,
    );
    assertEquals(
      admin.filter((i) => i.kind === "Expense claim").map((i) => i.link).sort(),
      claims.map((c) => `/app/expenses/${c.id}`).sort(),
    );
    const budgets = await t.db.all<{ id: string }>(
      `SELECT id FROM budgets WHERE organization_id = 'org_acme' AND status = 'pending_approval'`,
    );
    ok(budgets.length > 0, "the demo has a budget pending approval");
    assertEquals(
      admin.filter((i) => i.kind === "Budget").map((i) => i.link).sort(),
      budgets.map((b) => `/app/budget/${b.id}`).sort(),
    );
    const times = admin.map((i) => i.since);
    assertEquals(times, [...times].sort(), "oldest first");
    const finance = await waiting(t, "finance@acme.test");
    assertEquals(finance.filter((i) => i.kind === "Budget"), [], "finance raised the budget");

    const pm = await waiting(t, "pm@acme.test");
    assertEquals(
      pm.filter((i) => i.kind === "Project approval"),
      [],
      "the project manager submitted the demo approval",
    );
    assertEquals(await waiting(t, "maya@acme.test"), [], "a plain member approves nothing");
  } finally {
    await t.close();
  }
});

Deno.test("a reassigned step waits for its new approver alone; a decided one for no one", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    await t.db.run(
      "UPDATE user_organizations SET user_role = 'project_manager' WHERE user_id = 'usr_acme_maya'",
    );
    const run = await t.db.get<{ project_id: string }>(
      "SELECT project_id FROM project_approvals WHERE id = 'apr_acme_demo'",
    );
    const base = `/enterprise-projects/${run!.project_id}/approvals/apr_acme_demo`;
    await jsonOf(
      await t.call("POST", `${base}/reassign`, {
        token: admin,
        body: { user_id: "usr_acme_maya" },
      }),
    );
    const projectSteps = async (email: string) =>
      (await waiting(t, email)).filter((i) => i.kind === "Project approval").map((i) => i.detail);
    assertEquals(await projectSteps("admin@acme.test"), []);
    assertEquals(await projectSteps("maya@acme.test"), [
      "Executive sign-off, submitted by Peter Novak",
    ]);
    await jsonOf(
      await t.call("POST", `${base}/process`, {
        token: await t.tokenFor("maya@acme.test"),
        body: { action: "reject", comments: "Not this year" },
      }),
    );
    assertEquals(await projectSteps("maya@acme.test"), []);
  } finally {
    await t.close();
  }
});

Deno.test("Waiting for me needs a signed-in member of staff", async () => {
  const t = await createTestApp();
  try {
    await errorOf(await t.call("POST", "/dashboard/waiting", { body: {} }), 401, "unauthenticated");
    await errorOf(
      await t.call("POST", "/dashboard/waiting", {
        token: await t.tokenFor("admin@acme.test"),
        body: { everything: true },
      }),
      400,
      "invalid_input",
    );
  } finally {
    await t.close();
  }
});
