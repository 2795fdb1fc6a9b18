/**
 * A manual rule's button on its record's form and its runs in the record's
 * timeline, through HTTP on SQLite and (with TEST_DATABASE_URL) PostgreSQL: the
 * form offers the rules to callers who may change the record, the run call queues
 * a run that the record's history then tells in the run log's words, linked to
 * the run, to callers who may read the run log only; bad calls are refused with a
 * JSON error saying why.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../../../testing/http-assertions.ts";
import { create, rule, runnerOf, step, withoutDemoRules } from "../testing/rules.ts";
import { runColumn } from "./run-queue.ts";

type Row = Record<string, unknown>;

interface RunButtons {
  id: string;
  from: string;
  label: string;
  run: string;
  done: string;
}

interface Entry {
  id: string;
  kind: string;
  at: string;
  by: { id: string | null; name: string };
  summary?: string;
  link?: { label: string; path: string };
  changes?: { field: string; to: unknown }[];
}

async function withApp(fn: (t: TestApp, admin: string) => Promise<void>): Promise<void> {
  const t = await createTestApp();
  try {
    await withoutDemoRules(t);
    await fn(t, await t.tokenFor("admin@acme.test"));
  } finally {
    await t.close();
  }
}

async function formOf(t: TestApp, token: string, id: string): Promise<{ runs?: RunButtons[] }> {
  const descriptor = await jsonOf<{ body: { children: { type: string; runs?: RunButtons[] }[] } }>(
    await t.call("GET", `/ui/screens/lead-detail?id=${id}`, { token }),
    200,
  );
  return descriptor.body.children.find((c) => c.type === "record-form")!;
}

async function historyOf(t: TestApp, token: string, type: string, id: string): Promise<Entry[]> {
  return (await jsonOf<{ entries: Entry[] }>(
    await t.call("GET", `/api/records/${type}/${id}/history`, { token }),
    200,
  )).entries;
}

/** Grants a role one more permission through the administration calls. */
async function grant(t: TestApp, admin: string, role: string, permission: string): Promise<void> {
  const roles = await jsonOf<{ roles: { name: string; version: number }[] }>(
    await t.call("POST", "/admin/roles/list", { token: admin, body: {} }),
  );
  const version = roles.roles.find((r) => r.name === role)!.version;
  await jsonOf(
    await t.call("POST", "/admin/roles/grant", {
      token: admin,
      body: { role, permission, version },
    }),
  );
}

function runRule(t: TestApp, token: string, ruleId: string, body: Row): Promise<Response> {
  return t.call("POST", `/api/automation/rules/${ruleId}/run`, { token, body });
}

const markHot = {
  name: "Mark hot",
  record_type: "lead",
  trigger: "manual",
  actions: [step("set_field", { values: { estimated_value: 999 } })],
};

Deno.test("a saved lead's form offers its manual rules to callers who may change leads, and to no one else", async () => {
  await withApp(async (t, admin) => {
    const saved = await rule(t, admin, markHot);
    await rule(t, admin, { ...markHot, name: "Switched off", active: false });
    await rule(t, admin, {
      ...markHot,
      name: "On tasks",
      record_type: "task",
      actions: [step("set_field", { values: { priority: 3 } })],
    });
    const lead = await create(t, admin, "lead", { name: "Button lead", source: "website" });

    const form = await formOf(t, admin, String(lead.id));
    assertEquals(form.runs, [{
      id: "manual_rules",
      from: "/api/automation/manual-rules?type=lead",
      label: "Run: {name}",
      run: "/api/automation/rules/{id}/run",
      done: 'Rule "{name}" queued for {record}',
    }]);
    const offered = await jsonOf<{ items: { id: string; name: string }[] }>(
      await t.call("GET", form.runs![0].from, { token: admin }),
      200,
    );
    assertEquals(offered.items, [{ id: String(saved.id), name: "Mark hot" }]);
    assertEquals(
      (await formOf(t, admin, "new")).runs,
      undefined,
      "a new lead has nothing to run on",
    );

    // A member allowed to read leads, not to change them: no buttons, and both calls refuse.
    await grant(t, admin, "member", "leads.read");
    const member = await t.tokenFor("member@acme.test");
    assertEquals((await formOf(t, member, String(lead.id))).runs, undefined);
    await errorOf(
      await t.call("GET", "/api/automation/manual-rules?type=lead", { token: member }),
      403,
      "forbidden",
    );
    await errorOf(
      await runRule(t, member, String(saved.id), { record_id: lead.id }),
      403,
      "forbidden",
    );
  });
});

Deno.test("running a manual rule queues a run that the record's timeline tells in words and links, to readers of the run log only", async () => {
  await withApp(async (t, admin) => {
    const saved = await rule(t, admin, markHot);
    const sales = await t.tokenFor("sales@acme.test");
    const lead = await create(t, sales, "lead", { name: "Timeline lead", source: "website" });
    const id = String(lead.id);

    const queued = await jsonOf<{ queued: boolean; rule: string }>(
      await runRule(t, admin, String(saved.id), { record_id: id }),
      202,
    );
    assertEquals(queued, { queued: true, rule: "Mark hot" });
    const run = (await t.db.get<{ id: string; name: string }>(
      "SELECT id, name FROM automation_runs WHERE organization_id = 'org_acme' ORDER BY created_at DESC, id DESC",
    ))!;
    const before = (await historyOf(t, admin, "lead", id)).filter((e) => e.kind === "event");
    assertEquals(before.map((e) => [e.by.name, e.summary, e.link]), [[
      "Automation",
      `Rule "Mark hot" (Button on the record): Queued, run ${run.name}`,
      { label: run.name, path: `/app/automation/executions/${run.id}` },
    ]]);

    await runnerOf(t).drain();
    const after = await historyOf(t, admin, "lead", id);
    const told = after.filter((e) => e.kind === "event");
    assertEquals(
      told.map((e) => e.summary),
      [`Rule "Mark hot" (Button on the record): Succeeded, run ${run.name}`],
    );
    ok(!/\b(succeeded|manual|queued)\b/.test(told[0].summary!), "no raw codes");
    // The rule's own change is still audited as the rule's, on its owner's behalf.
    const change = after.find((e) =>
      e.kind === "changed" && e.changes?.some((c) => c.field === "estimated_value")
    );
    ok(change, JSON.stringify(after));
    assertEquals(change.by.id, "usr_acme_admin");
    ok(
      after.indexOf(told[0]) <= after.indexOf(change),
      "the run is as new as its change, or newer",
    );

    // The salesperson reads and changes the lead, and may run the rule, but not read the run log.
    const seen = await historyOf(t, sales, "lead", id);
    ok(seen.some((e) => e.kind === "created"), "the salesperson reads the lead's history");
    assertEquals(seen.filter((e) => e.kind === "event"), []);
    assertEquals(
      (await t.call("POST", "/api/records/automation_run/list", { token: sales, body: {} })).status,
      403,
    );
    // Nor does a member allowed to read leads only.
    await grant(t, admin, "member", "leads.read");
    const member = await t.tokenFor("member@acme.test");
    const read = await historyOf(t, member, "lead", id);
    ok(read.some((e) => e.kind === "created"), "the member reads the lead's history");
    assertEquals(read.filter((e) => e.kind === "event"), []);
    // Runs on another record are not this one's.
    const other = await create(t, sales, "lead", { name: "Quiet lead", source: "website" });
    assertEquals(
      (await historyOf(t, admin, "lead", String(other.id))).filter((e) => e.kind === "event"),
      [],
    );
  });
});

Deno.test("running a rule by hand refuses an unknown rule, a rule not run by hand, a switched-off rule and a record of another type", async () => {
  await withApp(async (t, admin) => {
    const saved = await rule(t, admin, markHot);
    const lead = await create(t, admin, "lead", { name: "Refusals", source: "website" });
    const hook = await rule(t, admin, { ...markHot, name: "From outside", trigger: "webhook" });
    const off = await rule(t, admin, { ...markHot, name: "Off", active: false });
    const task = (await t.db.get<{ id: string }>(
      "SELECT id FROM tasks WHERE organization_id = 'org_acme' ORDER BY id LIMIT 1",
    ))!;

    const unknown = await errorOf(
      await runRule(t, admin, "rule_nope", { record_id: lead.id }),
      404,
      "not_found",
    );
    assertEquals(unknown.message, "Manual rule not found");
    const notManual = await errorOf(
      await runRule(t, admin, String(hook.id), { record_id: lead.id }),
      400,
      "invalid_input",
    );
    assertEquals(notManual.message, 'Rule "From outside" is not run by a button');
    const switchedOff = await errorOf(
      await runRule(t, admin, String(off.id), { record_id: lead.id }),
      409,
      "conflict",
    );
    assertEquals(switchedOff.message, 'Rule "Off" is switched off');
    const otherType = await errorOf(
      await runRule(t, admin, String(saved.id), { record_id: task.id }),
      404,
      "not_found",
    );
    assertEquals(otherType.message, "Lead not found");
    await assertInvalidFields(await runRule(t, admin, String(saved.id), {}), "record_id");
    const runs = await t.db.get<{ n: number }>(
      `SELECT COUNT(*) AS n FROM automation_runs WHERE ${runColumn("rule")} IN (?, ?, ?)`,
      [String(saved.id), String(hook.id), String(off.id)],
    );
    assertEquals(Number(runs!.n), 0, "nothing was queued");
  });
});
