/**
 * Automation rules through HTTP and the runner, on SQLite and (with
 * TEST_DATABASE_URL) PostgreSQL: each event trigger, conditions on the values
 * before and after a change, the actions that write through the engine as the
 * rule's owner (audited under the run), the loop refusal at save, the depth stop
 * at run time, the dry run that changes nothing, a rolled-back change that
 * triggers nothing, and bad input refused with the field named.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { assertInvalidFields, jsonOf } from "../../../testing/http-assertions.ts";
import {
  change,
  create,
  rule,
  runnerOf,
  runsOf,
  saveRule,
  step,
  withoutDemoRules,
} from "../testing/rules.ts";

type Row = Record<string, unknown>;

async function withApp(fn: (t: TestApp, admin: string) => Promise<void>): Promise<void> {
  const t = await createTestApp();
  try {
    await withoutDemoRules(t);
    await fn(t, await t.tokenFor("admin@acme.test"));
  } finally {
    await t.close();
  }
}

async function tasksTitled(t: TestApp, title: string) {
  return await t.db.all<{ id: string; assignee: string | null }>(
    "SELECT id, assignee_id AS assignee FROM tasks WHERE organization_id = 'org_acme' AND title = ?",
    [title],
  );
}

Deno.test("a lead reaching Qualified creates a task for its owner, audited under the run", async () => {
  await withApp(async (t, admin) => {
    const saved = await rule(t, admin, {
      name: "Discovery call on qualified leads",
      record_type: "lead",
      trigger: "field_changed",
      watch_fields: "stage",
      to_value: "qualified",
      actions: [step("create_record", {
        type: "task",
        values: { title: "Discovery call with {{ name }}", assignee: "{{ owner }}" },
      })],
    });
    const sales = (await t.db.get<{ id: string }>(
      "SELECT id FROM users WHERE email = 'sales@acme.test'",
    ))!.id;
    const lead = await create(t, admin, "lead", {
      source: "website",
      name: "Rule Tester",
      owner: sales,
    });
    await change(t, admin, "lead", String(lead.id), { stage: "contacted" });
    const runner = runnerOf(t);
    await runner.drain();
    assertEquals((await runsOf(t, String(saved.id))).length, 0, "contacted does not trigger it");
    await change(t, admin, "lead", String(lead.id), { stage: "qualified" });
    await runner.drain();
    const runs = await runsOf(t, String(saved.id));
    assertEquals(runs.map((r) => [r.status, r.error]), [["succeeded", ""]]);
    const tasks = await tasksTitled(t, "Discovery call with Rule Tester");
    assertEquals(tasks.length, 1);
    assertEquals(tasks[0].assignee, sales);
    const audit = await t.db.get<{ actor_id: string; request_id: string }>(
      "SELECT actor_id, request_id FROM audit_logs WHERE resource_type = 'task' AND resource_id = ?",
      [tasks[0].id],
    );
    assertEquals(audit!.request_id, `automation:${runs[0].id}`);
    ok(runs[0].log.includes("Created task"), runs[0].log);
    // Draining again does nothing more.
    await runner.drain();
    assertEquals((await tasksTitled(t, "Discovery call with Rule Tester")).length, 1);
  });
});

Deno.test("each event trigger, and a condition over the values before and after", async () => {
  await withApp(async (t, admin) => {
    const made = await rule(t, admin, {
      name: "Created",
      record_type: "lead",
      trigger: "created",
      condition: "estimated_value > 1000",
      actions: [step("notify", { to: ["owner"], message: "New big lead {{ name }}" })],
    });
    const updated = await rule(t, admin, {
      name: "Value grew",
      record_type: "lead",
      trigger: "updated",
      watch_fields: "estimated_value",
      condition: "estimated_value > before.estimated_value",
      actions: [step("notify", { to: ["owner"], message: "{{ name }} grew" })],
    });
    const gone = await rule(t, admin, {
      name: "Deleted",
      record_type: "lead",
      trigger: "deleted",
      actions: [step("notify", { to: ["owner"], message: "{{ name }} was deleted" })],
    });
    const small = await create(t, admin, "lead", {
      source: "website",
      name: "Small",
      estimated_value: 10,
    });
    const big = await create(t, admin, "lead", {
      source: "website",
      name: "Big",
      estimated_value: 5000,
    });
    await change(t, admin, "lead", String(big.id), { estimated_value: 4000 });
    await change(t, admin, "lead", String(big.id), { estimated_value: 6000 });
    await change(t, admin, "lead", String(big.id), { company: "Big Co" });
    const version = (await jsonOf<{ record: Row }>(
      await t.call("GET", `/api/records/lead/${small.id}`, { token: admin }),
      200,
    )).record.version;
    assertEquals(
      (await t.call("DELETE", `/api/records/lead/${small.id}?version=${version}`, { token: admin }))
        .status,
      204,
    );
    await runnerOf(t).drain();
    const names = async (id: unknown) =>
      (await runsOf(t, String(id))).map((r) => [r.record_id, r.status]);
    assertEquals(await names(made.id), [[big.id, "succeeded"]]);
    assertEquals(await names(updated.id), [[big.id, "succeeded"]], "only the rise to 6,000");
    assertEquals(await names(gone.id), [[small.id, "succeeded"]]);
    const notices = await t.db.all<{ message: string }>(
      "SELECT message FROM notifications WHERE category = 'automation' AND id NOT LIKE 'ntf_arun_acme_%' ORDER BY created_at, message",
    );
    assertEquals(notices.map((n) => n.message).sort(), [
      "Big grew",
      "New big lead Big",
      "Small was deleted",
    ]);
  });
});

Deno.test("a state entered triggers its rule, and a record action runs through the engine", async () => {
  await withApp(async (t, admin) => {
    const project = (await t.db.get<{ id: string }>(
      "SELECT id FROM projects WHERE organization_id = 'org_acme' LIMIT 1",
    ))!.id;
    const saved = await rule(t, admin, {
      name: "Completed tasks tell their owner",
      record_type: "task",
      trigger: "state_entered",
      to_value: "completed",
      actions: [step("set_field", { values: { priority: 1 } })],
    });
    const task = await create(t, admin, "task", { title: "Finish me", project, priority: 3 });
    await change(t, admin, "task", String(task.id), { status: "completed" });
    await runnerOf(t).drain();
    assertEquals((await runsOf(t, String(saved.id))).map((r) => r.status), ["succeeded"]);
    const after = await t.db.get<{ priority: string }>("SELECT priority FROM tasks WHERE id = ?", [
      String(task.id),
    ]);
    assertEquals(Number(after!.priority), 1);
  });
});

Deno.test("a change rolled back queues nothing", async () => {
  await withApp(async (t, admin) => {
    const saved = await rule(t, admin, {
      name: "Any lead",
      record_type: "lead",
      trigger: "created",
      actions: [step("notify", { to: ["owner"], message: "{{ name }}" })],
    });
    const type = t.records.findType("lead")!;
    const resolve = (await import("../../../platform/access/resolver.ts")).createAccessResolver(
      t.db,
    );
    const adminId = (await t.db.get<{ id: string }>(
      "SELECT id FROM users WHERE email = 'admin@acme.test'",
    ))!.id;
    const membership = (await resolve(adminId, "org_acme"))!;
    await t.db.transaction(async (tx) => {
      await t.records.createIn(tx, { ...membership, sessionId: "test" }, type, {
        name: "Ghost",
        source: "website",
      });
      throw new Error("roll back");
    }).catch((error) => assertEquals((error as Error).message, "roll back"));
    assertEquals((await runsOf(t, String(saved.id))).length, 0);
  });
});

Deno.test("a rule that writes what it watches is refused unless it sets a maximum depth; the chain stops at depth 5", async () => {
  await withApp(async (t, admin) => {
    const looping = {
      name: "Bump score",
      record_type: "lead",
      trigger: "updated",
      watch_fields: "estimated_value",
      actions: [step("set_field", { values: { estimated_value: "{{ estimated_value + 1 }}" } })],
    };
    const refused = await assertInvalidFields(
      await saveRule(t, admin, looping),
      "actions",
      "max_depth",
    );
    ok(refused.message.includes("which it watches itself"), refused.message);
    const other = await rule(t, admin, {
      name: "Watch stage",
      record_type: "lead",
      trigger: "field_changed",
      watch_fields: "stage",
      to_value: "won",
      actions: [step("notify", { to: ["owner"], message: "won" })],
    });
    const cross = await assertInvalidFields(
      await saveRule(t, admin, {
        name: "Set stage",
        record_type: "lead",
        trigger: "created",
        actions: [step("set_field", { values: { stage: "won" } })],
      }),
      "actions",
    );
    ok(cross.message.includes(`rule "${other.name}"`), cross.message);
    const stored = await t.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM automation_rules WHERE name IN ('Bump score', 'Set stage')",
    );
    assertEquals(Number(stored!.n), 0, "nothing refused is stored");
    const saved = await rule(t, admin, { ...looping, max_depth: 5 });
    const lead = await create(t, admin, "lead", {
      source: "website",
      name: "Chain",
      estimated_value: 0,
    });
    await change(t, admin, "lead", String(lead.id), { estimated_value: 1 });
    await runnerOf(t).drain();
    const runs = await runsOf(t, String(saved.id));
    assertEquals(runs.map((r) => [r.depth, r.status]), [
      [1, "succeeded"],
      [2, "succeeded"],
      [3, "succeeded"],
      [4, "succeeded"],
      [5, "succeeded"],
      [6, "skipped"],
    ]);
    ok(runs[5].error.includes("depth 5"), runs[5].error);
    const value = await t.db.get<{ v: number }>(
      "SELECT estimated_value AS v FROM leads WHERE id = ?",
      [String(lead.id)],
    );
    assertEquals(Number(value!.v), 6);
  });
});

Deno.test("testing a rule lists what it would change and changes nothing", async () => {
  await withApp(async (t, admin) => {
    const saved = await rule(t, admin, {
      name: "Close stale new leads",
      record_type: "lead",
      trigger: "updated",
      watch_fields: "company",
      condition: "stage == 'new'",
      actions: [step("set_field", { values: { stage: "lost", lost_reason: "no_decision" } })],
    });
    const before = await t.db.all<{ id: string; status: string; version: number }>(
      "SELECT id, status, version FROM leads WHERE organization_id = 'org_acme' ORDER BY id",
    );
    const fresh = before.filter((l) => l.status === "new").length;
    ok(fresh > 0, "the demo has new leads");
    const acted = await jsonOf<{ record: Row }>(
      await t.call("POST", `/api/records/automation_rule/${saved.id}/actions/dry_run`, {
        token: admin,
        body: { version: saved.version },
      }),
      200,
    );
    const text = String(acted.record.dry_run_result);
    ok(
      text.startsWith(
        `${fresh} of the ${before.length} leads read would be acted on; ${fresh} would change.`,
      ),
      text,
    );
    ok(text.includes("Stage new → lost"), text);
    ok(text.endsWith("Nothing was changed."), text);
    const after = await t.db.all<{ id: string; status: string; version: number }>(
      "SELECT id, status, version FROM leads WHERE organization_id = 'org_acme' ORDER BY id",
    );
    assertEquals(after, before);
    assertEquals((await runsOf(t, String(saved.id))).length, 0);
  });
});

Deno.test("bad rules are refused naming the field, and nothing is stored", async () => {
  await withApp(async (t, admin) => {
    const base = {
      name: "Bad",
      record_type: "lead",
      trigger: "created",
      actions: [step("notify", { to: ["owner"], message: "hi" })],
    };
    await assertInvalidFields(
      await saveRule(t, admin, { ...base, trigger: "schedule", schedule: "61 * * * *" }),
      "schedule",
    );
    await assertInvalidFields(
      await saveRule(t, admin, { ...base, trigger: "schedule", schedule: "every day" }),
      "schedule",
    );
    await assertInvalidFields(
      await saveRule(t, admin, {
        ...base,
        actions: [step("webhook", { url: "ftp://example.test/x" })],
      }),
      "actions",
    );
    const merge = await assertInvalidFields(
      await saveRule(t, admin, {
        ...base,
        actions: [step("create_record", { type: "task", values: { title: "{{ nickname }}" } })],
      }),
      "actions",
    );
    ok(merge.message.includes("nickname"), merge.message);
    await assertInvalidFields(
      await saveRule(t, admin, { ...base, condition: "shoe_size > 3" }),
      "condition",
    );
    await assertInvalidFields(
      await saveRule(t, admin, { ...base, condition: "stage ==" }),
      "condition",
    );
    await assertInvalidFields(
      await saveRule(t, admin, {
        ...base,
        actions: [{ action: "set_field", params: "{not json" }],
      }),
      "actions",
    );
    await assertInvalidFields(
      await saveRule(t, admin, { ...base, trigger: "state_entered", to_value: "nowhere" }),
      "to_value",
    );
    await assertInvalidFields(
      await saveRule(t, admin, { ...base, trigger: "date_offset", date_field: "company" }),
      "date_field",
    );
    const stored = await t.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM automation_rules WHERE name = 'Bad'",
    );
    assertEquals(Number(stored!.n), 0);
  });
});
