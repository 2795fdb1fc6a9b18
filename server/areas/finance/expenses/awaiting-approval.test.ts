/**
 * Records that wait for someone (issue 24), through HTTP: a submitted expense
 * claim waits for its approver, a budget pending approval for everyone who may
 * approve budgets but its creator. Each of them is told once when the record
 * arrives (in the app and by mail, linking to it), the record says whom it
 * waits for, and a claim naming an approver who may not approve is refused at
 * submission, naming the field, storing nothing.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { jsonOf } from "../../../testing/http-assertions.ts";
import { fieldsOf, type Json, messageOf, recordOf, recordsAs } from "../invoices/testing/money.ts";

const LINE = { date: "2031-02-10", category: "travel", description: "Train", amount: 1240.5 };

interface Shown {
  title: string;
  message: string;
  link: string | null;
}

/** A person's notifications that link to `link`, as the notifications call answers them. */
async function noticesAbout(t: TestApp, email: string, link: string): Promise<Shown[]> {
  const { notifications } = await jsonOf<{ notifications: Shown[] }>(
    await t.call("POST", "/notifications", { token: await t.tokenFor(email), body: {} }),
  );
  return notifications.filter((n) => n.link === link)
    .map(({ title, message, link }) => ({ title, message, link }));
}

async function waitingFor(t: TestApp, email: string, type: string, id: string) {
  const answer = await jsonOf<{ waiting_for: string | null }>(
    await t.call("GET", `/api/records/${type}/${id}`, { token: await t.tokenFor(email) }),
  );
  return answer.waiting_for;
}

Deno.test("a submitted expense claim tells its approver once, and says whom it waits for", async () => {
  const t = await createTestApp();
  try {
    const pm = await recordsAs(t, "pm@acme.test");
    const finance = await recordsAs(t, "finance@acme.test");
    const claim = recordOf(
      await pm.create("expense", {
        purpose: "Client visit",
        approver: "usr_acme_finance",
        lines: [LINE],
      }),
    );
    const id = claim.id as string;
    const link = `/app/expenses/${id}`;
    assertEquals(
      await waitingFor(t, "pm@acme.test", "expense", id),
      null,
      "a draft waits for no one",
    );
    assertEquals((await pm.act("expense", id, "submit")).status, 200);
    const told = await noticesAbout(t, "finance@acme.test", link);
    assertEquals(told, [{
      title: "Expense claim waiting for you: Client visit",
      message: `Peter Novak asks you to approve Client visit (${claim.name}), $1,240.50.`,
      link,
    }]);
    const mail = await t.db.all<{ subject: string; text_body: string }>(
      "SELECT subject, text_body FROM mail_outbox WHERE recipient = 'finance@acme.test' AND kind = 'notification'",
    );
    assertEquals(mail.map((m) => m.subject), ["Expense claim waiting for you: Client visit"]);
    assertEquals(mail[0].text_body.includes(`${t.config.publicUrl}${link}`), true);
    assertEquals(
      await waitingFor(t, "pm@acme.test", "expense", id),
      "Waiting for Frank Chen to approve",
    );

    assertEquals((await finance.act("expense", id, "approve")).status, 200);
    assertEquals(await waitingFor(t, "pm@acme.test", "expense", id), null);
    assertEquals((await noticesAbout(t, "finance@acme.test", link)).length, 1, "told once");
  } finally {
    await t.close();
  }
});

Deno.test("a claim whose approver may not approve claims is refused at submission, naming the approver", async () => {
  const t = await createTestApp();
  try {
    const pm = await recordsAs(t, "pm@acme.test");
    const claim = recordOf(
      await pm.create("expense", { purpose: "Taxi", approver: "usr_acme_sales", lines: [LINE] }),
    );
    const refused = await pm.act("expense", claim.id as string, "submit");
    assertEquals(refused.status, 400);
    assertEquals(
      messageOf(refused),
      "Sara Lopez may not approve expense claims: choose another approver",
    );
    assertEquals(Object.keys(fieldsOf(refused)), ["approver"]);
    assertEquals(recordOf(await pm.get("expense", claim.id as string)).status, "draft");
    assertEquals(
      await noticesAbout(t, "sales@acme.test", `/app/expenses/${claim.id}`),
      [],
      "nothing kept",
    );
  } finally {
    await t.close();
  }
});

Deno.test("a budget pending approval tells everyone who may approve it but its creator", async () => {
  const t = await createTestApp();
  try {
    const pm = await recordsAs(t, "pm@acme.test");
    const budget = recordOf(
      await pm.create("budget", {
        title: "Training 2031",
        category: "training",
        period_start: "2031-01-01",
        period_end: "2031-12-31",
        items: [{ month: "2031-01", amount: 500 }],
      }),
    );
    const id = budget.id as string;
    const link = `/app/budget/${id}`;
    assertEquals((await pm.act("budget", id, "submit_for_approval")).status, 200);
    for (const email of ["admin@acme.test", "finance@acme.test"]) {
      assertEquals((await noticesAbout(t, email, link)).map((n) => n.message), [
        `Peter Novak asks you to approve Training 2031 (${budget.name}), $500.00.`,
      ]);
    }
    assertEquals(await noticesAbout(t, "pm@acme.test", link), []);
    assertEquals(
      await waitingFor(t, "pm@acme.test", "budget", id),
      "Waiting for Alice Morgan or Frank Chen to approve",
    );

    // The administrator's own budget waits for finance alone.
    const admin = await recordsAs(t, "admin@acme.test");
    const own = recordOf(
      await admin.create("budget", {
        title: "Admin tools",
        category: "training",
        period_start: "2031-01-01",
        period_end: "2031-12-31",
        items: [{ month: "2031-02", amount: 800 }],
      }),
    );
    assertEquals((await admin.act("budget", own.id as string, "submit_for_approval")).status, 200);
    assertEquals(
      await waitingFor(t, "admin@acme.test", "budget", own.id as string),
      "Waiting for Frank Chen to approve",
    );
    assertEquals(await noticesAbout(t, "admin@acme.test", `/app/budget/${own.id}`), []);
  } finally {
    await t.close();
  }
});

Deno.test("a budget no one but its creator may approve is refused when submitted", async () => {
  const t = await createTestApp();
  try {
    // Frank Chen leaves finance: the administrator is the only one who may approve budgets.
    await t.db.run(
      "UPDATE user_organizations SET user_role = 'member' WHERE user_id = 'usr_acme_finance' AND organization_id = 'org_acme'",
    );
    const admin = await recordsAs(t, "admin@acme.test");
    const own: Json = recordOf(
      await admin.create("budget", {
        title: "Admin tools",
        category: "training",
        period_start: "2031-01-01",
        period_end: "2031-12-31",
        items: [{ month: "2031-02", amount: 800 }],
      }),
    );
    const refused = await admin.act("budget", own.id as string, "submit_for_approval");
    assertEquals(refused.status, 409);
    assertEquals(
      messageOf(refused),
      "No one but its creator may approve this budget, so it would wait for ever",
    );
    assertEquals(recordOf(await admin.get("budget", own.id as string)).status, "draft");
  } finally {
    await t.close();
  }
});
