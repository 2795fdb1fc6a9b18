import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { errorOf, jsonOf } from "../../testing/http-assertions.ts";
import { deliverDueMail, FIRST_RETRY_MS, MailDelivery } from "./delivery.ts";
import { claimMail, dueMail, enqueueMail } from "./outbox.ts";
import { createSmtpTransport } from "./smtp-transport.ts";
import { startSmtpTestServer } from "./smtp-test-server.ts";

const FROM = "Opsuite <no-reply@opsuite.test>";

async function withApp(
  fn: (t: TestApp) => Promise<void>,
  overrides: Parameters<typeof createTestApp>[0] = {},
): Promise<void> {
  const t = await createTestApp(overrides);
  try {
    await fn(t);
  } finally {
    await t.close();
  }
}

function queue(t: TestApp, to: string) {
  return enqueueMail(t.db, {
    organizationId: null,
    to,
    subject: "Hello from the outbox",
    text: "One line.\nhttp://localhost:8000/reset-password?token=abc",
    kind: "password_reset",
  }, new Date(t.clock.now).toISOString());
}

function statusOf(t: TestApp, id: string) {
  return t.db.get<{ status: string; attempts: number; last_error: string | null }>(
    "SELECT status, attempts, last_error FROM mail_outbox WHERE id = ?",
    [id],
  );
}

Deno.test("the outbox delivers a queued message over SMTP and marks it sent", async () => {
  const smtp = startSmtpTestServer();
  try {
    await withApp(async (t) => {
      const id = await queue(t, "pm@acme.test");
      const transport = createSmtpTransport(smtp.url, { from: FROM });
      const pass = await deliverDueMail(t.db, transport, { clock: () => t.clock.now });
      assertEquals(pass, { sent: 1, failed: 0 });
      assertEquals(smtp.received.length, 1);
      assertEquals(smtp.received[0].from, "no-reply@opsuite.test");
      assertEquals(smtp.received[0].to, ["pm@acme.test"]);
      ok(smtp.received[0].data.includes("Subject: Hello from the outbox"));
      ok(smtp.received[0].data.includes("reset-password?token=abc"));
      assertEquals((await statusOf(t, id))?.status, "sent");
      const again = await deliverDueMail(t.db, transport, { clock: () => t.clock.now });
      assertEquals(again, { sent: 0, failed: 0 }, "a sent message is not sent twice");
    });
  } finally {
    await smtp.close();
  }
});

Deno.test("a failed delivery stays queued and is retried after the backoff", async () => {
  const smtp = startSmtpTestServer();
  try {
    await withApp(async (t) => {
      smtp.refuseNext.push("pm@acme.test");
      const id = await queue(t, "pm@acme.test");
      const transport = createSmtpTransport(smtp.url, { from: FROM });
      const clock = { clock: () => t.clock.now };
      assertEquals(await deliverDueMail(t.db, transport, clock), { sent: 0, failed: 1 });
      const failed = await statusOf(t, id);
      assertEquals(failed?.status, "queued");
      assertEquals(failed?.attempts, 1);
      ok(failed?.last_error?.includes("550"), failed?.last_error ?? "no error kept");
      t.clock.advance(FIRST_RETRY_MS - 1000);
      assertEquals(await deliverDueMail(t.db, transport, clock), { sent: 0, failed: 0 });
      t.clock.advance(2000);
      assertEquals(await deliverDueMail(t.db, transport, clock), { sent: 1, failed: 0 });
      assertEquals((await statusOf(t, id))?.status, "sent");
      assertEquals(smtp.received.length, 1);
    });
  } finally {
    await smtp.close();
  }
});

Deno.test("a message whose sender stopped mid-attempt is sent once its lease ends", async () => {
  const smtp = startSmtpTestServer();
  try {
    await withApp(async (t) => {
      const id = await queue(t, "pm@acme.test");
      // A process claims the message, then dies before recording the outcome.
      const [row] = await dueMail(t.db, new Date(t.clock.now).toISOString(), 10);
      assertEquals(await claimMail(t.db, row, new Date(t.clock.now + 120_000).toISOString()), true);
      const transport = createSmtpTransport(smtp.url, { from: FROM });
      const clock = { clock: () => t.clock.now };
      assertEquals(await deliverDueMail(t.db, transport, clock), { sent: 0, failed: 0 });
      t.clock.advance(121_000);
      assertEquals(await deliverDueMail(t.db, transport, clock), { sent: 1, failed: 0 });
      assertEquals((await statusOf(t, id))?.status, "sent");
    });
  } finally {
    await smtp.close();
  }
});

Deno.test("the delivery loop sends what was queued before it started", async () => {
  const smtp = startSmtpTestServer();
  try {
    await withApp(async (t) => {
      const id = await queue(t, "finance@acme.test");
      const loop = new MailDelivery(t.db, createSmtpTransport(smtp.url, { from: FROM }));
      loop.start(50);
      for (let i = 0; i < 100 && smtp.received.length === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await loop.stop();
      assertEquals(smtp.received.map((m) => m.to), [["finance@acme.test"]]);
      assertEquals((await statusOf(t, id))?.status, "sent");
    });
  } finally {
    await smtp.close();
  }
});

interface Listing {
  delivery: string;
  messages: { to: string; kind: string; text: string | null; link_path: string | null }[];
}

Deno.test("POST /admin/settings/outgoing-mail lists the organisation's mail with its link when no mail server is set", async () => {
  await withApp(async (t) => {
    const admin = await t.tokenFor("admin@acme.test");
    await jsonOf(
      await t.call("POST", "/admin/users/invite", {
        token: admin,
        body: { email: "newbie@acme.test", first_name: "New", last_name: "Person", role: "member" },
      }),
      201,
    );
    const listing = await jsonOf<Listing>(
      await t.call("POST", "/admin/settings/outgoing-mail", { token: admin, body: {} }),
    );
    assertEquals(listing.delivery, "outbox");
    const invitation = listing.messages.find((m) => m.to === "newbie@acme.test");
    assertEquals(invitation?.kind, "staff_invitation");
    ok(invitation?.link_path?.startsWith("/accept-invitation?token="), invitation?.link_path!);
    ok(invitation?.text?.includes(`http://localhost:8000${invitation.link_path}`));
    const other = await jsonOf<Listing>(
      await t.call("POST", "/admin/settings/outgoing-mail", {
        token: await t.tokenFor("admin@globex.test"),
        body: {},
      }),
    );
    assertEquals(other.messages.filter((m) => m.to === "newbie@acme.test"), []);
  });
});

Deno.test("POST /admin/settings/outgoing-mail is for administrators only", async () => {
  await withApp(async (t) => {
    const res = await t.call("POST", "/admin/settings/outgoing-mail", {
      token: await t.tokenFor("pm@acme.test"),
      body: {},
    });
    await errorOf(res, 403, "forbidden");
  });
});

Deno.test("with a mail server set, the listing shows delivery but not the texts", async () => {
  await withApp(async (t) => {
    const admin = await t.tokenFor("admin@acme.test");
    await t.call("POST", "/auth/password/forgot", { body: { email: "pm@acme.test" } });
    const listing = await jsonOf<Listing>(
      await t.call("POST", "/admin/settings/outgoing-mail", { token: admin, body: {} }),
    );
    assertEquals(listing.delivery, "smtp");
    const reset = listing.messages.find((m) => m.to === "pm@acme.test");
    assertEquals(reset?.kind, "password_reset");
    assertEquals([reset?.text, reset?.link_path], [null, null]);
  }, { smtpUrl: "smtp://127.0.0.1:2525" });
});

Deno.test("a portal invitation puts its mail in the outbox and still answers its link", async () => {
  await withApp(async (t) => {
    const admin = await t.tokenFor("admin@acme.test");
    const client = await t.db.get<{ id: string }>(
      "SELECT c.id FROM clients c JOIN organizations o ON o.id = c.organization_id WHERE o.name LIKE 'Acme%' LIMIT 1",
    );
    const invite = await jsonOf<{ invitation_link: string }>(
      await t.call("POST", "/clients/portal-invite", {
        token: admin,
        body: {
          client_id: client!.id,
          email: "contact@client.test",
          first_name: "Casey",
          last_name: "Contact",
        },
      }),
      201,
    );
    const mail = await t.db.get<{ kind: string; text_body: string }>(
      "SELECT kind, text_body FROM mail_outbox WHERE recipient = ?",
      ["contact@client.test"],
    );
    assertEquals(mail?.kind, "portal_invitation");
    ok(mail?.text_body.includes(invite.invitation_link));
  });
});
