/**
 * Report subscriptions through HTTP and the periodic pass: a person subscribes to
 * a report they may read (bad input is a 400 naming the field), sees and deletes
 * only their own; a mail goes out once per period when its hour has come, never
 * twice (two passes racing included), computed with the subscriber's own
 * permissions; a subscriber who lost the report gets no mail and is told why.
 * Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { assertInvalidFields, jsonOf } from "../../../testing/http-assertions.ts";
import { mailDueReports } from "./report-mailing.ts";

type Row = Record<string, unknown>;

/** The day the tests subscribe on, before 7 o'clock UTC has come again. */
const SUBSCRIBED = "2026-03-10T09:00:00.000Z";
const PUBLIC = { publicUrl: "https://ops.example.test" };

async function withApp(fn: (t: TestApp) => Promise<void>): Promise<void> {
  const t = await createTestApp();
  t.clock.now = Date.parse(SUBSCRIBED);
  try {
    await fn(t);
  } finally {
    await t.close();
  }
}

async function report(t: TestApp, token: string, values: Row): Promise<string> {
  const { record } = await jsonOf<{ record: { id: string } }>(
    await t.call("POST", "/api/records/report", {
      token,
      body: { values: { chart: "table", ...values } },
    }),
    201,
  );
  return record.id;
}

function subscribe(t: TestApp, token: string, values: Row) {
  return t.call("POST", "/api/records/report_subscription", { token, body: { values } });
}

/** The report mails queued, oldest first. */
function reportMails(t: TestApp) {
  return t.db.all<{ recipient: string; subject: string; text_body: string; html_body: string }>(
    "SELECT recipient, subject, text_body, html_body FROM mail_outbox WHERE kind = 'report' ORDER BY created_at, id",
  );
}

Deno.test("a person subscribes to a report they may read, and keeps only their own subscriptions", async () => {
  await withApp(async (t) => {
    const admin = await t.tokenFor("admin@acme.test");
    const finance = await t.tokenFor("finance@acme.test");
    const mine = await report(t, finance, {
      name: "My invoices",
      record_type: "invoice",
      definition: JSON.stringify({ aggregates: [{ fn: "count", as: "invoices" }] }),
    });
    const private_ = await report(t, admin, {
      name: "Admin's own",
      record_type: "invoice",
      definition: JSON.stringify({ aggregates: [{ fn: "count", as: "invoices" }] }),
    });
    await assertInvalidFields(await subscribe(t, finance, { report: private_ }), "report");
    await assertInvalidFields(
      await subscribe(t, finance, { report: mine, frequency: "weekly" }),
      "weekday",
    );
    await assertInvalidFields(await subscribe(t, finance, { report: mine, hour: 24 }), "hour");
    await assertInvalidFields(
      await subscribe(t, finance, { report: mine, frequency: "hourly" }),
      "frequency",
    );
    const { record } = await jsonOf<{ record: Row & { id: string; version: number } }>(
      await subscribe(t, finance, { report: mine, frequency: "weekly", weekday: "3", hour: 8 }),
      201,
    );
    await jsonOf(await subscribe(t, admin, { report: private_ }), 201);
    const listed = await jsonOf<{ items: Row[] }>(
      await t.call("POST", "/api/records/report_subscription/list", { token: finance, body: {} }),
      200,
    );
    assertEquals(listed.items.map((i) => i.id), [record.id], "only their own");
    const deleted = await t.call(
      "DELETE",
      `/api/records/report_subscription/${record.id}?version=${record.version}`,
      { token: finance },
    );
    assertEquals(deleted.status, 204);
  });
});

Deno.test("a report's mail goes out once a period, at its hour, with the subscriber's own records", async () => {
  await withApp(async (t) => {
    const admin = await t.tokenFor("admin@acme.test");
    const member = await t.tokenFor("member@acme.test");
    const claims = await report(t, admin, {
      name: "Expense claims <all>",
      record_type: "expense",
      definition: JSON.stringify({ aggregates: [{ fn: "count", as: "claims" }] }),
      sharing: "organization",
    });
    await jsonOf(await subscribe(t, admin, { report: claims, hour: 7 }), 201);
    const { record } = await jsonOf<{ record: { id: string } }>(
      await subscribe(t, member, { report: claims, hour: 7 }),
      201,
    );

    assertEquals(await mailDueReports(t.db, "2026-03-10T10:00:00.000Z", PUBLIC), 0, "made after 7");
    assertEquals(await mailDueReports(t.db, "2026-03-11T06:59:00.000Z", PUBLIC), 0, "not 7 yet");
    const racing = await Promise.all([
      mailDueReports(t.db, "2026-03-11T07:00:00.000Z", PUBLIC),
      mailDueReports(t.db, "2026-03-11T07:05:00.000Z", PUBLIC),
    ]);
    assertEquals(racing[0] + racing[1], 2, "one mail each, however many passes");
    assertEquals(await mailDueReports(t.db, "2026-03-11T07:15:00.000Z", PUBLIC), 0);
    const mails = await reportMails(t);
    assertEquals(mails.map((m) => m.recipient).sort(), ["admin@acme.test", "member@acme.test"]);

    const own = await jsonOf<{ items: Row[] }>(
      await t.call("POST", "/api/records/expense/list", { token: member, body: { limit: 500 } }),
      200,
    );
    const all = await jsonOf<{ rows: Row[] }>(
      await t.call("POST", "/api/records/expense/query", {
        token: admin,
        body: { aggregates: [{ fn: "count", as: "claims" }] },
      }),
      200,
    );
    ok(Number(all.rows[0].claims) > own.items.length);
    const toMember = mails.find((m) => m.recipient === "member@acme.test")!;
    assertEquals(toMember.subject, "Report: Expense claims <all>");
    ok(toMember.text_body.includes(`Count\n${own.items.length}\n`), toMember.text_body);
    ok(toMember.text_body.includes(`https://ops.example.test/app/report-builder/${claims}`));
    ok(toMember.html_body.includes("Expense claims &lt;all&gt;"), "escaped in HTML");
    ok(toMember.html_body.includes(`<td>${own.items.length}</td>`));
    const toAdmin = mails.find((m) => m.recipient === "admin@acme.test")!;
    ok(toAdmin.text_body.includes(`Count\n${all.rows[0].claims}\n`), toAdmin.text_body);

    // The report is no longer shared: the member gets nothing, and is told why.
    const shared = await jsonOf<{ record: { version: number } }>(
      await t.call("GET", `/api/records/report/${claims}`, { token: admin }),
      200,
    );
    await jsonOf(
      await t.call("PATCH", `/api/records/report/${claims}`, {
        token: admin,
        body: { version: shared.record.version, values: { sharing: "private" } },
      }),
      200,
    );
    assertEquals(await mailDueReports(t.db, "2026-03-12T07:00:00.000Z", PUBLIC), 1, "admin only");
    const stopped = await jsonOf<{ record: Row }>(
      await t.call("GET", `/api/records/report_subscription/${record.id}`, { token: member }),
      200,
    );
    assertEquals(stopped.record.stopped_reason, "You may no longer read this report");
    assertEquals((await reportMails(t)).length, 3);
  });
});

Deno.test("a weekly mail waits for its weekday and hour, and a long pause sends only the latest", async () => {
  await withApp(async (t) => {
    const finance = await t.tokenFor("finance@acme.test");
    const id = await report(t, finance, {
      name: "Invoices by status",
      record_type: "invoice",
      definition: JSON.stringify({
        group_by: [{ field: "status" }],
        aggregates: [{ fn: "count", as: "invoices" }],
      }),
    });
    // 2026-03-10 is a Tuesday; weekday 5 is Friday.
    await jsonOf(
      await subscribe(t, finance, {
        report: id,
        frequency: "weekly",
        weekday: "5",
        hour: 6,
        note: "For <Friday>",
      }),
      201,
    );
    assertEquals(await mailDueReports(t.db, "2026-03-12T23:00:00.000Z", PUBLIC), 0, "Thursday");
    assertEquals(await mailDueReports(t.db, "2026-03-13T05:59:00.000Z", PUBLIC), 0);
    assertEquals(await mailDueReports(t.db, "2026-03-13T06:00:00.000Z", PUBLIC), 1, "Friday 6");
    assertEquals(await mailDueReports(t.db, "2026-03-19T12:00:00.000Z", PUBLIC), 0, "same week");
    assertEquals(await mailDueReports(t.db, "2026-04-09T12:00:00.000Z", PUBLIC), 1, "latest only");
    const [first] = await reportMails(t);
    ok(
      first.text_body.startsWith("Invoices by status\nFor <Friday>\n\nStatus | Count\n"),
      first.text_body,
    );
    ok(first.html_body.includes("<p>For &lt;Friday&gt;</p>"), first.html_body);
  });
});

Deno.test("a mail's hour is the organisation's, in its time zone", async () => {
  await withApp(async (t) => {
    const finance = await t.tokenFor("finance@acme.test");
    await t.db.run(
      "INSERT INTO settings (organization_id, key, value, updated_at) VALUES ('org_acme', 'timezone', ?, ?)",
      [JSON.stringify("America/New_York"), SUBSCRIBED],
    );
    const id = await report(t, finance, {
      name: "Invoices",
      record_type: "invoice",
      definition: JSON.stringify({ aggregates: [{ fn: "count", as: "invoices" }] }),
    });
    await jsonOf(await subscribe(t, finance, { report: id, hour: 7 }), 201);
    // Made at 5 in New York (9 UTC); 7 o'clock there that day (daylight saving, UTC-4) is 11:00
    // UTC, still to come, while 7 o'clock UTC had passed.
    assertEquals(await mailDueReports(t.db, "2026-03-10T10:59:00.000Z", PUBLIC), 0);
    assertEquals(await mailDueReports(t.db, "2026-03-10T11:00:00.000Z", PUBLIC), 1);
  });
});
