import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { errorOf, jsonOf } from "../../testing/http-assertions.ts";
import { MIN_ITERATIONS } from "./password.ts";
import { HashingPool, type HashPriority, type PasswordHasher } from "./hashing-pool.ts";

/** The real pool, with a count of what it was asked to do. */
class CountingHasher implements PasswordHasher {
  readonly pool = new HashingPool({ iterations: MIN_ITERATIONS });
  hashes = 0;
  verifications = 0;

  hash(password: string, priority: HashPriority): Promise<string> {
    this.hashes++;
    return this.pool.hash(password, priority);
  }

  verify(password: string, stored: string | undefined, priority: HashPriority): Promise<boolean> {
    this.verifications++;
    return this.pool.verify(password, stored, priority);
  }
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
  const hasher = new CountingHasher();
  const t = await createTestApp({}, { hasher });
  try {
    await jsonOf(await t.call("POST", "/auth/register", { body: NEW_ACCOUNT }), 202);
    assertEquals(hasher.hashes, 1);
    const known = { ...NEW_ACCOUNT, email: "admin@acme.test" };
    await jsonOf(await t.call("POST", "/auth/register", { body: known }), 202);
    assertEquals(hasher.hashes, 2);
  } finally {
    await t.close();
  }
});

Deno.test("Every failed sign-in runs exactly one password verification: unknown, invited, deactivated, wrong password", async () => {
  const hasher = new CountingHasher();
  const t = await createTestApp({}, { hasher });
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
      const before = hasher.verifications;
      const res = await t.call("POST", "/auth/login", { body: { email, password } });
      const error = await errorOf(res, 401, "unauthenticated");
      assertEquals(error.message, "Invalid email or password");
      assertEquals(hasher.verifications - before, 1, email);
    }
    assertEquals(hasher.hashes, 0);
  } finally {
    await t.close();
  }
});

Deno.test("POST /auth/accept-invitation refuses a bad, used or expired token without hashing the password", async () => {
  const hasher = new CountingHasher();
  const t = await createTestApp({}, { hasher });
  try {
    const accept = (token: string) =>
      t.call("POST", "/auth/accept-invitation", {
        body: { token, password: "a-new-password" },
      });
    await errorOf(await accept("not-a-real-invitation-token"), 400, "invalid_input");
    assertEquals(hasher.hashes, 0);

    const token = await invite(t, "newbie@acme.test");
    await jsonOf(await accept(token), 200);
    assertEquals(hasher.hashes, 1);
    await errorOf(await accept(token), 400, "invalid_input");

    const late = await invite(t, "later@acme.test");
    t.clock.advance(365 * 24 * 60 * 60 * 1000);
    await errorOf(await accept(late), 400, "invalid_input");
    assertEquals(hasher.hashes, 1);
  } finally {
    await t.close();
  }
});
