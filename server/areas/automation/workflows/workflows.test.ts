/**
 * Edited workflows on SQLite and (with TEST_DATABASE_URL) PostgreSQL: the demo's
 * budget workflow lets whoever submits budgets take one back from Pending
 * approval with a reason, and the engine offers and enforces exactly that; an
 * edit of a step's permission, a step switched off and a workflow taken out of
 * force each change what the engine allows at once; bad steps are refused naming
 * the row and field, and nothing is stored; the graph and the screen are the
 * administrators'.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../../../testing/http-assertions.ts";

type Row = Record<string, unknown>;
const WORKFLOW = "workflow_acme_budgets";

async function withApp(fn: (t: TestApp) => Promise<void>): Promise<void> {
  const t = await createTestApp();
  try {
    await fn(t);
  } finally {
    await t.close();
  }
}

/** The demo's budget waiting for approval. */
async function pendingBudget(t: TestApp): Promise<string> {
  return (await t.db.get<{ id: string }>(
    "SELECT id FROM budgets WHERE organization_id = 'org_acme' AND status = 'pending_approval' ORDER BY id LIMIT 1",
  ))!.id;
}

async function getRecord(t: TestApp, token: string, type: string, id: string) {
  return await jsonOf<{ record: Row; actions: { id: string; comment?: string }[] }>(
    await t.call("GET", `/api/records/${type}/${id}`, { token }),
  );
}

function act(
  t: TestApp,
  token: string,
  id: string,
  action: string,
  version: number,
  comment?: string,
) {
  return t.call("POST", `/api/records/budget/${id}/actions/${action}`, {
    token,
    body: { version, ...(comment ? { comment } : {}) },
  });
}

/** Saves the demo workflow's steps (and whether it is in force) as the administrator. */
async function saveWorkflow(t: TestApp, admin: string, values: Row): Promise<Response> {
  const { record } = await getRecord(t, admin, "workflow", WORKFLOW);
  return await t.call("PATCH", `/api/records/workflow/${WORKFLOW}`, {
    token: admin,
    body: { version: record.version, values },
  });
}

const STEP_BACK = {
  transition: "budget:revise>draft",
  from_state: "budget:pending_approval",
  permission: "budget:submit_for_approval",
  comment: "required",
  allowed: true,
};
const REVISE_REJECTED = {
  transition: "budget:revise>draft",
  from_state: "budget:rejected",
  allowed: true,
};

Deno.test("the workflow in force lets a budget be taken back from Pending approval, by whoever may submit it, with a reason", async () => {
  await withApp(async (t) => {
    const pm = await t.tokenFor("pm@acme.test");
    const id = await pendingBudget(t);
    const before = await getRecord(t, pm, "budget", id);
    const revise = before.actions.find((a) => a.id === "revise");
    ok(revise, `revise offered: ${JSON.stringify(before.actions)}`);
    assertEquals(revise.comment, "required");
    ok(!before.actions.some((a) => a.id === "approve"), "a project manager may not approve");

    const bare = await act(t, pm, id, "revise", before.record.version as number);
    await assertInvalidFields(bare, "comment");
    assertEquals((await getRecord(t, pm, "budget", id)).record.status, "pending_approval");

    const done = await jsonOf<{ record: Row }>(
      await act(t, pm, id, "revise", before.record.version as number, "Wrong category split"),
    );
    assertEquals(done.record.status, "draft");
    const history = await jsonOf<{ items: Row[] }>(
      await t.call("GET", `/api/records/budget/${id}/history`, { token: pm }),
    );
    ok(JSON.stringify(history).includes("Wrong category split"), "the reason is on the timeline");
  });
});

Deno.test("editing a step's permission, switching a step off or taking the workflow out of force changes what the engine allows at once", async () => {
  await withApp(async (t) => {
    const admin = await t.tokenFor("admin@acme.test");
    const pm = await t.tokenFor("pm@acme.test");
    const id = await pendingBudget(t);

    // Taking a budget back now needs the permission to approve, which a project manager lacks.
    await jsonOf(
      await saveWorkflow(t, admin, {
        steps: [{ ...STEP_BACK, permission: "budget:approve" }, REVISE_REJECTED],
      }),
    );
    const seen = await getRecord(t, pm, "budget", id);
    ok(!seen.actions.some((a) => a.id === "revise"), "no longer offered to the manager");
    await errorOf(
      await act(t, pm, id, "revise", seen.record.version as number, "Why"),
      403,
      "forbidden",
    );
    assertEquals((await getRecord(t, pm, "budget", id)).record.status, "pending_approval");

    // Rejecting switched off: no step allows it.
    await jsonOf(
      await saveWorkflow(t, admin, {
        steps: [
          STEP_BACK,
          REVISE_REJECTED,
          {
            transition: "budget:reject>rejected",
            from_state: "budget:pending_approval",
            allowed: false,
          },
        ],
      }),
    );
    const forAdmin = await getRecord(t, admin, "budget", id);
    ok(!forAdmin.actions.some((a) => a.id === "reject"), "reject is not offered");
    const refused = await errorOf(
      await act(t, admin, id, "reject", forAdmin.record.version as number, "No"),
      409,
      "conflict",
    );
    ok(refused.message.includes("Pending approval"), refused.message);

    // Out of force: the product's own steps, where nothing leads from Pending approval to Draft.
    await jsonOf(await saveWorkflow(t, admin, { active: false }));
    const plain = await getRecord(t, pm, "budget", id);
    ok(!plain.actions.some((a) => a.id === "revise"), "revise is not offered");
    await errorOf(
      await act(t, pm, id, "revise", plain.record.version as number, "Why"),
      409,
      "conflict",
    );
    ok(
      (await getRecord(t, admin, "budget", id)).actions.some((a) => a.id === "reject"),
      "reject is back as the product has it",
    );
  });
});

Deno.test("a bulk action follows the workflow in force", async () => {
  await withApp(async (t) => {
    const pm = await t.tokenFor("pm@acme.test");
    const id = await pendingBudget(t);
    const result = await jsonOf<{ results: { id: string; ok: boolean }[] }>(
      await t.call("POST", "/api/records/budget/bulk", {
        token: pm,
        body: { ids: [id], action: "revise", comment: "Taken back to rework" },
      }),
    );
    assertEquals(result.results.map((r) => r.ok), [true]);
    assertEquals((await getRecord(t, pm, "budget", id)).record.status, "draft");
  });
});

Deno.test("bad steps are refused naming the row and field, and nothing is stored", async () => {
  await withApp(async (t) => {
    const admin = await t.tokenFor("admin@acme.test");
    const stored = async () =>
      JSON.stringify(
        await t.db.all("SELECT * FROM workflow_steps WHERE workflow_id = ? ORDER BY idx", [
          WORKFLOW,
        ]),
      );
    const start = await stored();
    await assertInvalidFields(
      await saveWorkflow(t, admin, {
        steps: [{ ...STEP_BACK, transition: "expense:approve>approved" }],
      }),
      "steps[0].transition",
    );
    await assertInvalidFields(
      await saveWorkflow(t, admin, { steps: [{ ...STEP_BACK, from_state: "expense:submitted" }] }),
      "steps[0].from_state",
    );
    await assertInvalidFields(
      await saveWorkflow(t, admin, { steps: [{ ...STEP_BACK, permission: "expense:approve" }] }),
      "steps[0].permission",
    );
    await assertInvalidFields(
      await saveWorkflow(t, admin, { steps: [STEP_BACK, { ...STEP_BACK, comment: "optional" }] }),
      "steps[1].from_state",
    );
    await assertInvalidFields(
      await saveWorkflow(t, admin, { steps: [{ ...STEP_BACK, transition: "nonsense" }] }),
      "steps[0].transition",
    );
    assertEquals(await stored(), start);

    // A type whose workflow may not be edited, and a second workflow for budgets.
    const count = async () =>
      (await t.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM workflows"))!.n;
    const before = await count();
    await assertInvalidFields(
      await t.call("POST", "/api/records/workflow", {
        token: admin,
        body: { values: { name: "Tasks", record_type: "task" } },
      }),
      "record_type",
    );
    const twice = await t.call("POST", "/api/records/workflow", {
      token: admin,
      body: { values: { name: "Budgets again", record_type: "budget" } },
    });
    await assertInvalidFields(twice, "record_type");
    assertEquals(await count(), before);
  });
});

Deno.test("the graph draws the steps in force, and workflows are the administrators' alone", async () => {
  await withApp(async (t) => {
    const admin = await t.tokenFor("admin@acme.test");
    const graph = await jsonOf<{
      states: { id: string; row: number; reachable: boolean }[];
      edges: { from: string; to: string; label: string; detail: string; edited: boolean }[];
      notes: string[];
    }>(await t.call("GET", `/api/automation/workflows/${WORKFLOW}/graph`, { token: admin }));
    assertEquals(
      Object.fromEntries(graph.states.map((s) => [s.id, s.row])),
      { draft: 0, pending_approval: 1, approved: 2, rejected: 2 },
    );
    const back = graph.edges.find((e) => e.from === "pending_approval" && e.to === "draft");
    ok(back?.edited, JSON.stringify(graph.edges));
    ok(back.detail.includes("comment required"), back.detail);
    ok(back.detail.includes("submit for approval"), back.detail);
    assertEquals(graph.notes, []);

    // Switching Submit off leaves everything past Draft unreachable, and the graph says so.
    await jsonOf(
      await saveWorkflow(t, admin, {
        steps: [{
          transition: "budget:submit_for_approval>pending_approval",
          from_state: "budget:draft",
          allowed: false,
        }],
      }),
    );
    const off = await jsonOf<{ states: { id: string; reachable: boolean }[]; notes: string[] }>(
      await t.call("GET", `/api/automation/workflows/${WORKFLOW}/graph`, { token: admin }),
    );
    assertEquals(off.states.filter((s) => s.reachable).map((s) => s.id), ["draft"]);
    ok(off.notes.some((n) => n.includes("Submit for approval is switched off")), off.notes.join());

    for (const email of ["member@acme.test", "pm@acme.test", "finance@acme.test"]) {
      const token = await t.tokenFor(email);
      const res = await t.call("GET", `/api/automation/workflows/${WORKFLOW}/graph`, { token });
      ok([403, 404].includes(res.status), `${email}: ${res.status}`);
      await res.body?.cancel();
      const list = await t.call("POST", "/api/records/workflow/list", { token, body: {} });
      ok([403, 404].includes(list.status), `${email} lists workflows: ${list.status}`);
      await list.body?.cancel();
    }
  });
});
