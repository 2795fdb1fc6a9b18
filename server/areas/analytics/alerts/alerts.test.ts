/**
 * Report alerts through HTTP and the change watch: a person sets an alert on a
 * report they may read that comes to one number (bad input is a 400 naming the
 * field, and nothing is stored); a change of an invoice that takes the number
 * over the threshold fires the alert once — a notice and, when chosen, a mail —
 * a further change while it stays over fires nothing, and going back under makes
 * it ready again. Alerts are their owner's alone, and each is computed with its
 * owner's permissions; checks racing on one alert fire it once (DESIGN.md §9).
 * Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { assertInvalidFields, jsonOf } from "../../../testing/http-assertions.ts";
import { act, createInvoice } from "../../finance/invoices/testing/invoices.ts";
import { createAccessResolver } from "../../../platform/access/resolver.ts";
import { recordTypeMap } from "../../../records/catalogue.ts";
import { checkAlert } from "./alert-check.ts";
import { ReportAlerts } from "./alert-watch.ts";

type Row = Record<string, unknown>;

const PUBLIC = { publicUrl: "https://ops.example.test" };
/** A day no seeded invoice is issued on: the tests' invoices are the only ones it counts. */
const DAY = "2031-01-15";

async function withApp(fn: (t: TestApp, watch: ReportAlerts) => Promise<void>): Promise<void> {
  const t = await createTestApp();
  const watch = new ReportAlerts(t.db, { ...PUBLIC, clock: () => t.clock.now, settleMs: 0 });
  watch.start();
  try {
    await watch.settled();
    await fn(t, watch);
  } finally {
    await watch.stop();
    await t.close();
  }
}

async function report(t: TestApp, token: string, values: Row): Promise<string> {
  const { record } = await jsonOf<{ record: { id: string } }>(
    await t.call("POST", "/api/records/report", {
      token,
      body: { values: { chart: "number", ...values } },
    }),
    201,
  );
  return record.id;
}

function setAlert(t: TestApp, token: string, values: Row) {
  return t.call("POST", "/api/records/report_alert", { token, body: { values } });
}

async function alertOf(t: TestApp, token: string, id: string): Promise<Row> {
  return (await jsonOf<{ record: Row }>(
    await t.call("GET", `/api/records/report_alert/${id}`, { token }),
    200,
  )).record;
}

async function storedAlerts(t: TestApp): Promise<number> {
  const row = await t.db.get<{ n: number }>(
    "SELECT COUNT(*) AS n FROM report_alerts WHERE id NOT IN ('ralt_acme_overdue', 'ralt_acme_outstanding')",
  );
  return Number(row!.n);
}

/** The alert notices a person was given about the tests' own reports (not the demo's alert). */
function notices(t: TestApp, userId: string) {
  return t.db.all<{ title: string; message: string; params: string; link: string }>(
    "SELECT title, message, params, link FROM notifications WHERE user_id = ? AND category = 'analytics' AND link <> '/app/report-builder/rpt_overdue_invoices_total' ORDER BY created_at, id",
    [userId],
  );
}

function alertMails(t: TestApp) {
  return t.db.all<{ recipient: string; subject: string; text_body: string; html_body: string }>(
    "SELECT recipient, subject, text_body, html_body FROM mail_outbox WHERE kind = 'report' ORDER BY created_at, id",
  );
}

const DAY_TOTAL = JSON.stringify({
  filters: [{ field: "issue_date", op: "eq", value: DAY }],
  aggregates: [{ fn: "sum", field: "grand_total", as: "total" }],
});

Deno.test("an alert is saved only on a readable report of one number, with a number for its threshold", async () => {
  await withApp(async (t) => {
    const admin = await t.tokenFor("admin@acme.test");
    const finance = await t.tokenFor("finance@acme.test");
    const grouped = await report(t, finance, {
      name: "Invoices by client",
      record_type: "invoice",
      chart: "bar",
      definition: JSON.stringify({
        group_by: [{ field: "client" }],
        aggregates: [{ fn: "count", as: "count" }],
      }),
    });
    const two = await report(t, finance, {
      name: "Count and total",
      record_type: "invoice",
      definition: JSON.stringify({
        aggregates: [{ fn: "count", as: "count" }, {
          fn: "sum",
          field: "grand_total",
          as: "total",
        }],
      }),
    });
    const private_ = await report(t, admin, {
      name: "Admin's own",
      record_type: "invoice",
      definition: DAY_TOTAL,
    });
    const base = { title: "Too much", condition: "above", threshold: 100 };
    await assertInvalidFields(
      await setAlert(t, finance, { ...base, report: "rpt_nothing" }),
      "report",
    );
    await assertInvalidFields(await setAlert(t, finance, { ...base, report: private_ }), "report");
    await assertInvalidFields(await setAlert(t, finance, { ...base, report: grouped }), "report");
    await assertInvalidFields(await setAlert(t, finance, { ...base, report: two }), "measure");
    await assertInvalidFields(
      await setAlert(t, finance, { ...base, report: two, measure: "nope" }),
      "measure",
    );
    await assertInvalidFields(
      await setAlert(t, finance, { ...base, report: two, threshold: "lots" }),
      "threshold",
    );
    await assertInvalidFields(
      await setAlert(t, finance, { ...base, report: two, measure: "total", condition: "equals" }),
      "condition",
    );
    assertEquals(await storedAlerts(t), 0, "nothing of a refused alert is stored");

    const { record } = await jsonOf<{ record: Row & { id: string } }>(
      await setAlert(t, finance, { ...base, report: two, measure: "total" }),
      201,
    );
    assertEquals(record.last_state, "met", "saved with where it stands");
    ok(Number(record.last_value) > 100);
    assertEquals(await notices(t, "usr_acme_finance"), [], "a save fires nothing");
  });
});

Deno.test("an invoice taking the number over the threshold fires the alert once, and going back under makes it ready again", async () => {
  await withApp(async (t, watch) => {
    const finance = await t.tokenFor("finance@acme.test");
    const day = await report(t, finance, {
      name: "Invoiced on the day <test>",
      record_type: "invoice",
      definition: DAY_TOTAL,
    });
    const { record: alert } = await jsonOf<{ record: Row & { id: string } }>(
      await setAlert(t, finance, {
        title: "Day over 1,500",
        report: day,
        condition: "above",
        threshold: 1500,
        by_mail: true,
      }),
      201,
    );
    assertEquals([alert.last_value, alert.last_state], [0, "clear"]);

    const lines = (quantity: number) => [{ description: "Design sprint", quantity, rate: 1000 }];
    let invoice = await createInvoice(t, finance, {
      client: "cli_northwind",
      issue_date: DAY,
      lines: lines(1),
    });
    await watch.settled();
    assertEquals((await alertOf(t, finance, alert.id)).last_value, 1000);
    assertEquals(await notices(t, "usr_acme_finance"), []);

    const patch = async (quantity: number) => {
      invoice = (await jsonOf<{ record: Row & { id: string; version: number } }>(
        await t.call("PATCH", `/api/records/invoice/${invoice.id}`, {
          token: finance,
          body: { version: invoice.version, values: { lines: lines(quantity) } },
        }),
        200,
      )).record;
      await watch.settled();
    };
    await patch(2);
    const fired = await alertOf(t, finance, alert.id);
    assertEquals([fired.last_value, fired.last_state], [2000, "met"]);
    ok(fired.last_triggered_at, "the moment it fired is kept");
    const told = await notices(t, "usr_acme_finance");
    assertEquals(told.length, 1);
    assertEquals(told[0].link, `/app/report-builder/${day}`);
    assertEquals(JSON.parse(told[0].params).value, 2000);
    const mails = await alertMails(t);
    assertEquals(mails.length, 1);
    assertEquals(mails[0].recipient, "finance@acme.test");
    assertEquals(mails[0].subject, "Alert: Day over 1,500");
    ok(
      mails[0].text_body.includes("is now 2,000. Your alert: goes above 1,500."),
      mails[0].text_body,
    );
    ok(mails[0].text_body.includes(`https://ops.example.test/app/report-builder/${day}`));
    ok(mails[0].html_body.includes("Invoiced on the day &lt;test&gt;"), "escaped in HTML");

    await patch(3);
    assertEquals((await alertOf(t, finance, alert.id)).last_value, 3000);
    assertEquals((await notices(t, "usr_acme_finance")).length, 1, "no repeat while it stays over");
    assertEquals((await alertMails(t)).length, 1);

    await patch(1);
    assertEquals((await alertOf(t, finance, alert.id)).last_state, "clear", "back under: reset");
    await patch(2);
    assertEquals((await notices(t, "usr_acme_finance")).length, 2, "over again: fired again");
    assertEquals((await alertMails(t)).length, 2);

    // A submitted invoice is a change like any other; the sweep finds nothing new.
    await act(t, finance, invoice as { id: string; version: number }, "submit");
    await watch.settled();
    assertEquals((await notices(t, "usr_acme_finance")).length, 2);
  });
});

Deno.test("an alert is its owner's alone and counts only what its owner may read", async () => {
  await withApp(async (t, watch) => {
    const admin = await t.tokenFor("admin@acme.test");
    const member = await t.tokenFor("member@acme.test");
    const finance = await t.tokenFor("finance@acme.test");
    const claims = await report(t, admin, {
      name: "Expense claims",
      record_type: "expense",
      definition: JSON.stringify({ aggregates: [{ fn: "count", as: "claims" }] }),
      sharing: "organization",
    });
    const values = { title: "Claims", report: claims, condition: "above", threshold: 100000 };
    const { record: mine } = await jsonOf<{ record: Row & { id: string } }>(
      await setAlert(t, member, values),
      201,
    );
    const { record: theirs } = await jsonOf<{ record: Row & { id: string } }>(
      await setAlert(t, admin, values),
      201,
    );
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
    // The report's change queues both alerts; each is computed with its owner's access.
    const { record: shared } = await jsonOf<{ record: { version: number } }>(
      await t.call("GET", `/api/records/report/${claims}`, { token: admin }),
      200,
    );
    await jsonOf(
      await t.call("PATCH", `/api/records/report/${claims}`, {
        token: admin,
        body: { version: shared.version, values: { description: "Every claim" } },
      }),
      200,
    );
    await watch.settled();
    assertEquals((await alertOf(t, member, mine.id)).last_value, own.items.length);
    assertEquals((await alertOf(t, admin, theirs.id)).last_value, Number(all.rows[0].claims));

    for (const [token, hidden] of [[member, theirs.id], [finance, mine.id]]) {
      const res = await t.call("GET", `/api/records/report_alert/${hidden}`, { token });
      assertEquals(res.status, 404, "another person's alert is not there for them");
      await res.body?.cancel();
    }
    // An administrator sees everyone's alerts, as everyone's report mails.
    const seen = await t.call("GET", `/api/records/report_alert/${mine.id}`, { token: admin });
    assertEquals(seen.status, 200);
    await seen.body?.cancel();
    const listed = await jsonOf<{ items: Row[] }>(
      await t.call("POST", "/api/records/report_alert/list", { token: member, body: {} }),
      200,
    );
    assertEquals(listed.items.map((i) => i.id), [mine.id]);
  });
});

Deno.test("the periodic pass follows a report whose filters move with the date", async () => {
  await withApp(async (t, watch) => {
    const finance = await t.tokenFor("finance@acme.test");
    const today = await report(t, finance, {
      name: "Invoiced today",
      record_type: "invoice",
      definition: JSON.stringify({
        filters: [
          { field: "issue_date", op: "eq", value: "@today" },
          { field: "grand_total", op: "eq", value: 1234.5 },
        ],
        aggregates: [{ fn: "sum", field: "grand_total", as: "total" }],
      }),
    });
    const { record: alert } = await jsonOf<{ record: Row & { id: string } }>(
      await setAlert(t, finance, { title: "Today over", report: today, threshold: 1000 }),
      201,
    );
    const tomorrow = new Date(t.clock.now + 86_400_000).toISOString().slice(0, 10);
    await createInvoice(t, finance, {
      client: "cli_northwind",
      issue_date: tomorrow,
      lines: [{ description: "Tomorrow's work", quantity: 1, rate: 1234.5 }],
    });
    await watch.settled();
    assertEquals((await alertOf(t, finance, alert.id)).last_state, "clear", "not today yet");

    t.clock.advance(86_400_000);
    await watch.sweep();
    const nextDay = await t.tokenFor("finance@acme.test");
    assertEquals((await alertOf(t, nextDay, alert.id)).last_state, "met");
    assertEquals((await notices(t, "usr_acme_finance")).length, 1, "told once the day came");
    await watch.sweep();
    assertEquals((await notices(t, "usr_acme_finance")).length, 1);
  });
});

Deno.test("checks racing on one alert that came to be met fire it once: one notice, one mail", async () => {
  const t = await createTestApp();
  try {
    const finance = await t.tokenFor("finance@acme.test");
    const day = await report(t, finance, {
      name: "Invoiced on the day",
      record_type: "invoice",
      definition: DAY_TOTAL,
    });
    const { record: alert } = await jsonOf<{ record: Row & { id: string } }>(
      await setAlert(t, finance, {
        title: "Day over 1,500",
        report: day,
        condition: "above",
        threshold: 1500,
        by_mail: true,
      }),
      201,
    );
    // No watch runs: the invoice moves the number over, and the checks below find it so.
    await createInvoice(t, finance, {
      client: "cli_northwind",
      issue_date: DAY,
      lines: [{ description: "Design sprint", quantity: 2, rate: 1000 }],
    });
    const deps = {
      db: t.db,
      resolve: createAccessResolver(t.db),
      types: recordTypeMap(),
      publicUrl: PUBLIC.publicUrl,
    };
    const now = new Date(t.clock.now).toISOString();
    const fired = await Promise.all(
      Array.from({ length: 8 }, () => checkAlert(deps, alert.id, now)),
    );
    assertEquals(fired.filter(Boolean).length, 1, "one check fires it");
    assertEquals((await notices(t, "usr_acme_finance")).length, 1);
    assertEquals((await alertMails(t)).length, 1);
    const kept = await alertOf(t, finance, alert.id);
    assertEquals([kept.last_value, kept.last_state], [2000, "met"]);
  } finally {
    await t.close();
  }
});
