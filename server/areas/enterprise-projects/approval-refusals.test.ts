/**
 * Approvals that can finish (issue 24): a workflow step's approver is a role of
 * the organisation (by label) or one person; a step no one could approve is
 * refused when the workflow is saved, and a step only the submitter could
 * approve when a project is submitted on it, with the reason, storing nothing;
 * a new project reads "Not submitted" until it is submitted.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { errorOf, jsonOf } from "../../testing/http-assertions.ts";
import { createProject } from "./approval-fixture.ts";

async function withApp(fn: (t: TestApp) => Promise<void>): Promise<void> {
  const t = await createTestApp();
  try {
    await fn(t);
  } finally {
    await t.close();
  }
}

function saveWorkflow(t: TestApp, token: string, steps: Record<string, unknown>[]) {
  return t.call("POST", "/api/records/approval_workflow", {
    token,
    body: { values: { name: "Board review", active: true, steps } },
  });
}

async function workflowCount(t: TestApp): Promise<number> {
  const row = await t.db.get<{ n: number }>(
    "SELECT COUNT(*) AS n FROM approval_workflows WHERE organization_id = 'org_acme'",
  );
  return Number(row?.n ?? 0);
}

Deno.test("a step's approver role is chosen from the organisation's staff roles, by label", async () => {
  await withApp(async (t) => {
    const admin = await t.tokenFor("admin@acme.test");
    const { options } = await jsonOf<
      { options: Record<string, { value: string; label: string }[]> }
    >(
      await t.call("GET", "/api/records/approval_workflow/meta", { token: admin }),
    );
    assertEquals(options.approver_role, [
      { value: "finance", label: "Finance" },
      { value: "firm_admin", label: "Firm administrator" },
      { value: "member", label: "Member" },
      { value: "project_manager", label: "Project manager" },
      { value: "sales", label: "Sales" },
    ]);
    const unknown = await errorOf(
      await saveWorkflow(t, admin, [{ step_name: "Board", approver_role: "boss" }]),
      400,
      "invalid_input",
    );
    assertEquals(Object.keys(unknown.details?.fields ?? {}), ["steps[0].approver_role"]);
    assertEquals(await workflowCount(t), 1, "only the seeded workflow");
  });
});

Deno.test("a step names a role or a person: neither or both is refused at the field", async () => {
  await withApp(async (t) => {
    const admin = await t.tokenFor("admin@acme.test");
    const neither = await errorOf(
      await saveWorkflow(t, admin, [{ step_name: "Board" }]),
      400,
      "invalid_input",
    );
    assertEquals(neither.details?.fields, {
      "steps[0].approver_role": "Choose the role or the person who approves this step",
    });
    const both = await errorOf(
      await saveWorkflow(t, admin, [{
        step_name: "Board",
        approver_role: "firm_admin",
        approver: "usr_acme_admin",
      }]),
      400,
      "invalid_input",
    );
    assertEquals(Object.keys(both.details?.fields ?? {}), ["steps[0].approver"]);
    assertEquals(await workflowCount(t), 1);
  });
});

Deno.test("a workflow with a step no one could approve is refused when saved, with the reason", async () => {
  await withApp(async (t) => {
    const admin = await t.tokenFor("admin@acme.test");
    // Peter Novak, the only project manager, becomes a plain member.
    await t.db.run(
      "UPDATE user_organizations SET user_role = 'member' WHERE user_id = 'usr_acme_pm' AND organization_id = 'org_acme'",
    );
    const noManager = await errorOf(
      await saveWorkflow(t, admin, [
        { step_name: "Executive review", approver_role: "firm_admin" },
        { step_name: "Delivery board", approver_role: "project_manager" },
      ]),
      400,
      "invalid_input",
    );
    assertEquals(
      noManager.message,
      "Delivery board: No one in Acme Consulting is a project manager who may approve projects",
    );
    assertEquals(Object.keys(noManager.details?.fields ?? {}), ["steps[1].approver_role"]);
    const mayNot = await errorOf(
      await saveWorkflow(t, admin, [{ step_name: "Money check", approver: "usr_acme_finance" }]),
      400,
      "invalid_input",
    );
    assertEquals(mayNot.message, "Money check: This person may not approve projects");
    assertEquals(Object.keys(mayNot.details?.fields ?? {}), ["steps[0].approver"]);
    assertEquals(await workflowCount(t), 1, "nothing stored");

    const saved = await jsonOf<{ record: { steps: Record<string, unknown>[] } }>(
      await saveWorkflow(t, admin, [
        { step_name: "Executive review", approver_role: "firm_admin" },
        { step_name: "Risk board", approver: "usr_acme_admin" },
      ]),
      201,
    );
    assertEquals(
      saved.record.steps.map((s) => [s.step_name, s.approver_role, s.approver]),
      [["Executive review", "firm_admin", null], ["Risk board", "", "usr_acme_admin"]],
    );
  });
});

Deno.test("submitting on a workflow whose step only the submitter could approve is refused with the reason", async () => {
  await withApp(async (t) => {
    const admin = await t.tokenFor("admin@acme.test");
    const pm = await t.tokenFor("pm@acme.test");
    const { record } = await jsonOf<{ record: { id: string } }>(
      await saveWorkflow(t, admin, [
        { step_name: "Executive review", approver_role: "firm_admin" },
        { step_name: "Delivery board", approver_role: "project_manager", min_budget: 100000 },
      ]),
      201,
    );
    const project = await createProject(t);
    const refused = await errorOf(
      await t.call("POST", `/enterprise-projects/${project}/submit-approval`, {
        token: pm,
        body: { workflow_id: record.id },
      }),
      400,
      "invalid_input",
    );
    const reason = "Delivery board needs a project manager other than you: " +
      "Peter Novak is the only one";
    assertEquals([refused.message, refused.details?.fields], [reason, { workflow_id: reason }]);
    const runs = await t.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM project_approvals WHERE project_id = ?",
      [project],
    );
    assertEquals(Number(runs?.n), 0, "no run opened");
    const status = await jsonOf<
      { data: { approval_status: string; approval_status_label: string } }
    >(
      await t.call("GET", `/enterprise-projects/${project}/approval-status`, { token: pm }),
    );
    assertEquals(
      [status.data.approval_status, status.data.approval_status_label],
      ["not_submitted", "Not submitted"],
    );

    // The administrator cannot put it through alone either: she is the only firm administrator.
    const alone = await errorOf(
      await t.call("POST", `/enterprise-projects/${project}/submit-approval`, {
        token: admin,
        body: { workflow_id: record.id },
      }),
      400,
      "invalid_input",
    );
    ok(alone.message.startsWith("Executive review needs a firm administrator other than you"));
  });
});

Deno.test("a new project reads Not submitted until it is submitted for approval", async () => {
  await withApp(async (t) => {
    const admin = await t.tokenFor("admin@acme.test");
    const id = await createProject(t);
    const { record } = await jsonOf<{ record: { approval_status: string } }>(
      await t.call("GET", `/api/records/project/${id}`, { token: admin }),
    );
    assertEquals(record.approval_status, "not_submitted");
    const { meta } = await jsonOf<
      { meta: { fields: { id: string; options?: { value: string; label: string }[] }[] } }
    >(await t.call("GET", "/api/records/project/meta", { token: admin }));
    const options = meta.fields.find((f) => f.id === "approval_status")?.options ?? [];
    assertEquals(options[0], { value: "not_submitted", label: "Not submitted", tone: "neutral" });
    const seeded = await t.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM projects WHERE approval_status = 'approved'",
    );
    assertEquals(Number(seeded?.n), 0, "no seeded project reads approved before a run approved it");
  });
});
