/**
 * A pending approval changed without a decision (issue 24): its submitter
 * withdraws it (the project reads Not submitted again), an administrator hands
 * its waiting step to another person who may approve projects. Both are
 * recorded on the run and audited on the project; everyone else is refused.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { errorOf, jsonOf } from "../../testing/http-assertions.ts";
import { createProject, createWorkflow } from "./approval-fixture.ts";

interface Run {
  id: string;
  status: string;
  current_step_name: string | null;
  waiting_for: string | null;
  assigned_to_name: string | null;
  can_act: boolean;
  can_withdraw: boolean;
  reassign_candidates: { id: string; name: string }[] | null;
  actions: { action: string; action_label: string; acted_by_name: string; comments: string }[];
}

interface Status {
  approval_status: string;
  approval_status_label: string;
  current: Run | null;
  history: Run[];
}

async function withApp(fn: (t: TestApp) => Promise<void>): Promise<void> {
  const t = await createTestApp();
  try {
    await fn(t);
  } finally {
    await t.close();
  }
}

/** The project submitted by the project manager; answers its base path and run id. */
async function submitted(t: TestApp) {
  const workflow = await createWorkflow(t);
  const base = `/enterprise-projects/${await createProject(t)}`;
  const pm = await t.tokenFor("pm@acme.test");
  const answer = await jsonOf<{ data: Status }>(
    await t.call("POST", `${base}/submit-approval`, { token: pm, body: { workflow_id: workflow } }),
    201,
  );
  return { base, workflow, run: answer.data.current!.id, pm };
}

async function statusOf(t: TestApp, base: string, token: string): Promise<Status> {
  return (await jsonOf<{ data: Status }>(
    await t.call("GET", `${base}/approval-status`, { token }),
  )).data;
}

async function historyActions(t: TestApp, base: string, token: string): Promise<string> {
  return JSON.stringify(
    await jsonOf(
      await t.call("GET", `/api/records/project/${base.split("/")[2]}/history`, { token }),
    ),
  );
}

Deno.test("the submitter withdraws a pending approval: the project reads Not submitted and can be submitted again", async () => {
  await withApp(async (t) => {
    const { base, workflow, run, pm } = await submitted(t);
    const admin = await t.tokenFor("admin@acme.test");
    assertEquals((await statusOf(t, base, pm)).current!.can_withdraw, true);
    assertEquals((await statusOf(t, base, admin)).current!.can_withdraw, false);
    const refused = await errorOf(
      await t.call("POST", `${base}/approvals/${run}/withdraw`, { token: admin, body: {} }),
      403,
      "forbidden",
    );
    assertEquals(refused.message, "Only Peter Novak, who submitted this approval, can withdraw it");

    const withdrawn = await jsonOf<{ data: Status }>(
      await t.call("POST", `${base}/approvals/${run}/withdraw`, {
        token: pm,
        body: { comments: "Budget changes first" },
      }),
    );
    assertEquals(
      [withdrawn.data.approval_status, withdrawn.data.approval_status_label],
      ["not_submitted", "Not submitted"],
    );
    const current = withdrawn.data.current!;
    assertEquals([current.status, current.waiting_for, current.can_withdraw], [
      "withdrawn",
      null,
      false,
    ]);
    assertEquals(current.actions.map((a) => [a.action_label, a.acted_by_name, a.comments]), [[
      "Withdrew",
      "Peter Novak",
      "Budget changes first",
    ]]);
    ok((await historyActions(t, base, admin)).includes("withdraw_approval"));

    const again = await errorOf(
      await t.call("POST", `${base}/approvals/${run}/withdraw`, { token: pm, body: {} }),
      409,
      "conflict",
    );
    assertEquals(again.message, "Only a pending approval can be withdrawn: this one was withdrawn");
    await errorOf(
      await t.call("POST", `${base}/approvals/${run}/process`, {
        token: admin,
        body: { action: "approve" },
      }),
      409,
      "conflict",
    );
    t.clock.advance(60_000);
    const resubmitted = await jsonOf<{ data: Status }>(
      await t.call("POST", `${base}/submit-approval`, {
        token: pm,
        body: { workflow_id: workflow },
      }),
      201,
    );
    assertEquals(resubmitted.data.history.map((r) => [r.id, r.status]), [[run, "withdrawn"]]);
  });
});

Deno.test("withdrawing needs projects.update, and another organisation's approval is not found", async () => {
  await withApp(async (t) => {
    const { base, run } = await submitted(t);
    const finance = await t.tokenFor("finance@acme.test");
    const denied = await errorOf(
      await t.call("POST", `${base}/approvals/${run}/withdraw`, { token: finance, body: {} }),
      403,
      "forbidden",
    );
    ok(denied.message.includes("projects.update"), denied.message);
    const globex = await t.tokenFor("admin@globex.test");
    await errorOf(
      await t.call("POST", `${base}/approvals/${run}/withdraw`, { token: globex, body: {} }),
      404,
      "not_found",
    );
    await errorOf(
      await t.call("POST", `${base}/approvals/${run}/reassign`, {
        token: globex,
        body: { user_id: "usr_globex_admin" },
      }),
      404,
      "not_found",
    );
  });
});

Deno.test("an administrator reassigns the waiting step to another person, who alone may then decide", async () => {
  await withApp(async (t) => {
    const { base, run, pm } = await submitted(t);
    const admin = await t.tokenFor("admin@acme.test");
    const maya = await t.tokenFor("maya@acme.test");
    await jsonOf(
      await t.call("POST", `${base}/approvals/${run}/process`, {
        token: admin,
        body: { action: "approve" },
      }),
    );
    const before = await statusOf(t, base, admin);
    assertEquals(before.current!.waiting_for, "Waiting for Maya Patel (Delivery board)");
    assertEquals(
      before.current!.reassign_candidates!.map((c) => c.name),
      ["Alice Morgan", "Maya Patel"],
      "people who may approve projects, the submitter left out",
    );
    assertEquals((await statusOf(t, base, pm)).current!.reassign_candidates, null);

    const notAdmin = await errorOf(
      await t.call("POST", `${base}/approvals/${run}/reassign`, {
        token: pm,
        body: { user_id: "usr_acme_admin" },
      }),
      403,
      "forbidden",
    );
    assertEquals(notAdmin.message, "Only an administrator can reassign an approval step");
    for (
      const [user, reason] of [
        ["usr_acme_pm", "Peter Novak submitted this project and cannot approve it"],
        ["usr_acme_finance", "This person may not approve projects"],
        ["usr_globex_admin", "This person may not approve projects"],
      ]
    ) {
      const bad = await errorOf(
        await t.call("POST", `${base}/approvals/${run}/reassign`, {
          token: admin,
          body: { user_id: user },
        }),
        400,
        "invalid_input",
      );
      assertEquals(bad.details?.fields, { user_id: reason });
    }

    const reassigned = await jsonOf<{ data: Status }>(
      await t.call("POST", `${base}/approvals/${run}/reassign`, {
        token: admin,
        body: { user_id: "usr_acme_admin", comments: "Maya is on leave" },
      }),
    );
    const current = reassigned.data.current!;
    assertEquals(
      [current.current_step_name, current.assigned_to_name, current.waiting_for, current.can_act],
      ["Delivery board", "Alice Morgan", "Waiting for Alice Morgan (Delivery board)", true],
    );
    assertEquals(current.actions.at(-1), {
      ...current.actions.at(-1)!,
      action: "reassign",
      action_label: "Reassigned",
      comments: "Delivery board reassigned from Project manager to Alice Morgan: Maya is on leave",
    });
    ok((await historyActions(t, base, admin)).includes("reassign_approval"));

    const mayaRefused = await errorOf(
      await t.call("POST", `${base}/approvals/${run}/process`, {
        token: maya,
        body: { action: "approve" },
      }),
      403,
      "forbidden",
    );
    assertEquals(mayaRefused.message, "Only Alice Morgan can decide on the step Delivery board");
    const done = await jsonOf<{ data: Status }>(
      await t.call("POST", `${base}/approvals/${run}/process`, {
        token: admin,
        body: { action: "approve" },
      }),
    );
    assertEquals(done.data.approval_status, "approved");
    await errorOf(
      await t.call("POST", `${base}/approvals/${run}/reassign`, {
        token: admin,
        body: { user_id: "usr_acme_maya" },
      }),
      409,
      "conflict",
    );
  });
});

Deno.test("bad withdraw and reassign input answers 400 naming the field", async () => {
  await withApp(async (t) => {
    const { base, run, pm } = await submitted(t);
    const admin = await t.tokenFor("admin@acme.test");
    const missing = await errorOf(
      await t.call("POST", `${base}/approvals/${run}/reassign`, { token: admin, body: {} }),
      400,
      "invalid_input",
    );
    ok("user_id" in (missing.details?.fields ?? {}), JSON.stringify(missing));
    const long = await errorOf(
      await t.call("POST", `${base}/approvals/${run}/withdraw`, {
        token: pm,
        body: { comments: "x".repeat(2001) },
      }),
      400,
      "invalid_input",
    );
    ok("comments" in (long.details?.fields ?? {}), JSON.stringify(long));
    await errorOf(
      await t.call("POST", `${base}/approvals/apr_missing/withdraw`, { token: pm, body: {} }),
      404,
      "not_found",
    );
    assertEquals((await statusOf(t, base, pm)).current!.status, "pending", "nothing changed");
  });
});
