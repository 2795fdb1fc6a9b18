import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { assertInvalidFields, jsonOf } from "../../testing/http-assertions.ts";
import { DEMO_PASSWORD } from "../../db/seed/demo-people.ts";
import { FORGOT_ANSWER, RESET_MINUTES, RESETS_PER_HOUR } from "./password-reset.ts";

const PERSON = "pm@acme.test";
const NEW_PASSWORD = "a-brand-new-password";

async function withApp(fn: (t: TestApp) => Promise<void>): Promise<void> {
  const t = await createTestApp();
  try {
    await fn(t);
  } finally {
    await t.close();
  }
}

function mailTo(t: TestApp, email: string, kind = "password_reset") {
  return t.db.all<
    { id: string; text_body: string; organization_id: string | null; subject: string }
  >(
    "SELECT id, text_body, organization_id, subject FROM mail_outbox WHERE recipient = ? AND kind = ? ORDER BY created_at, id",
    [email, kind],
  );
}

/** Asks for a reset link and returns the token the mail it queued carries. */
async function requestToken(t: TestApp, email = PERSON): Promise<string> {
  const before = new Set((await mailTo(t, email)).map((m) => m.id));
  await jsonOf(await t.call("POST", "/auth/password/forgot", { body: { email } }), 202);
  // The test clock stands still, so the new mail is told apart by its id, not its time.
  const mail = (await mailTo(t, email)).find((m) => !before.has(m.id))!;
  const link = mail.text_body.split(/\s+/).find((w) => w.includes("/reset-password?"))!;
  return new URL(link).searchParams.get("token")!;
}

function reset(t: TestApp, token: string, password = NEW_PASSWORD) {
  return t.call("POST", "/auth/password/reset", { body: { token, password } });
}

Deno.test("POST /auth/password/forgot answers 202 alike for a known and an unknown email, and mails only the known one", async () => {
  await withApp(async (t) => {
    const known = await t.call("POST", "/auth/password/forgot", { body: { email: PERSON } });
    const unknown = await t.call("POST", "/auth/password/forgot", {
      body: { email: "nobody@acme.test" },
    });
    const knownBody = await jsonOf(known, 202);
    assertEquals(await jsonOf(unknown, 202), knownBody);
    assertEquals(knownBody, { message: FORGOT_ANSWER });
    const mails = await mailTo(t, PERSON);
    assertEquals(mails.length, 1);
    ok(mails[0].text_body.includes("http://localhost:8000/reset-password?token="));
    ok(mails[0].organization_id, "the mail is filed under the person's organisation");
    assertEquals((await mailTo(t, "nobody@acme.test")).length, 0);
  });
});

Deno.test("POST /auth/password/forgot mails an address at most 3 times an hour, answering alike", async () => {
  await withApp(async (t) => {
    for (let i = 0; i < RESETS_PER_HOUR + 2; i++) {
      const res = await t.call("POST", "/auth/password/forgot", { body: { email: PERSON } });
      assertEquals(await jsonOf(res, 202), { message: FORGOT_ANSWER });
    }
    assertEquals((await mailTo(t, PERSON)).length, RESETS_PER_HOUR);
    t.clock.advance(61 * 60_000);
    await t.call("POST", "/auth/password/forgot", { body: { email: PERSON } });
    assertEquals((await mailTo(t, PERSON)).length, RESETS_PER_HOUR + 1);
  });
});

Deno.test("POST /auth/password/forgot refuses a malformed email naming the field", async () => {
  await withApp(async (t) => {
    await assertInvalidFields(
      await t.call("POST", "/auth/password/forgot", { body: { email: "not-an-email" } }),
      "email",
    );
  });
});

Deno.test("a reset link sets the password once and the new password signs in", async () => {
  await withApp(async (t) => {
    const token = await requestToken(t);
    assertEquals(await jsonOf(await reset(t, token)), { ok: true, sign_in_path: "/login" });
    await assertInvalidFields(await reset(t, token, "yet-another-password"), "token");
    const login = (password: string) =>
      t.call("POST", "/auth/login", { body: { email: PERSON, password } });
    assertEquals((await login(DEMO_PASSWORD)).status, 401);
    assertEquals((await login(NEW_PASSWORD)).status, 200);
    const notices = await mailTo(t, PERSON, "password_changed");
    assertEquals(notices.length, 1, "the person is told their password changed");
  });
});

Deno.test("a reset link stops working after 30 minutes", async () => {
  await withApp(async (t) => {
    const token = await requestToken(t);
    t.clock.advance(RESET_MINUTES * 60_000 + 1000);
    await assertInvalidFields(await reset(t, token), "token");
  });
});

Deno.test("a newer reset link voids the older one", async () => {
  await withApp(async (t) => {
    const older = await requestToken(t);
    const newer = await requestToken(t);
    await assertInvalidFields(await reset(t, older), "token");
    await jsonOf(await reset(t, newer));
  });
});

Deno.test("a reset signs the person out of every session: old refresh and access tokens are refused", async () => {
  await withApp(async (t) => {
    const session = await jsonOf<{ refresh_token: string; access_token: string }>(
      await t.call("POST", "/auth/login", { body: { email: PERSON, password: DEMO_PASSWORD } }),
    );
    const me = () => t.call("POST", "/auth/me", { token: session.access_token, body: {} });
    assertEquals((await me()).status, 200);
    const token = await requestToken(t);
    await jsonOf(await reset(t, token));
    const refreshed = await t.call("POST", "/auth/refresh", {
      body: { refresh_token: session.refresh_token },
    });
    assertEquals(refreshed.status, 401);
    const after = await me();
    assertEquals(after.status, 401);
    assertEquals((await after.json()).error.code, "session_ended");
  });
});

Deno.test("POST /auth/password/reset refuses a short password naming the field, and keeps the link", async () => {
  await withApp(async (t) => {
    const token = await requestToken(t);
    await assertInvalidFields(await reset(t, token, "short"), "password");
    await jsonOf(await reset(t, token));
  });
});

Deno.test("POST /auth/password/reset refuses a made-up token naming the field", async () => {
  await withApp(async (t) => {
    await assertInvalidFields(await reset(t, "made-up-token-of-some-length"), "token");
  });
});

Deno.test("a portal user's reset sends them to the portal sign-in", async () => {
  await withApp(async (t) => {
    const token = await requestToken(t, "client@northwind.test");
    assertEquals(await jsonOf(await reset(t, token)), {
      ok: true,
      sign_in_path: "/client-portal",
    });
  });
});
