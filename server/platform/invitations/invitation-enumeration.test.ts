/**
 * Inviting an address answers the same whether or not it has an account, for staff
 * and portal invitations alike, and what an existing account's owner gets instead.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../../testing/http-assertions.ts";
import { DEMO_PASSWORD } from "../../db/seed/demo-people.ts";

type Json = Record<string, unknown>;

/** Status, headers (the request id aside) and the body's shape with its values' forms. */
async function answerShape(res: Response) {
  const headers = [...res.headers].filter(([name]) => name !== "x-request-id");
  const body = await res.json() as Json;
  const shape = Object.fromEntries(
    Object.entries(body).map(([key, value]) => [
      key,
      typeof value === "string"
        ? value.replace(/[A-Za-z0-9_-]{16,}/g, "<token>").replace(/^usr_[A-Za-z0-9]+$/, "usr_<id>")
        : typeof value,
    ]),
  );
  return { status: res.status, headers, shape };
}

function staffInvite(t: TestApp, token: string, email: string) {
  return t.call("POST", "/admin/users/invite", {
    token,
    body: { email, first_name: "Typed", last_name: "Name", role: "member" },
  });
}

function portalInvite(t: TestApp, token: string, email: string) {
  return t.call("POST", "/clients/portal-invite", {
    token,
    body: { client_id: "cli_contoso", email, first_name: "Typed", last_name: "Name" },
  });
}

async function outbox(t: TestApp, token: string) {
  return (await jsonOf<{ messages: { to: string; subject: string; kind: string; text: string }[] }>(
    await t.call("POST", "/admin/settings/outgoing-mail", { token, body: {} }),
  )).messages;
}

async function member(t: TestApp, token: string, email: string) {
  const { users } = await jsonOf<{ users: Json[] }>(
    await t.call("POST", "/users/list", { token, body: {} }),
  );
  return users.find((u) => u.email === email);
}

Deno.test("POST /admin/users/invite answers the same for an address with an account elsewhere and one without", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const fresh = await answerShape(await staffInvite(t, admin, "newcomer@example.test"));
    const known = await answerShape(await staffInvite(t, admin, "admin@globex.test"));
    assertEquals(fresh.status, 201);
    assertEquals(known, fresh);

    // What else the inviter sees is alike too: the mail in the outbox and the member list.
    const mails = await outbox(t, admin);
    const mailTo = (to: string) => mails.find((m) => m.to === to)!;
    const wordsOf = (m: { subject: string; kind: string; text: string }) => ({
      subject: m.subject,
      kind: m.kind,
      text: m.text.replace(/^To: .*$/m, "").replace(/token=[A-Za-z0-9_-]+/, "token="),
    });
    assertEquals(wordsOf(mailTo("admin@globex.test")), wordsOf(mailTo("newcomer@example.test")));
    ok(mailTo("admin@globex.test").text.includes("Already have an Opsuite account"));
    const listed = async (email: string) => {
      const { id: _id, email: _email, joined_at: _at, ...rest } = (await member(t, admin, email))!;
      return rest;
    };
    assertEquals(await listed("admin@globex.test"), await listed("newcomer@example.test"));
    assertEquals((await listed("admin@globex.test")).full_name, "Typed Name");
  } finally {
    await t.close();
  }
});

Deno.test("POST /clients/portal-invite answers the same for an address with an account and one without; the owner is told, nothing changes", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const account = async () =>
      await t.db.get<Json>(
        "SELECT password_hash, is_client_portal_user, client_id FROM users WHERE email = 'admin@globex.test'",
      );
    const before = await account();
    const users = await t.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM users");
    const fresh = await answerShape(await portalInvite(t, admin, "contact@contoso.test"));
    const known = await answerShape(await portalInvite(t, admin, "admin@globex.test"));
    assertEquals(fresh.status, 201);
    assertEquals(known, fresh);

    assertEquals(await account(), before, "the existing account is unchanged");
    assertEquals(
      Number((await t.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM users"))!.n),
      Number(users!.n) + 1,
      "only the new address got an account",
    );
    const notice = await t.db.get<
      { organization_id: string | null; subject: string; text_body: string }
    >(
      "SELECT organization_id, subject, text_body FROM mail_outbox WHERE recipient = 'admin@globex.test'",
    );
    assertEquals(
      notice?.organization_id,
      null,
      "the owner's notice is not the organisation's mail",
    );
    ok(notice!.subject.includes("client portal"), notice!.subject);
    ok(notice!.text_body.includes("nothing was changed"), notice!.text_body);
  } finally {
    await t.close();
  }
});

Deno.test("An account invited to another organisation accepts with its own password, which the link cannot change", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const { invitation_link } = await jsonOf<{ invitation_link: string }>(
      await staffInvite(t, admin, "admin@globex.test"),
      201,
    );
    const token = new URL(invitation_link).searchParams.get("token")!;
    const preview = await jsonOf<Json>(
      await t.call("POST", "/auth/invitation/preview", { body: { token } }),
    );
    assertEquals([preview.email, preview.kind], ["admin@globex.test", "staff"]);
    const hash = async () =>
      (await t.db.get<{ password_hash: string }>(
        "SELECT password_hash FROM users WHERE email = 'admin@globex.test'",
      ))!.password_hash;
    const before = await hash();

    // Whoever holds the link without the account's password cannot accept, nor set one.
    await assertInvalidFields(
      await t.call("POST", "/auth/accept-invitation", {
        body: { token, password: "the-inviter-chooses-this" },
      }),
      "password",
    );
    assertEquals(await hash(), before);
    assertEquals((await member(t, admin, "admin@globex.test"))?.status, "invited");

    await jsonOf(
      await t.call("POST", "/auth/accept-invitation", { body: { token, password: DEMO_PASSWORD } }),
    );
    assertEquals(await hash(), before, "the password stays as it is");
    const joined = await member(t, admin, "admin@globex.test");
    assertEquals([joined?.status, joined?.role], ["active", "member"]);
    // Accepted, the member shows by their own name.
    ok(joined?.full_name !== "Typed Name", JSON.stringify(joined));
    // Their password signs them in as before.
    await jsonOf(
      await t.call("POST", "/auth/login", {
        body: { email: "admin@globex.test", password: DEMO_PASSWORD },
      }),
    );
  } finally {
    await t.close();
  }
});

Deno.test("Inviting someone still invited sends a new link and ends the old one; someone in the organisation is refused by name", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const tokenOf = async (res: Response) =>
      new URL((await jsonOf<{ invitation_link: string }>(res, 201)).invitation_link).searchParams
        .get("token")!;
    const first = await tokenOf(await staffInvite(t, admin, "again@example.test"));
    const second = await tokenOf(await staffInvite(t, admin, "again@example.test"));
    await errorOf(
      await t.call("POST", "/auth/invitation/preview", { body: { token: first } }),
      400,
      "invalid_input",
    );
    await jsonOf(await t.call("POST", "/auth/invitation/preview", { body: { token: second } }));
    const { n } = (await t.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM users WHERE email = 'again@example.test'",
    ))!;
    assertEquals(Number(n), 1);

    for (const email of ["pm@acme.test", "client@northwind.test"]) {
      const error = await assertInvalidFields(await staffInvite(t, admin, email), "email");
      assertEquals(error.message, "This email belongs to someone already in this organization");
      await assertInvalidFields(await portalInvite(t, admin, email), "email");
    }
  } finally {
    await t.close();
  }
});

Deno.test("A client portal account invited to another organisation's staff cannot accept it", async () => {
  const t = await createTestApp();
  try {
    const globex = await t.tokenFor("admin@globex.test");
    const { invitation_link } = await jsonOf<{ invitation_link: string }>(
      await staffInvite(t, globex, "client@northwind.test"),
      201,
    );
    const token = new URL(invitation_link).searchParams.get("token")!;
    const error = await errorOf(
      await t.call("POST", "/auth/accept-invitation", { body: { token, password: DEMO_PASSWORD } }),
      400,
      "invalid_input",
    );
    assertEquals(error.message, "A client portal account cannot join an organization's staff");
    ok(error.details?.fields?.token, JSON.stringify(error));
    const row = await t.db.get<{ status: string }>(
      `SELECT uo.status FROM user_organizations uo JOIN users u ON u.id = uo.user_id
        WHERE u.email = 'client@northwind.test' AND uo.organization_id = 'org_globex'`,
    );
    assertEquals(row?.status, "invited");
  } finally {
    await t.close();
  }
});
