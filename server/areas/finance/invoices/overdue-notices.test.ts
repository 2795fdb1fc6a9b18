/**
 * The daily overdue check: an invoice that falls overdue tells the person who
 * raised it once (not before its due date has passed, not twice however often the
 * check runs, not for invoices paid in time, not for arrears older than the catch-up
 * window), and the hourly watch runs it with the server's clock.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { jsonOf } from "../../../testing/http-assertions.ts";
import { act, createInvoice } from "./testing/invoices.ts";
import { InvoiceWatch, raiseOverdueInvoiceNotices } from "./overdue-notices.ts";

/** An invoice of 1,000 to Northwind, due 30 days after `issue` (its payment terms). */
async function submitted(app: TestApp, token: string, issue: string) {
  const draft = await createInvoice(app, token, {
    client: "cli_northwind",
    issue_date: issue,
    lines: [{ description: "Audit", quantity: 2, rate: 500 }],
  });
  return await act(app, token, draft, "submit");
}

/** The finance person's notifications about these invoices, as the notifications call answers them. */
async function noticesAbout(app: TestApp, names: string[]) {
  const { notifications } = await jsonOf<
    { notifications: { title: string; message: string; link: string | null }[] }
  >(
    await app.call("POST", "/notifications/", {
      token: await app.tokenFor("finance@acme.test"),
      body: { limit: 200 },
    }),
  );
  return notifications.filter((n) => n.title === "Invoice overdue")
    .filter((n) => names.some((name) => n.message.startsWith(`${name} `)))
    .map(({ title, message, link }) => ({ title, message, link }));
}

Deno.test("an invoice that falls overdue tells whoever raised it, once", async () => {
  const app = await createTestApp();
  try {
    app.clock.now = Date.parse("2026-03-02T09:00:00.000Z");
    const finance = await app.tokenFor("finance@acme.test");
    const due = await submitted(app, finance, "2026-03-01");
    const paid = await submitted(app, finance, "2026-03-01");
    const old = await submitted(app, finance, "2025-12-16");
    await app.db.run("UPDATE invoices SET payment_status = 'paid', outstanding = 0 WHERE id = ?", [
      paid.id,
    ]);
    const names = [due.name, paid.name, old.name];

    await raiseOverdueInvoiceNotices(app.db, "2026-03-31T23:00:00.000Z");
    assertEquals(await noticesAbout(app, names), [], "due today is not overdue yet");

    await raiseOverdueInvoiceNotices(app.db, "2026-04-01T06:00:00.000Z");
    await raiseOverdueInvoiceNotices(app.db, "2026-04-01T07:00:00.000Z");
    assertEquals(await noticesAbout(app, names), [{
      title: "Invoice overdue",
      message: `${due.name} to Northwind Traders was due on Mar 31, 2026; ` +
        "$1,000.00 is outstanding.",
      link: `/app/invoices/${due.id}`,
    }]);
  } finally {
    await app.close();
  }
});

Deno.test("the hourly invoice watch runs the check with the server's clock", async () => {
  const app = await createTestApp();
  try {
    app.clock.now = Date.parse("2026-03-02T09:00:00.000Z");
    const finance = await app.tokenFor("finance@acme.test");
    const due = await submitted(app, finance, "2026-03-01");
    app.clock.now = Date.parse("2026-04-02T09:00:00.000Z");
    const watch = new InvoiceWatch(app.db, { clock: () => app.clock.now, everyMs: 5 });
    watch.start();
    try {
      for (let i = 0; i < 200 && (await noticesAbout(app, [due.name])).length === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await new Promise((resolve) => setTimeout(resolve, 40));
    } finally {
      await watch.stop();
    }
    assertEquals((await noticesAbout(app, [due.name])).length, 1);
  } finally {
    await app.close();
  }
});
