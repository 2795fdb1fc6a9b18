import { DEFAULT_LOCALE, fillNotice, parseParams } from "../../../platform/notifications/mod.ts";
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../../../testing/http-assertions.ts";
import { ComplianceWatch } from "./watch.ts";

/** 2026-03-10, noon UTC: "today" of these tests. */
const NOW = Date.parse("2026-03-10T12:00:00.000Z");

interface Item {
  id: string;
  name: string;
  version: number;
  status: string;
  due_date: string;
}

async function createItem(
  t: TestApp,
  token: string,
  values: Record<string, unknown>,
): Promise<Item> {
  const body = await jsonOf<{ record: Item }>(
    await t.call("POST", "/api/records/compliance_item", { token, body: { values } }),
    201,
  );
  return body.record;
}

async function act(t: TestApp, token: string, item: Item, action: string, comment?: string) {
  return await jsonOf<{ record: Item & Record<string, unknown> }>(
    await t.call("POST", `/api/records/compliance_item/${item.id}/actions/${action}`, {
      token,
      body: { version: item.version, ...(comment ? { comment } : {}) },
    }),
  );
}

/** A person's compliance notices in their words (dates written out), with their links. */
async function noticesOf(
  t: TestApp,
  userId: string,
): Promise<{ title: string; message: string; link: string }[]> {
  const rows = await t.db.all<{ title: string; message: string; params: string; link: string }>(
    `SELECT title, message, params, link FROM notifications
      WHERE user_id = ? AND organization_id = 'org_acme' AND category = 'compliance'
      ORDER BY created_at, message`,
    [userId],
  );
  return rows.map((r) => ({
    title: r.title,
    message: fillNotice(r.message, parseParams(r.params), DEFAULT_LOCALE),
    link: r.link,
  }));
}

/**
 * Four obligations of Acme on 2026-03-10: VAT (due 03-01, open: overdue by 9
 * days), payroll (due 03-15, open: due soon), licence (due 05-01, open: neither)
 * and audit (due 02-01 but done: not overdue); Globex has one overdue of its own
 * (the demo obligations are removed first).
 */
async function plant(t: TestApp, admin: string) {
  // Only these obligations: the demo ones are removed first.
  await t.db.run("DELETE FROM compliance_items");
  const vat = await createItem(t, admin, {
    title: "VAT return Q4",
    category: "tax",
    authority: "Tax office",
    due_date: "2026-03-01",
    recurrence: "quarterly",
    owner: "usr_acme_finance",
  });
  const payroll = await createItem(t, admin, {
    title: "Payroll filing",
    category: "payroll",
    due_date: "2026-03-15",
    owner: "usr_acme_finance",
  });
  const licence = await createItem(t, admin, {
    title: "Trade licence renewal",
    category: "licence",
    due_date: "2026-05-01",
    owner: "usr_acme_admin",
  });
  const audit = await createItem(t, admin, {
    title: "Annual audit",
    category: "audit",
    due_date: "2026-02-01",
    owner: "usr_acme_admin",
  });
  await act(t, admin, audit, "complete");
  const globex = await t.tokenFor("admin@globex.test");
  await createItem(t, globex, {
    title: "Globex filing",
    category: "tax",
    due_date: "2026-01-31",
    owner: "usr_globex_admin",
  });
  return { vat, payroll, licence, audit };
}

Deno.test("the compliance summary counts open, overdue, due soon and done obligations of the caller's organisation", async () => {
  const t = await createTestApp();
  try {
    t.clock.now = NOW;
    const admin = await t.tokenFor("admin@acme.test");
    await plant(t, admin);
    const summary = await jsonOf<Record<string, unknown>>(
      await t.call("POST", "/api/compliance/summary", { token: admin, body: {} }),
    );
    assertEquals(
      [summary.total, summary.open, summary.overdue, summary.due_soon, summary.done],
      [4, 3, 1, 1, 1],
    );
    assertEquals(summary.due_soon_days, 14);
    assertEquals(summary.by_status, { open: 3, in_progress: 0, done: 1, waived: 0 });
    assertEquals(summary.by_category, [
      { category: "audit", open: 0, overdue: 0, done: 1 },
      { category: "licence", open: 1, overdue: 0, done: 0 },
      { category: "payroll", open: 1, overdue: 0, done: 0 },
      { category: "tax", open: 1, overdue: 1, done: 0 },
    ]);
  } finally {
    await t.close();
  }
});

Deno.test("compliance items are filtered by state, overdue, owner, category and due dates", async () => {
  const t = await createTestApp();
  try {
    t.clock.now = NOW;
    const admin = await t.tokenFor("admin@acme.test");
    await plant(t, admin);
    const items = async (
      body: Record<string, unknown>,
    ) => (await jsonOf<{ items: Record<string, unknown>[]; total: number }>(
      await t.call("POST", "/api/compliance/items", { token: admin, body }),
    ));
    const all = await items({});
    assertEquals(all.total, 4, "Globex's obligation is not listed");
    assertEquals(all.items.map((i) => i.title), [
      "Annual audit",
      "VAT return Q4",
      "Payroll filing",
      "Trade licence renewal",
    ]);
    const overdue = await items({ overdue: true });
    assertEquals(
      overdue.items.map((i) => [i.title, i.overdue, i.days_overdue, i.owner_name]),
      [["VAT return Q4", true, 9, "Frank Chen"]],
    );
    assertEquals((await items({ status: ["done"] })).items.map((i) => i.title), ["Annual audit"]);
    assertEquals((await items({ category: "payroll" })).total, 1);
    assertEquals(
      (await items({ owner_id: "me", status: ["open"] })).items.map((i) => i.title),
      ["Trade licence renewal"],
    );
    assertEquals(
      (await items({ due_from: "2026-03-01", due_to: "2026-03-31" })).items.map((i) => i.title),
      ["VAT return Q4", "Payroll filing"],
    );
    assertEquals((await items({ search: "licence" })).total, 1);
  } finally {
    await t.close();
  }
});

Deno.test("compliance calls with bad input answer 400 naming the field", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    await assertInvalidFields(
      await t.call("POST", "/api/compliance/items", {
        token: admin,
        body: { due_from: "10/03/2026" },
      }),
      "due_from",
    );
    await assertInvalidFields(
      await t.call("POST", "/api/compliance/items", { token: admin, body: { status: ["late"] } }),
      "status.0",
    );
    await assertInvalidFields(
      await t.call("POST", "/api/compliance/items", { token: admin, body: { limit: 0 } }),
      "limit",
    );
    await assertInvalidFields(
      await t.call("PUT", "/api/compliance/settings", {
        token: admin,
        body: { due_soon_days: 0 },
      }),
      "due_soon_days",
    );
    await assertInvalidFields(
      await t.call("PUT", "/api/compliance/settings", { token: admin, body: { colour: "red" } }),
      "colour",
    );
  } finally {
    await t.close();
  }
});

Deno.test("compliance settings are read by the module's readers and changed only with compliance.configure", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const finance = await t.tokenFor("finance@acme.test");
    assertEquals(
      await jsonOf(await t.call("GET", "/api/compliance/settings", { token: finance })),
      { due_soon_days: 14, notify_owners: true, remind_days_before: 0, updated_at: null },
    );
    const refused = await errorOf(
      await t.call("PUT", "/api/compliance/settings", {
        token: finance,
        body: { due_soon_days: 30 },
      }),
      403,
      "forbidden",
    );
    ok(refused.message.includes("compliance.configure"), refused.message);
    const saved = await jsonOf<Record<string, unknown>>(
      await t.call("PUT", "/api/compliance/settings", {
        token: admin,
        body: { due_soon_days: 30, remind_days_before: 3 },
      }),
    );
    assertEquals([saved.due_soon_days, saved.notify_owners, saved.remind_days_before], [
      30,
      true,
      3,
    ]);
    const read = await jsonOf<Record<string, unknown>>(
      await t.call("GET", "/api/compliance/settings", { token: finance }),
    );
    assertEquals(read.due_soon_days, 30);
    const globex = await jsonOf<Record<string, unknown>>(
      await t.call("GET", "/api/compliance/settings", {
        token: await t.tokenFor("admin@globex.test"),
      }),
    );
    assertEquals(globex.due_soon_days, 14, "another organisation keeps its own settings");
    const audited = await t.db.get<{ after_value: string }>(
      "SELECT after_value FROM audit_logs WHERE resource_type = 'compliance_settings' AND organization_id = 'org_acme'",
    );
    assertEquals(JSON.parse(audited!.after_value), { due_soon_days: 30, remind_days_before: 3 });
  } finally {
    await t.close();
  }
});

Deno.test("the compliance service answers 403 naming compliance.read to a role without it", async () => {
  const t = await createTestApp();
  try {
    const sales = await t.tokenFor("sales@acme.test");
    for (
      const [method, path, body] of [
        ["POST", "/api/compliance/summary", {}],
        ["POST", "/api/compliance/items", {}],
        ["GET", "/api/compliance/settings", undefined],
      ] as const
    ) {
      const error = await errorOf(
        await t.call(method, path, { token: sales, body }),
        403,
        "forbidden",
      );
      ok(error.message.includes("compliance.read"), error.message);
    }
  } finally {
    await t.close();
  }
});

Deno.test("an overdue obligation notifies its owner once per due date, on reading the summary", async () => {
  const t = await createTestApp();
  try {
    t.clock.now = NOW;
    const admin = await t.tokenFor("admin@acme.test");
    const { vat } = await plant(t, admin);
    const first = await jsonOf<{ notified: number }>(
      await t.call("POST", "/api/compliance/summary", { token: admin, body: {} }),
    );
    assertEquals(first.notified, 1);
    const again = await jsonOf<{ notified: number }>(
      await t.call("POST", "/api/compliance/summary", { token: admin, body: {} }),
    );
    assertEquals(again.notified, 0, "a second read raises nothing");
    assertEquals(await noticesOf(t, "usr_acme_finance"), [{
      title: "Compliance item overdue",
      message: `VAT return Q4 (${vat.name}) was due on Mar 1, 2026.`,
      link: `/app/compliance/${vat.id}`,
    }]);
    assertEquals(await noticesOf(t, "usr_acme_admin"), [], "the done audit raises nothing");
    const globex = await t.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM notifications WHERE organization_id = 'org_globex' AND category = 'compliance'",
    );
    assertEquals(globex?.n, 0, "Acme's read does not evaluate Globex");

    // Completing the quarterly VAT return creates the next one, due three months later.
    const done = await act(t, admin, vat, "complete");
    assertEquals(done.record.status, "done");
    assertEquals(done.record.completed_at, new Date(NOW).toISOString());
    const next = await t.db.get<{ due_date: string; status: string; owner_id: string }>(
      "SELECT due_date, status, owner_id FROM compliance_items WHERE organization_id = 'org_acme' AND title = 'VAT return Q4' AND id <> ?",
      [vat.id],
    );
    assertEquals({ ...next }, {
      due_date: "2026-06-01",
      status: "open",
      owner_id: "usr_acme_finance",
    });

    // Three months on, the next occurrence is overdue in its turn: one more notice.
    t.clock.now = Date.parse("2026-06-02T08:00:00.000Z");
    const later = await jsonOf<{ notified: number; overdue: number }>(
      await t.call("POST", "/api/compliance/summary", {
        token: await t.tokenFor("admin@acme.test"),
        body: {},
      }),
    );
    assertEquals(
      later.notified,
      3,
      "the VAT return due 06-01, the payroll filing due 03-15 and the licence due 05-01",
    );
    assertEquals((await noticesOf(t, "usr_acme_finance")).length, 3);
  } finally {
    await t.close();
  }
});

Deno.test("the hourly compliance check notifies owners of every organisation once, however often it runs", async () => {
  const t = await createTestApp();
  try {
    t.clock.now = NOW;
    const admin = await t.tokenFor("admin@acme.test");
    await plant(t, admin);
    const watch = new ComplianceWatch(t.db, { clock: () => t.clock.now, everyMs: 5 });
    watch.start();
    try {
      for (let i = 0; i < 200; i++) {
        const n = await t.db.get<{ n: number }>(
          "SELECT COUNT(*) AS n FROM compliance_notices",
        );
        if ((n?.n ?? 0) >= 2) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // Let the check run a few more times.
      await new Promise((resolve) => setTimeout(resolve, 60));
    } finally {
      await watch.stop();
    }
    const rows = await t.db.all<{ organization_id: string; user_id: string; n: number }>(
      `SELECT organization_id, user_id, COUNT(*) AS n FROM notifications WHERE category = 'compliance'
        GROUP BY organization_id, user_id ORDER BY organization_id, user_id`,
    );
    assertEquals(rows.map((r) => ({ ...r })), [
      { organization_id: "org_acme", user_id: "usr_acme_finance", n: 1 },
      { organization_id: "org_globex", user_id: "usr_globex_admin", n: 1 },
    ]);
  } finally {
    await t.close();
  }
});

Deno.test("owners are reminded before the due date when the organisation asks for it", async () => {
  const t = await createTestApp();
  try {
    t.clock.now = NOW;
    const admin = await t.tokenFor("admin@acme.test");
    await plant(t, admin);
    await jsonOf(
      await t.call("PUT", "/api/compliance/settings", {
        token: admin,
        body: { remind_days_before: 5 },
      }),
    );
    await jsonOf(await t.call("POST", "/api/compliance/summary", { token: admin, body: {} }));
    assertEquals((await noticesOf(t, "usr_acme_finance")).map((n) => n.title), [
      "Compliance item due soon",
      "Compliance item overdue",
    ]);
    await jsonOf(
      await t.call("PUT", "/api/compliance/settings", {
        token: admin,
        body: { notify_owners: false },
      }),
    );
    t.clock.now = Date.parse("2026-03-20T08:00:00.000Z");
    const off = await jsonOf<{ notified: number }>(
      await t.call("POST", "/api/compliance/summary", {
        token: await t.tokenFor("admin@acme.test"),
        body: {},
      }),
    );
    assertEquals(off.notified, 0, "no notices when the organisation turned them off");
  } finally {
    await t.close();
  }
});

Deno.test("a compliance item of another organisation answers 404", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const item = await createItem(t, admin, { title: "Filing", due_date: "2026-03-01" });
    const globex = await t.tokenFor("admin@globex.test");
    await errorOf(
      await t.call("GET", `/api/records/compliance_item/${item.id}`, { token: globex }),
      404,
      "not_found",
    );
  } finally {
    await t.close();
  }
});
