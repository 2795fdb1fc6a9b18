import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../../../testing/test-app.ts";
import { assertInvalidFields, jsonOf } from "../../../testing/http-assertions.ts";
import { notify } from "../../../platform/notifications/mod.ts";

interface NotificationsBody {
  notifications: {
    id: string;
    title: string;
    message: string;
    created_at: string;
    read: boolean;
    category: string;
    link: string | null;
  }[];
  unread_count: number;
}

Deno.test("POST /notifications/ answers the caller's notifications newest first with the unread count", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const body = await jsonOf<NotificationsBody>(
      await t.call("POST", "/notifications/", { token, body: {} }),
    );
    const stored = await t.db.all<{ id: string; read: number; category: string }>(
      "SELECT id, read, category FROM notifications WHERE user_id = 'usr_acme_admin' AND organization_id = 'org_acme'",
    );
    assertEquals(
      stored.filter((n) => n.category !== "automation" && n.category !== "reminder").length,
      9,
      "eight seeded notices and the demo approval waiting for her, besides what rules and reminders told her",
    );
    assertEquals(body.notifications.map((n) => n.id).sort(), stored.map((n) => n.id).sort());
    assertEquals(body.unread_count, stored.filter((n) => n.read === 0).length);
    ok(body.unread_count >= 3);
    for (const n of body.notifications) {
      assertEquals(Object.keys(n).sort(), [
        "category",
        "created_at",
        "id",
        "link",
        "message",
        "read",
        "title",
      ]);
      assertEquals(typeof n.read, "boolean");
      ok(n.title.length > 0 && n.message.length > 0 && n.category.length > 0);
    }
    const times = body.notifications.map((n) => n.created_at);
    assertEquals(times, [...times].sort().reverse());
  } finally {
    await t.close();
  }
});

Deno.test("POST /notifications answers the same as POST /notifications/", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("pm@acme.test");
    const withSlash = await jsonOf(await t.call("POST", "/notifications/", { token, body: {} }));
    const withoutSlash = await jsonOf(await t.call("POST", "/notifications", { token, body: {} }));
    assertEquals(withoutSlash, withSlash);
    assertEquals((withSlash as unknown as NotificationsBody).notifications.length, 8);
  } finally {
    await t.close();
  }
});

Deno.test("POST /notifications filters unread ones and honours the limit", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const unread = await jsonOf<NotificationsBody>(
      await t.call("POST", "/notifications", { token, body: { unread_only: true } }),
    );
    assertEquals(unread.notifications.length, unread.unread_count);
    ok(unread.notifications.every((n) => !n.read));
    const limited = await jsonOf<NotificationsBody>(
      await t.call("POST", "/notifications", { token, body: { limit: 2 } }),
    );
    assertEquals(limited.notifications.length, 2);
    assertEquals(limited.unread_count, unread.unread_count);
  } finally {
    await t.close();
  }
});

Deno.test("POST /notifications/mark-read marks the given notifications, then all", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const list = async () =>
      await jsonOf<NotificationsBody>(await t.call("POST", "/notifications", { token, body: {} }));
    const before = await list();
    const first = before.notifications.find((n) => !n.read)!;
    const one = await jsonOf(
      await t.call("POST", "/notifications/mark-read", { token, body: { ids: [first.id] } }),
    );
    assertEquals(one, { updated: 1 });
    assertEquals((await list()).unread_count, before.unread_count - 1);
    const all = await jsonOf(await t.call("POST", "/notifications/mark-read", { token, body: {} }));
    assertEquals(all, { updated: before.unread_count - 1 });
    assertEquals((await list()).unread_count, 0);
  } finally {
    await t.close();
  }
});

Deno.test("POST /notifications answers 400 naming a wrong-typed or out-of-range field", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    for (
      const [body, field] of [[{ limit: 0 }, "limit"], [{ limit: "ten" }, "limit"], [{
        unread_only: "yes",
      }, "unread_only"]] as const
    ) {
      await assertInvalidFields(await t.call("POST", "/notifications/", { token, body }), field);
    }
  } finally {
    await t.close();
  }
});

Deno.test("a notification names its record's page and writes its dates and money in the reader's language", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("finance@acme.test");
    await t.db.transaction((tx) =>
      notify(tx, {
        organizationId: "org_acme",
        userId: "usr_acme_finance",
        title: "Invoice overdue",
        message: "{invoice} was due on {due_date}; {outstanding} is outstanding.",
        params: {
          invoice: "INV-2026-00042 {due_date}",
          due_date: { date: "2026-03-31" },
          outstanding: { money: 17352, currency: "USD" },
        },
        link: "/app/invoices/inv_42",
        category: "finance",
      }, { now: new Date(t.clock.now + 1000).toISOString() })
    );
    const latest = async () =>
      (await jsonOf<NotificationsBody>(
        await t.call("POST", "/notifications", { token, body: { limit: 1 } }),
      )).notifications[0];
    const english = await latest();
    assertEquals(
      [english.message, english.link],
      [
        "INV-2026-00042 {due_date} was due on Mar 31, 2026; $17,352.00 is outstanding.",
        "/app/invoices/inv_42",
      ],
    );
    await jsonOf(
      await t.call("POST", "/api/user/preferences", {
        token,
        body: { preferences: { language: "de" } },
      }),
    );
    assertEquals(
      (await latest()).message,
      "INV-2026-00042 {due_date} was due on 31.03.2026; 17.352,00\u00a0$ is outstanding.",
    );
  } finally {
    await t.close();
  }
});
