import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { errorOf, jsonOf } from "../../testing/http-assertions.ts";

/**
 * PBKDF2 derivations made in this process: WebCrypto's own function, counted on
 * its way through, so that a path which skips the derivation shows as zero.
 */
let derivations = 0;
const deriveBits = crypto.subtle.deriveBits.bind(crypto.subtle);
crypto.subtle.deriveBits = ((algorithm, key, length) => {
  if ((algorithm as { name?: string }).name === "PBKDF2") derivations++;
  return deriveBits(algorithm, key, length);
}) as typeof crypto.subtle.deriveBits;

/** Derivations made while `work` runs. */
async function derivationsDuring(work: () => Promise<unknown>): Promise<number> {
  const before = derivations;
  await work();
  return derivations - before;
}

const NEW_ACCOUNT = {
  first_name: "Rosa",
  last_name: "Diaz",
  email: "rosa@initrode.test",
  password: "a-long-enough-password",
  organization_name: "Initrode Advisory",
};

async function answerOf(res: Response) {
  const headers = [...res.headers].filter(([name]) => name !== "x-request-id");
  return { status: res.status, headers, body: await res.text() };
}

async function invite(t: TestApp, email: string): Promise<string> {
  const res = await t.call("POST", "/admin/users/invite", {
    token: await t.tokenFor("admin@acme.test"),
    body: { email, first_name: "New", last_name: "Colleague", role: "member" },
  });
  const { invitation_link } = await jsonOf<{ invitation_link: string }>(res, 201);
  return new URL(invitation_link).searchParams.get("token")!;
}

Deno.test("POST /auth/register answers byte for byte the same for a new email, the same email again and a seeded one", async () => {
  const t = await createTestApp();
  try {
    const register = async (email: string) =>
      await answerOf(
        await t.call("POST", "/auth/register", { body: { ...NEW_ACCOUNT, email } }),
      );
    const first = await register(NEW_ACCOUNT.email);
    assertEquals(first.status, 202);
    assertEquals(await register(NEW_ACCOUNT.email), first);
    assertEquals(await register("admin@acme.test"), first);
  } finally {
    await t.close();
  }
});

Deno.test("POST /auth/register hashes the password once whether or not the email is known", async () => {
  const t = await createTestApp();
  try {
    const register = (email: string) =>
      derivationsDuring(async () =>
        await jsonOf(
          await t.call("POST", "/auth/register", { body: { ...NEW_ACCOUNT, email } }),
          202,
        )
      );
    assertEquals(await register(NEW_ACCOUNT.email), 1);
    assertEquals(await register("admin@acme.test"), 1);
  } finally {
    await t.close();
  }
});

Deno.test("Every failed sign-in runs exactly one PBKDF2 derivation: unknown, invited, deactivated, wrong password", async () => {
  const t = await createTestApp();
  try {
    await invite(t, "newbie@acme.test");
    await t.db.run("UPDATE users SET is_active = 0 WHERE email = 'pm@acme.test'");
    const cases: [string, string][] = [
      ["nobody@acme.test", "demo-password"],
      ["newbie@acme.test", "demo-password"],
      ["pm@acme.test", "demo-password"],
      ["sales@acme.test", "wrong-password"],
    ];
    for (const [email, password] of cases) {
      const spent = await derivationsDuring(async () => {
        const res = await t.call("POST", "/auth/login", { body: { email, password } });
        const error = await errorOf(res, 401, "unauthenticated");
        assertEquals(error.message, "Invalid email or password");
      });
      assertEquals(spent, 1, email);
    }
  } finally {
    await t.close();
  }
});

Deno.test("POST /auth/accept-invitation refuses a bad, used or expired token without hashing the password", async () => {
  const t = await createTestApp();
  try {
    const accept = (token: string, status: number) =>
      derivationsDuring(async () => {
        const res = await t.call("POST", "/auth/accept-invitation", {
          body: { token, password: "a-new-password" },
        });
        if (status === 200) await jsonOf(res, 200);
        else await errorOf(res, status, "invalid_input");
      });
    assertEquals(await accept("not-a-real-invitation-token", 400), 0);

    const token = await invite(t, "newbie@acme.test");
    assertEquals(await accept(token, 200), 1);
    assertEquals(await accept(token, 400), 0);

    const late = await invite(t, "later@acme.test");
    t.clock.advance(365 * 24 * 60 * 60 * 1000);
    assertEquals(await accept(late, 400), 0);
  } finally {
    await t.close();
  }
});

Deno.test("registering with a known email mails its owner a notice, at most three an hour, and a new email none", async () => {
  const t = await createTestApp();
  try {
    const notices = (email: string) =>
      t.db.all<{ subject: string; text_body: string }>(
        "SELECT subject, text_body FROM mail_outbox WHERE recipient = ? AND kind = 'registration_attempt'",
        [email],
      );
    for (let i = 1; i <= 4; i++) {
      await jsonOf(
        await t.call("POST", "/auth/register", {
          body: { ...NEW_ACCOUNT, email: "admin@acme.test" },
          remoteAddress: `203.0.113.${i}`,
        }),
        202,
      );
    }
    const sent = await notices("admin@acme.test");
    assertEquals(sent.length, 3);
    assertEquals(sent[0].text_body.includes("/forgot-password"), true);
    await jsonOf(await t.call("POST", "/auth/register", { body: NEW_ACCOUNT }), 202);
    assertEquals(await notices(NEW_ACCOUNT.email), []);
  } finally {
    await t.close();
  }
});

Deno.test("one new email registered several times at once founds one account and answers all alike", async () => {
  const t = await createTestApp();
  try {
    const attempts = [1, 2, 3].map((i) =>
      t.call("POST", "/auth/register", { body: NEW_ACCOUNT, remoteAddress: `198.51.100.${i}` })
    );
    const answers = await Promise.all((await Promise.all(attempts)).map(answerOf));
    for (const answer of answers) assertEquals(answer, answers[0]);
    assertEquals(answers[0].status, 202);
    const accounts = await t.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM users WHERE email = ?",
      [NEW_ACCOUNT.email],
    );
    assertEquals(accounts!.n, 1);
    const organizations = await t.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM organizations WHERE name = ?",
      [NEW_ACCOUNT.organization_name],
    );
    assertEquals(organizations!.n, 1);
  } finally {
    await t.close();
  }
});
