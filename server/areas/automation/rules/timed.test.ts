/**
 * Rules that run at a time, from outside, or by hand, and the runner's guarantees,
 * on SQLite and (with TEST_DATABASE_URL) PostgreSQL: a date rule fires once when
 * its record's date comes (and moves when the date moves; missed work after
 * downtime runs once, keeping its original due time); a schedule queues a run per
 * record meeting its condition; an outgoing webhook is signed and retried; an
 * incoming webhook and the manual button queue runs; an owner who lost a
 * permission has the action refused with the reason logged; five failures in a
 * row switch a rule off and tell its owner.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../../../testing/http-assertions.ts";
import { startSmtpTestServer } from "../../../platform/mail/smtp-test-server.ts";
import { createSmtpTransport, deliverDueMail } from "../../../platform/mail/mod.ts";
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
import { signature } from "./rule-webhook.ts";

type Row = Record<string, unknown>;
const DAY = 86_400_000;

async function withApp(fn: (t: TestApp, admin: string) => Promise<void>): Promise<void> {
  const t = await createTestApp();
  try {
    await withoutDemoRules(t);
    await fn(t, await t.tokenFor("admin@acme.test"));
  } finally {
    await t.close();
  }
}

async function projectId(t: TestApp): Promise<string> {
  return (await t.db.get<{ id: string }>(
    "SELECT id FROM projects WHERE organization_id = 'org_acme' ORDER BY id LIMIT 1",
  ))!.id;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

Deno.test("a date rule runs once when its record's date comes, moving with the date, and catches up once after downtime", async () => {
  await withApp(async (t, admin) => {
    const project = await projectId(t);
    const saved = await rule(t, admin, {
      name: "Day before due",
      record_type: "task",
      trigger: "date_offset",
      date_field: "due_date",
      offset_amount: 1,
      offset_unit: "days",
      offset_direction: "before",
      condition: "status != 'completed'",
      actions: [step("notify", { to: ["owner"], message: "{{ title }} is due tomorrow" })],
    });
    const runner = runnerOf(t);
    await runner.drain(); // plans the rule's due times (the demo's own tasks run too)
    const soon = await create(t, admin, "task", {
      title: "Due in three days",
      project,
      due_date: isoDay(t.clock.now + 3 * DAY),
    });
    const moved = await create(t, admin, "task", {
      title: "Moved later",
      project,
      due_date: isoDay(t.clock.now + 3 * DAY),
    });
    await change(t, admin, "task", String(moved.id), { due_date: isoDay(t.clock.now + 10 * DAY) });
    const done = await create(t, admin, "task", {
      title: "Done early",
      project,
      due_date: isoDay(t.clock.now + 3 * DAY),
    });
    await change(t, admin, "task", String(done.id), { status: "completed" });
    const ours = async () => {
      const mine = [soon.id, moved.id, done.id];
      return (await runsOf(t, String(saved.id))).filter((r) => mine.includes(r.record_id));
    };
    await runner.drain();
    assertEquals((await ours()).length, 0, "nothing is due yet");
    // The server is down for four days, then comes back.
    t.clock.advance(4 * DAY);
    await runner.drain();
    await runner.drain();
    const runs = await ours();
    assertEquals(runs.map((r) => [r.record_id, r.status]), [[soon.id, "succeeded"]]);
    const dueRow = new Date(runs[0].due_at).getTime();
    ok(dueRow < t.clock.now - DAY, "the run keeps its original due time");
    t.clock.advance(6 * DAY);
    await runner.drain();
    assertEquals(
      (await ours()).map((r) => r.record_id),
      [soon.id, moved.id],
      "the moved task runs at its new date",
    );
  });
});

Deno.test("a schedule queues one run per record meeting its condition, once per occurrence", async () => {
  await withApp(async (t, admin) => {
    await t.db.run(
      "INSERT INTO settings (organization_id, key, value, updated_at) VALUES ('org_acme', 'timezone', ?, ?) ON CONFLICT (organization_id, key) DO UPDATE SET value = excluded.value",
      [JSON.stringify("Europe/Berlin"), new Date(t.clock.now).toISOString()],
    );
    const lead = await create(t, admin, "lead", {
      name: "Weekly Chase",
      source: "website",
      estimated_value: 424242,
    });
    const saved = await rule(t, admin, {
      name: "Hourly chase",
      record_type: "lead",
      trigger: "schedule",
      schedule: "0 * * * *",
      condition: "estimated_value == 424242",
      actions: [step("notify", { to: ["owner"], message: "Chase {{ name }}" })],
    });
    ok(saved.next_run_at, "its next run is shown");
    const runner = runnerOf(t);
    await runner.drain();
    assertEquals((await runsOf(t, String(saved.id))).length, 0);
    t.clock.advance(2 * 3_600_000 + 60_000);
    await Promise.all([runner.drain(), runnerOf(t).drain()]);
    const runs = await runsOf(t, String(saved.id));
    assertEquals(runs.map((r) => [r.record_id, r.status]), [[lead.id, "succeeded"]]);
    ok(runs[0].due_at.endsWith(":00:00.000Z"), runs[0].due_at);
  });
});

Deno.test("an outgoing webhook is signed, keeps its idempotency key across retries, and succeeds once answered", async () => {
  await withApp(async (t, admin) => {
    const calls: { body: string; signature: string | null; key: string | null }[] = [];
    let answer = 503;
    const server = Deno.serve(
      { port: 0, hostname: "127.0.0.1", onListen: () => {} },
      async (req) => {
        calls.push({
          body: await req.text(),
          signature: req.headers.get("x-signature"),
          key: req.headers.get("idempotency-key"),
        });
        return new Response("", { status: answer });
      },
    );
    try {
      const url = `http://127.0.0.1:${server.addr.port}/hook`;
      const saved = await rule(t, admin, {
        name: "Tell the CRM",
        record_type: "lead",
        trigger: "created",
        actions: [step("webhook", { url, secret: "s3cret-key" })],
      });
      const lead = await create(t, admin, "lead", { name: "Hooked", source: "website" });
      const runner = runnerOf(t);
      await runner.drain();
      let [run] = await runsOf(t, String(saved.id));
      assertEquals(run.status, "queued", "a 503 is retried later");
      ok(run.log.includes("Answered 503"), run.log);
      answer = 200;
      t.clock.advance(31_000);
      await runner.drain();
      [run] = await runsOf(t, String(saved.id));
      assertEquals(run.status, "succeeded");
      assertEquals(calls.length, 2);
      assertEquals(calls[0].key, calls[1].key);
      assertEquals(calls[1].signature, `sha256=${await signature("s3cret-key", calls[1].body)}`);
      assertEquals(JSON.parse(calls[1].body).record.id, lead.id);
    } finally {
      await server.shutdown();
    }
  });
});

Deno.test("an incoming webhook and the manual button queue runs; bad calls are refused", async () => {
  await withApp(async (t, admin) => {
    const hook = await rule(t, admin, {
      name: "From the website",
      record_type: "lead",
      trigger: "webhook",
      actions: [step("set_field", { values: { company: "From the website" } })],
    });
    const path = String(hook.webhook_path);
    ok(/^\/api\/automation\/hooks\/[0-9a-f]{64}$/.test(path), path);
    const lead = await create(t, admin, "lead", { name: "Webhooked", source: "website" });
    assertEquals((await t.call("POST", path, { body: { record_id: lead.id } })).status, 202);
    await errorOf(
      await t.call("POST", `/api/automation/hooks/${"0".repeat(64)}`, { body: {} }),
      404,
      "not_found",
    );
    const missing = await t.call("POST", path, { body: { record_id: "lead_nope" } });
    assertEquals(missing.status, 400);
    const manual = await rule(t, admin, {
      name: "Mark hot",
      record_type: "lead",
      trigger: "manual",
      actions: [step("set_field", { values: { estimated_value: 999 } })],
    });
    const offered = await jsonOf<{ items: { name: string }[] }>(
      await t.call("GET", "/api/automation/manual-rules?type=lead", { token: admin }),
      200,
    );
    assertEquals(offered.items.map((i) => i.name), ["Mark hot"]);
    assertEquals(
      (await t.call("POST", `/api/automation/rules/${manual.id}/run`, {
        token: admin,
        body: { record_id: lead.id },
      })).status,
      202,
    );
    const member = await t.tokenFor("member@acme.test");
    assertEquals(
      (await t.call("POST", `/api/automation/rules/${manual.id}/run`, {
        token: member,
        body: { record_id: lead.id },
      })).status,
      403,
      "a member who may not change leads cannot run it",
    );
    await runnerOf(t).drain();
    const stored = await t.db.get<{ company: string; estimated_value: number }>(
      "SELECT company, estimated_value FROM leads WHERE id = ?",
      [String(lead.id)],
    );
    assertEquals([stored!.company, Number(stored!.estimated_value)], ["From the website", 999]);
  });
});

Deno.test("an owner who lost a permission has the action refused with the reason in the log; five failures switch the rule off", async () => {
  await withApp(async (t, admin) => {
    const saved = await rule(t, admin, {
      name: "Bump new scores",
      record_type: "lead",
      trigger: "created",
      actions: [step("set_field", { values: { company: "Bumped" } })],
    });
    // The administrators' role loses the right to change leads after the rule was saved.
    await t.db.run(
      `DELETE FROM role_permissions WHERE permission = 'leads.update'
         AND role_id IN (SELECT id FROM roles WHERE organization_id = 'org_acme' AND name = 'firm_admin')`,
    );
    for (let i = 0; i < 5; i++) {
      await create(t, admin, "lead", { name: `Refused ${i}`, source: "website" });
      await runnerOf(t).drain();
    }
    const runs = await runsOf(t, String(saved.id));
    assertEquals(runs.map((r) => r.status), ["failed", "failed", "failed", "failed", "failed"]);
    ok(runs[0].error.startsWith("Action 1: Refused:"), runs[0].error);
    const after = (await jsonOf<{ record: Row }>(
      await t.call("GET", `/api/records/automation_rule/${saved.id}`, { token: admin }),
      200,
    )).record;
    assertEquals(after.active, false);
    ok(
      String(after.stopped_reason).startsWith("Switched off after 5 failed runs"),
      String(after.stopped_reason),
    );
    const told = await t.db.all<{ title: string }>(
      "SELECT title FROM notifications WHERE user_id = (SELECT id FROM users WHERE email = 'admin@acme.test') AND category = 'automation' AND read = 0",
    );
    assertEquals(told.map((n) => n.title), ["Automation rule switched off"]);
  });
});

Deno.test("an email action mails the record's own address and its owner from a template, through the outbox and SMTP", async () => {
  const smtp = startSmtpTestServer();
  try {
    await withApp(async (t, admin) => {
      await assertInvalidFields(
        await saveRule(t, admin, {
          name: "No such template",
          record_type: "lead",
          trigger: "created",
          actions: [step("send_email", { template: "Nope", to: ["email"] })],
        }),
        "actions",
      );
      await assertInvalidFields(
        await saveRule(t, admin, {
          name: "Template of another type",
          record_type: "lead",
          trigger: "created",
          actions: [step("send_email", { template: "Invoice overdue", to: ["email"] })],
        }),
        "actions",
      );
      const saved = await rule(t, admin, {
        name: "Welcome qualified leads",
        record_type: "lead",
        trigger: "field_changed",
        watch_fields: "stage",
        to_value: "qualified",
        actions: [step("send_email", { template: "Lead qualified", to: ["email", "owner"] })],
      });
      const lead = await create(t, admin, "lead", {
        name: "Mailable Person",
        source: "website",
        email: "mailable@example.test",
      });
      await change(t, admin, "lead", String(lead.id), { stage: "qualified" });
      await runnerOf(t).drain();
      const [run] = await runsOf(t, String(saved.id));
      assertEquals([run.status, run.error], ["succeeded", ""]);
      const queued = await t.db.all<{ recipient: string; subject: string; text_body: string }>(
        "SELECT recipient, subject, text_body FROM mail_outbox WHERE kind = 'template' ORDER BY recipient",
      );
      assertEquals(queued.map((m) => m.recipient), ["admin@acme.test", "mailable@example.test"]);
      ok(queued[0].text_body.includes("Mailable Person"), queued[0].text_body);
      const transport = createSmtpTransport(smtp.url, { from: "no-reply@opsuite.test" });
      const pass = await deliverDueMail(t.db, transport, { clock: () => t.clock.now });
      assertEquals(pass.failed, 0);
      ok(smtp.received.some((m) => m.to.includes("mailable@example.test")));
    });
  } finally {
    await smtp.close();
  }
});
