/**
 * Reminders through HTTP and the delivery: a person sets one for themselves or,
 * about a record, for a colleague who may read that record (else a 400 naming
 * `for_user`, and nothing is stored); a time already past is refused. A due
 * reminder is sent once — a notice linking to its record and a mail — however
 * often or on however many instances the delivery runs; snoozed it comes back
 * later and is sent again; dismissed it is never sent. Runs on SQLite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../../../testing/http-assertions.ts";
import { ReminderDelivery, sendDueReminders } from "./reminder-delivery.ts";
import type { Change } from "../../../db/change-signal.ts";

type Row = Record<string, unknown>;

const PUBLIC = { publicUrl: "https://ops.example.test" };
const MINUTE = 60_000;
const ADMIN = "usr_acme_admin";
const MEMBER = "usr_acme_member";

interface Fixture {
  t: TestApp;
  admin: string;
  member: string;
  /** A task assigned to the member, and one the member may not read. */
  memberTask: { id: string; title: string };
  otherTask: string;
}

async function withApp(fn: (f: Fixture) => Promise<void>): Promise<void> {
  const t = await createTestApp();
  try {
    const memberTask = (await t.db.get<{ id: string; title: string }>(
      "SELECT id, title FROM tasks WHERE organization_id = 'org_acme' AND assignee_id = ? ORDER BY id",
      [MEMBER],
    ))!;
    const other = (await t.db.get<{ id: string }>(
      `SELECT id FROM tasks WHERE organization_id = 'org_acme'
         AND COALESCE(assignee_id, '') <> ? AND COALESCE(created_by, '') <> ? ORDER BY id`,
      [MEMBER, MEMBER],
    ))!;
    await fn({
      t,
      admin: await t.tokenFor("admin@acme.test"),
      member: await t.tokenFor("member@acme.test"),
      memberTask,
      otherTask: other.id,
    });
  } finally {
    await t.close();
  }
}

function at(t: TestApp, ms: number): string {
  return new Date(t.clock.now + ms).toISOString();
}

function setReminder(t: TestApp, token: string, values: Row) {
  return t.call("POST", "/api/records/reminder", { token, body: { values } });
}

async function created(t: TestApp, token: string, values: Row): Promise<Row> {
  return (await jsonOf<{ record: Row }>(await setReminder(t, token, values), 201)).record;
}

async function reminderOf(t: TestApp, token: string, id: string): Promise<Row> {
  return (await jsonOf<{ record: Row }>(
    await t.call("GET", `/api/records/reminder/${id}`, { token }),
  )).record;
}

async function listed(t: TestApp, token: string): Promise<string[]> {
  const { items } = await jsonOf<{ items: Row[] }>(
    await t.call("POST", "/api/records/reminder/list", { token, body: { limit: 500 } }),
  );
  return items.map((i) => String(i.id));
}

/** Reminders the tests made (the demo's are left out). */
async function stored(t: TestApp): Promise<number> {
  const row = await t.db.get<{ n: number }>(
    "SELECT COUNT(*) AS n FROM reminders WHERE id NOT LIKE 'rem_acme_%'",
  );
  return Number(row!.n);
}

function notices(t: TestApp, userId: string) {
  return t.db.all<{ title: string; message: string; params: string; link: string }>(
    "SELECT title, message, params, link FROM notifications WHERE user_id = ? AND category = 'reminder' ORDER BY created_at, id",
    [userId],
  );
}

function mails(t: TestApp, to: string) {
  return t.db.all<{ subject: string; text_body: string }>(
    "SELECT subject, text_body FROM mail_outbox WHERE recipient = ? AND kind = 'notification' AND subject LIKE '%Reminder%' ORDER BY created_at, id",
    [to],
  );
}

function deliver(t: TestApp, db = t.db) {
  return sendDueReminders(db, { now: new Date(t.clock.now).toISOString(), ...PUBLIC });
}

async function act(t: TestApp, token: string, id: string, action: string): Promise<Row> {
  const { version } = await reminderOf(t, token, id);
  return (await jsonOf<{ record: Row }>(
    await t.call("POST", `/api/records/reminder/${id}/actions/${action}`, {
      token,
      body: { version },
    }),
  )).record;
}

Deno.test("A reminder set without a person is the caller's own, pending, and seen only by them", async () => {
  await withApp(async ({ t, admin, member }) => {
    const reminder = await created(t, admin, {
      note: "Call Acme back",
      remind_at: at(t, 30 * MINUTE),
    });
    assertEquals([reminder.for_user, reminder.status], [ADMIN, "pending"]);
    ok((await listed(t, admin)).includes(String(reminder.id)));
    ok(!(await listed(t, member)).includes(String(reminder.id)));
    await errorOf(
      await t.call("GET", `/api/records/reminder/${reminder.id}`, { token: member }),
      404,
      "not_found",
    );
  });
});

Deno.test("A reminder for a time already past is refused naming remind_at, and nothing is stored", async () => {
  await withApp(async ({ t, admin }) => {
    const before = await stored(t);
    await assertInvalidFields(
      await setReminder(t, admin, { note: "Too late", remind_at: at(t, -MINUTE) }),
      "remind_at",
    );
    await assertInvalidFields(await setReminder(t, admin, { remind_at: at(t, MINUTE) }), "note");
    assertEquals(await stored(t), before);
  });
});

Deno.test("A reminder about a record is set for a colleague who may read it, who then sees it with the record's title", async () => {
  await withApp(async ({ t, admin, member, memberTask }) => {
    const reminder = await created(t, admin, {
      note: "Finish this before Friday",
      remind_at: at(t, 2 * 60 * MINUTE),
      for_user: MEMBER,
      record_type: "task",
      record_id: memberTask.id,
    });
    assertEquals([reminder.for_user, reminder.record_title], [MEMBER, memberTask.title]);
    const seen = await reminderOf(t, member, String(reminder.id));
    assertEquals([seen.note, seen.record_title], ["Finish this before Friday", memberTask.title]);
    ok((await listed(t, member)).includes(String(reminder.id)));
  });
});

Deno.test("A reminder about a record the colleague may not read is refused naming for_user, and nothing is stored", async () => {
  await withApp(async ({ t, admin, member, otherTask }) => {
    const before = await stored(t);
    const error = await assertInvalidFields(
      await setReminder(t, admin, {
        note: "Look at this",
        remind_at: at(t, 60 * MINUTE),
        for_user: MEMBER,
        record_type: "task",
        record_id: otherTask,
      }),
      "for_user",
    );
    ok(!JSON.stringify(error).includes(otherTask));
    // Nor may a person name a record they may not read themselves.
    await assertInvalidFields(
      await setReminder(t, member, {
        note: "Peek",
        remind_at: at(t, 60 * MINUTE),
        record_type: "task",
        record_id: otherTask,
      }),
      "record_id",
    );
    assertEquals(await stored(t), before);
  });
});

Deno.test("A due reminder is sent once, with a notice linking to its record and a mail", async () => {
  await withApp(async ({ t, admin, member, memberTask }) => {
    const reminder = await created(t, admin, {
      note: "Review the task",
      remind_at: at(t, 5 * MINUTE),
      for_user: MEMBER,
      record_type: "task",
      record_id: memberTask.id,
    });
    assertEquals(await deliver(t), 0, "not due yet");
    t.clock.advance(6 * MINUTE);
    const heard: Change[] = [];
    const unsubscribe = t.db.signal.subscribe((change) => heard.push(change));
    assertEquals(await deliver(t), 1);
    unsubscribe();
    // Announced for its organisation, so the person's open pages (the bell) hear of it.
    ok(
      heard.some((c) =>
        c.organizationId === "org_acme" && c.records?.some((r) => r.id === reminder.id)
      ),
      JSON.stringify(heard),
    );
    assertEquals(await deliver(t), 0, "sent already");
    const told = await notices(t, MEMBER);
    assertEquals(told.length, 1);
    assertEquals(told[0].link, `/app/tasks/${memberTask.id}`);
    const params = JSON.parse(told[0].params);
    assertEquals([params.note, params.about], ["Review the task", memberTask.title]);
    ok(String(params.by).length > 0, "says who set it");
    const mailed = await mails(t, "member@acme.test");
    assertEquals(mailed.length, 1);
    ok(mailed[0].text_body.includes("Review the task"));
    ok(mailed[0].text_body.includes(`https://ops.example.test/app/tasks/${memberTask.id}`));
    const sent = await reminderOf(t, member, String(reminder.id));
    assertEquals(sent.status, "sent");
    ok(typeof sent.sent_at === "string");
  });
});

Deno.test("Reminders missed while no server ran are each sent once by two instances sharing the database", async () => {
  await withApp(async ({ t, admin }) => {
    for (let i = 0; i < 12; i++) {
      await created(t, admin, { note: `Missed ${i}`, remind_at: at(t, (i + 1) * MINUTE) });
    }
    t.clock.advance(60 * MINUTE);
    const other = t.connect();
    // Two instances start at once: each runs its first pass at start.
    const instances = [t.db, other].map((db) =>
      new ReminderDelivery(db, { ...PUBLIC, clock: () => t.clock.now, everyMs: 60 * MINUTE })
    );
    try {
      for (const instance of instances) instance.start();
      await Promise.all(instances.map((instance) => instance.stop()));
      assertEquals(await deliver(t, other), 0);
    } finally {
      await other.close();
    }
    const told = (await notices(t, ADMIN)).filter((n) => n.params.includes("Missed"));
    assertEquals(told.length, 12);
    assertEquals(new Set(told.map((n) => JSON.parse(n.params).note)).size, 12);
    assertEquals(told[0].link, "/app/reminders");
    const mailed = (await mails(t, "admin@acme.test")).filter((m) =>
      m.text_body.includes("Missed")
    );
    assertEquals(mailed.length, 12);
  });
});

Deno.test("A snoozed reminder is pending again and sent again once its new time comes", async () => {
  await withApp(async ({ t, admin }) => {
    const { id } = await created(t, admin, { note: "Stretch", remind_at: at(t, MINUTE) });
    t.clock.advance(2 * MINUTE);
    assertEquals(await deliver(t), 1);
    const snoozed = await act(t, admin, String(id), "snooze_10_minutes");
    assertEquals(snoozed.status, "pending");
    assertEquals(snoozed.remind_at, at(t, 10 * MINUTE));
    assertEquals(snoozed.snoozes, 1);
    t.clock.advance(5 * MINUTE);
    assertEquals(await deliver(t), 0);
    t.clock.advance(6 * MINUTE);
    assertEquals(await deliver(t), 1);
    const stretches = (await notices(t, ADMIN)).filter((n) => n.params.includes("Stretch"));
    assertEquals(stretches.length, 2);

    const hour = await act(t, admin, String(id), "snooze_1_hour");
    assertEquals(hour.remind_at, at(t, 60 * MINUTE));
    const tomorrow = await act(t, admin, String(id), "snooze_tomorrow");
    const day = new Date(t.clock.now + 24 * 60 * MINUTE).toISOString().slice(0, 10);
    // The demo organisation keeps no time zone: its clock is UTC.
    assertEquals(tomorrow.remind_at, `${day}T09:00:00.000Z`);
  });
});

Deno.test("A sent reminder given a later time is pending again and sent at that time", async () => {
  await withApp(async ({ t, admin }) => {
    const { id } = await created(t, admin, { note: "Chosen time", remind_at: at(t, MINUTE) });
    t.clock.advance(2 * MINUTE);
    assertEquals(await deliver(t), 1);
    const sent = await reminderOf(t, admin, String(id));
    const { record } = await jsonOf<{ record: Row }>(
      await t.call("PATCH", `/api/records/reminder/${id}`, {
        token: admin,
        body: { version: sent.version, values: { remind_at: at(t, 3 * 60 * MINUTE) } },
      }),
    );
    assertEquals(record.status, "pending");
    t.clock.advance(3 * 60 * MINUTE);
    assertEquals(await deliver(t), 1);
  });
});

Deno.test("A dismissed reminder is never sent and can no longer change", async () => {
  await withApp(async ({ t, admin }) => {
    const { id } = await created(t, admin, { note: "Never mind", remind_at: at(t, MINUTE) });
    const dismissed = await act(t, admin, String(id), "dismiss");
    assertEquals(dismissed.status, "dismissed");
    t.clock.advance(2 * MINUTE);
    assertEquals(await deliver(t), 0);
    assertEquals((await notices(t, ADMIN)).filter((n) => n.params.includes("Never mind")), []);
    const res = await t.call("POST", `/api/records/reminder/${id}/actions/snooze_1_hour`, {
      token: admin,
      body: { version: dismissed.version },
    });
    ok(res.status === 409 || res.status === 403, `expected a refusal, got ${res.status}`);
    await res.body?.cancel();
  });
});

Deno.test("Snoozed until tomorrow, a reminder comes back at 9:00 on the organisation's clock", async () => {
  await withApp(async ({ t, admin }) => {
    await t.db.run(
      "INSERT INTO settings (organization_id, key, value, version, updated_at) VALUES ('org_acme', 'timezone', ?, 1, ?)",
      [JSON.stringify("America/New_York"), at(t, 0)],
    );
    const { id } = await created(t, admin, { note: "Morning", remind_at: at(t, MINUTE) });
    const snoozed = await act(t, admin, String(id), "snooze_tomorrow");
    const local = new Intl.DateTimeFormat("en-CA", {
      timeZone: "America/New_York",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    const dayOf = (ms: number) => local.format(new Date(ms)).slice(0, 10);
    const when = Date.parse(String(snoozed.remind_at));
    assertEquals(local.format(new Date(when)).slice(12), "09:00");
    assertEquals(dayOf(when), dayOf(t.clock.now + 24 * 60 * MINUTE));
  });
});

type FormNode = {
  type: string;
  quickAdds?: { id: string; api: string; fields: string[]; values: Row }[];
};

async function formOf(t: TestApp, token: string, screen: string, id: string): Promise<FormNode> {
  const descriptor = await jsonOf<{ body: { children: FormNode[] } }>(
    await t.call("GET", `/ui/screens/${screen}?id=${id}`, { token }),
  );
  return descriptor.body.children.find((c) => c.type === "record-form")!;
}

Deno.test("Every record's form offers Remind me to callers who may set reminders, about that record", async () => {
  await withApp(async ({ t, admin, memberTask }) => {
    const form = await formOf(t, admin, "tasks/form", memberTask.id);
    assertEquals(form.quickAdds?.map((q) => [q.id, q.api, q.fields, q.values]), [[
      "remind_me",
      "/api/records/reminder",
      ["remind_at", "note", "for_user"],
      { record_type: "task", record_id: { $param: "id" } },
    ]]);
    const { id } = await created(t, admin, { note: "Self", remind_at: at(t, MINUTE) });
    assertEquals((await formOf(t, admin, "reminders/form", String(id))).quickAdds, undefined);

    const roles = await jsonOf<{ roles: { name: string; version: number }[] }>(
      await t.call("POST", "/admin/roles/list", { token: admin, body: {} }),
    );
    const version = roles.roles.find((r) => r.name === "project_manager")!.version;
    await jsonOf(
      await t.call("POST", "/admin/roles/revoke", {
        token: admin,
        body: { role: "project_manager", permission: "reminders.create", version },
      }),
    );
    const pm = await t.tokenFor("pm@acme.test");
    assertEquals((await formOf(t, pm, "tasks/form", memberTask.id)).quickAdds, undefined);
    await errorOf(
      await setReminder(t, pm, { note: "No", remind_at: at(t, MINUTE) }),
      403,
      "forbidden",
    );
  });
});
