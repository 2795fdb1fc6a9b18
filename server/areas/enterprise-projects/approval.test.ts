import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../../testing/http-assertions.ts";
import { createProject, createWorkflow, secondManager } from "./approval-fixture.ts";

interface Status {
  approval_status: string;
  current: {
    id: string;
    status: string;
    current_step_name: string | null;
    submitted_by_name: string;
    can_act: boolean;
    steps: {
      step_name: string;
      state: string;
      actions: { action: string; comments: string; acted_by_name: string; acted_at: string }[];
    }[];
  } | null;
  history: { id: string; status: string }[];
}

async function withApp(fn: (t: TestApp) => Promise<void>): Promise<void> {
  const t = await createTestApp();
  try {
    await fn(t);
  } finally {
    await t.close();
  }
}

async function submit(t: TestApp, base: string, token: string, workflowId: string) {
  const answer = await jsonOf<{ data: Status }>(
    await t.call("POST", `${base}/submit-approval`, { token, body: { workflow_id: workflowId } }),
    201,
  );
  return answer.data as Status;
}

function decide(
  t: TestApp,
  base: string,
  token: string,
  approvalId: string,
  action: string,
  comments = "",
) {
  return t.call("POST", `${base}/approvals/${approvalId}/process`, {
    token,
    body: { action, comments },
  });
}

async function projectApproval(t: TestApp, base: string, token: string): Promise<string> {
  const { record } = await jsonOf<{ record: { approval_status: string } }>(
    await t.call("GET", `/api/records/project/${base.split("/")[2]}`, { token }),
  );
  return record.approval_status;
}

Deno.test("approval workflows list each step's approver, condition and whether it applies to the project", async () => {
  await withApp(async (t) => {
    const id = await createWorkflow(t);
    const base = `/enterprise-projects/${await createProject(t)}`;
    const finance = await t.tokenFor("finance@acme.test");
    const { data } = await jsonOf<{
      data: { workflows: { id: string; applicable_steps: number; steps: unknown[] }[] };
    }>(await t.call("GET", `${base}/approval-workflows`, { token: finance }));
    const workflow = data.workflows.find((w) => w.id === id)!;
    assertEquals(workflow.applicable_steps, 2);
    assertEquals(
      workflow.steps.map((s) => {
        const { step_name, approver_role_label, condition, applies } = s as Record<string, unknown>;
        return [step_name, approver_role_label, condition, applies];
      }),
      [
        ["Executive review", "Firm administrator", "Always", true],
        ["Delivery board", "Project manager", "Budget from 100,000", true],
        ["Risk board", "Firm administrator", "Risk high or higher", false],
      ],
    );
  });
});

Deno.test("a member, who may not see the budget, is not told whether a step with a budget minimum applies", async () => {
  await withApp(async (t) => {
    const id = await createWorkflow(t);
    const base = `/enterprise-projects/${await createProject(t)}`;
    const member = await t.tokenFor("member@acme.test");
    const { data } = await jsonOf<{
      data: { workflows: { id: string; applicable_steps: number | null; steps: unknown[] }[] };
    }>(await t.call("GET", `${base}/approval-workflows`, { token: member }));
    const workflow = data.workflows.find((w) => w.id === id)!;
    assertEquals(workflow.applicable_steps, null);
    assertEquals(
      workflow.steps.map((s) => {
        const { step_name, condition, applies } = s as Record<string, unknown>;
        return [step_name, condition, applies];
      }),
      [
        ["Executive review", "Always", true],
        ["Delivery board", "Budget from 100,000", null],
        ["Risk board", "Risk high or higher", false],
      ],
    );
    await submit(t, base, await t.tokenFor("pm@acme.test"), id);
    const status = await jsonOf<{ data: Status }>(
      await t.call("GET", `${base}/approval-status`, { token: member }),
    );
    assertEquals(
      status.data.current!.steps.map((
        s,
      ) => [s.step_name, s.state, (s as { applies?: unknown }).applies]),
      [
        ["Executive review", "current", true],
        ["Delivery board", "waiting", null],
        ["Risk board", "skipped", false],
      ],
    );
  });
});

Deno.test("each step's approver approves in turn, a step that does not apply is passed over, and the project ends approved with every step in the history", async () => {
  await withApp(async (t) => {
    const workflow = await createWorkflow(t);
    const base = `/enterprise-projects/${await createProject(t)}`;
    const pm = await t.tokenFor("pm@acme.test");
    const admin = await t.tokenFor("admin@acme.test");
    const maya = await secondManager(t);
    const submitted = await submit(t, base, pm, workflow);
    assertEquals(submitted.approval_status, "pending");
    assertEquals(await projectApproval(t, base, admin), "pending");
    const run = submitted.current!;
    assertEquals([run.status, run.current_step_name, run.submitted_by_name], [
      "pending",
      "Executive review",
      "Peter Novak",
    ]);

    const afterAdmin = await jsonOf<{ data: Status }>(
      await decide(t, base, admin, run.id, "approve", "Fits the portfolio"),
    );
    assertEquals(afterAdmin.data.approval_status, "pending");
    assertEquals(afterAdmin.data.current!.current_step_name, "Delivery board");
    assertEquals(afterAdmin.data.current!.can_act, false, "the admin does not hold the next role");
    await errorOf(await decide(t, base, admin, run.id, "approve"), 403, "forbidden");

    const done = await jsonOf<{ data: Status }>(
      await decide(t, base, maya, run.id, "approve", "Staffing is in place"),
    );
    assertEquals(done.data.approval_status, "approved");
    assertEquals(await projectApproval(t, base, admin), "approved");
    assertEquals(
      done.data.current!.steps.map((s) => [
        s.step_name,
        s.state,
        s.actions.map((a) => [a.action, a.acted_by_name, a.comments]),
      ]),
      [
        ["Executive review", "approved", [["approve", "Alice Morgan", "Fits the portfolio"]]],
        ["Delivery board", "approved", [["approve", "Maya Patel", "Staffing is in place"]]],
        ["Risk board", "skipped", []],
      ],
    );
    const history = await jsonOf<{ items: { action: string }[] }>(
      await t.call("GET", `/api/records/project/${base.split("/")[2]}/history`, { token: admin }),
    );
    const actions = JSON.stringify(history);
    for (const action of ["submit_approval", "approval_approve"]) {
      ok(actions.includes(action), `${action} in the project's history: ${actions.slice(0, 400)}`);
    }
  });
});

Deno.test("the submitter cannot approve their own submission", async () => {
  await withApp(async (t) => {
    const workflow = await createWorkflow(t);
    const base = `/enterprise-projects/${await createProject(t)}`;
    const pm = await t.tokenFor("pm@acme.test");
    const admin = await t.tokenFor("admin@acme.test");
    const run = (await submit(t, base, pm, workflow)).current!;
    await jsonOf(await decide(t, base, admin, run.id, "approve"));
    const status = await jsonOf<{ data: Status }>(
      await t.call("GET", `${base}/approval-status`, { token: pm }),
    );
    assertEquals(status.data.current!.current_step_name, "Delivery board");
    assertEquals(
      status.data.current!.can_act,
      false,
      "the submitter holds the role but may not act",
    );
    const error = await errorOf(await decide(t, base, pm, run.id, "approve"), 403, "forbidden");
    ok(error.message.includes("submitted"), error.message);
    assertEquals(await projectApproval(t, base, admin), "pending");
  });
});

Deno.test("a rejection with comments returns the project to rejected; a new submission starts a new run and keeps the old one in the history", async () => {
  await withApp(async (t) => {
    const workflow = await createWorkflow(t);
    const base = `/enterprise-projects/${await createProject(t)}`;
    const pm = await t.tokenFor("pm@acme.test");
    const admin = await t.tokenFor("admin@acme.test");
    const run = (await submit(t, base, pm, workflow)).current!;
    await assertInvalidFields(await decide(t, base, admin, run.id, "reject", "  "), "comments");
    const rejected = await jsonOf<{ data: Status }>(
      await decide(t, base, admin, run.id, "reject", "Budget too high"),
    );
    assertEquals(rejected.data.approval_status, "rejected");
    assertEquals(rejected.data.current!.steps[0].state, "rejected");
    assertEquals(await projectApproval(t, base, pm), "rejected");
    await errorOf(await decide(t, base, admin, run.id, "approve"), 409, "conflict");

    t.clock.advance(60_000);
    const again = await submit(t, base, pm, workflow);
    assertEquals(again.history.map((r) => [r.id, r.status]), [[run.id, "rejected"]]);
    const changes = await jsonOf<{ data: Status }>(
      await decide(t, base, admin, again.current!.id, "request_changes", "Split phase 2"),
    );
    assertEquals(changes.data.approval_status, "changes_requested");
  });
});

Deno.test("a second open approval run of the same project is refused", async () => {
  await withApp(async (t) => {
    const workflow = await createWorkflow(t);
    const base = `/enterprise-projects/${await createProject(t)}`;
    const pm = await t.tokenFor("pm@acme.test");
    await submit(t, base, pm, workflow);
    await errorOf(
      await t.call("POST", `${base}/submit-approval`, {
        token: pm,
        body: { workflow_id: workflow },
      }),
      409,
      "conflict",
    );
  });
});

Deno.test("approvals are authorised per action: reading needs projects.read, submitting projects.update, deciding projects.approve", async () => {
  await withApp(async (t) => {
    const workflow = await createWorkflow(t);
    const base = `/enterprise-projects/${await createProject(t)}`;
    const finance = await t.tokenFor("finance@acme.test");
    const sales = await t.tokenFor("sales@acme.test");
    const pm = await t.tokenFor("pm@acme.test");
    await jsonOf(await t.call("GET", `${base}/approval-status`, { token: finance }));
    await errorOf(
      await t.call("GET", `${base}/approval-status`, { token: sales }),
      403,
      "forbidden",
    );
    const refused = await errorOf(
      await t.call("POST", `${base}/submit-approval`, {
        token: finance,
        body: { workflow_id: workflow },
      }),
      403,
      "forbidden",
    );
    ok(refused.message.includes("projects.update"), refused.message);
    const run = (await submit(t, base, pm, workflow)).current!;
    const denied = await errorOf(
      await decide(t, base, finance, run.id, "approve"),
      403,
      "forbidden",
    );
    ok(denied.message.includes("projects.approve"), denied.message);
  });
});

Deno.test("another organisation's project answers 404 to every approval call", async () => {
  await withApp(async (t) => {
    const workflow = await createWorkflow(t);
    const base = `/enterprise-projects/${await createProject(t)}`;
    const run = (await submit(t, base, await t.tokenFor("pm@acme.test"), workflow)).current!;
    const globex = await t.tokenFor("admin@globex.test");
    for (
      const res of [
        await t.call("GET", `${base}/approval-workflows`, { token: globex }),
        await t.call("GET", `${base}/approval-status`, { token: globex }),
        await t.call("POST", `${base}/submit-approval`, {
          token: globex,
          body: { workflow_id: workflow },
        }),
        await decide(t, base, globex, run.id, "approve"),
      ]
    ) {
      await errorOf(res, 404, "not_found");
    }
  });
});

Deno.test("bad approval input answers 400 naming the field", async () => {
  await withApp(async (t) => {
    const workflow = await createWorkflow(t);
    const base = `/enterprise-projects/${await createProject(t)}`;
    const pm = await t.tokenFor("pm@acme.test");
    const admin = await t.tokenFor("admin@acme.test");
    await assertInvalidFields(
      await t.call("POST", `${base}/submit-approval`, { token: pm, body: {} }),
      "workflow_id",
    );
    await assertInvalidFields(
      await t.call("POST", `${base}/submit-approval`, {
        token: pm,
        body: { workflow_id: "apw_missing" },
      }),
      "workflow_id",
    );
    const run = (await submit(t, base, pm, workflow)).current!;
    await assertInvalidFields(await decide(t, base, admin, run.id, "maybe"), "action");
    await errorOf(await decide(t, base, admin, "apr_missing", "approve"), 404, "not_found");
  });
});

Deno.test("the demo seed has Acme's workflow and a run in progress awaiting the admin's executive sign-off", async () => {
  await withApp(async (t) => {
    const admin = await t.tokenFor("admin@acme.test");
    const run = await t.db.get<{ project_id: string }>(
      "SELECT project_id FROM project_approvals WHERE id = 'apr_acme_demo'",
    );
    ok(run, "the demo run is seeded");
    const { data } = await jsonOf<{ data: Status }>(
      await t.call("GET", `/enterprise-projects/${run.project_id}/approval-status`, {
        token: admin,
      }),
    );
    assertEquals(data.approval_status, "pending");
    assertEquals(
      [data.current!.current_step_name, data.current!.can_act, data.current!.submitted_by_name],
      ["Executive sign-off", true, "Peter Novak"],
    );
    assertEquals(data.current!.steps[0].actions.map((a) => a.acted_by_name), ["Alice Morgan"]);
  });
});

Deno.test("the demo approval can finish: every step that applies has an approver besides its submitter", async () => {
  await withApp(async (t) => {
    const admin = await t.tokenFor("admin@acme.test");
    const run = await t.db.get<{ project_id: string }>(
      "SELECT project_id FROM project_approvals WHERE id = 'apr_acme_demo'",
    );
    const base = `/enterprise-projects/${run!.project_id}`;
    const signOff = await jsonOf<{ data: Status & { current: { waiting_for: string } } }>(
      await decide(t, base, admin, "apr_acme_demo", "approve", "Signed off"),
    );
    assertEquals(signOff.data.current!.current_step_name, "Risk board");
    assertEquals(signOff.data.current!.waiting_for, "Waiting for Alice Morgan (Risk board)");
    const done = await jsonOf<{ data: Status }>(
      await decide(t, base, admin, "apr_acme_demo", "approve", "Risks are covered"),
    );
    assertEquals(done.data.approval_status, "approved");
  });
});
