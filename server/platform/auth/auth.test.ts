import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { sign } from "hono/jwt";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { errorOf, jsonOf, jwtPayload } from "../../testing/http-assertions.ts";

const PASSWORD = "demo-password";

interface SessionBody {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  user: Record<string, unknown>;
}

async function login(
  t: TestApp,
  email: string,
  password = PASSWORD,
  headers: Record<string, string> = {},
  remoteAddress?: string,
): Promise<Response> {
  return await t.call("POST", "/auth/login", { body: { email, password }, headers, remoteAddress });
}

async function session(t: TestApp, email: string): Promise<SessionBody> {
  return await jsonOf<SessionBody>(await login(t, email));
}

async function me(t: TestApp, token: string): Promise<Response> {
  return await t.call("POST", "/auth/me", { token, body: {} });
}

function base64UrlJson(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

Deno.test("POST /auth/login answers a session for a demo account", async () => {
  const t = await createTestApp();
  try {
    const body = await session(t, "admin@acme.test");
    assertEquals(body.token_type, "bearer");
    assertEquals(body.expires_in, 900);
    ok(body.refresh_token.length >= 32);
    assertEquals(body.user, {
      id: "usr_acme_admin",
      first_name: "Alice",
      last_name: "Morgan",
      full_name: "Alice Morgan",
      email: "admin@acme.test",
      role: "firm_admin",
      is_client_portal_user: false,
    });
  } finally {
    await t.close();
  }
});

Deno.test("POST /auth/login marks a client-portal user as such", async () => {
  const t = await createTestApp();
  try {
    const body = await session(t, "client@northwind.test");
    assertEquals(body.user.is_client_portal_user, true);
    assertEquals(body.user.role, "client_portal");
  } finally {
    await t.close();
  }
});

Deno.test("POST /auth/login answers 401 'Invalid email or password' for a wrong password", async () => {
  const t = await createTestApp();
  try {
    const error = await errorOf(
      await login(t, "admin@acme.test", "wrong-password"),
      401,
      "unauthenticated",
    );
    assertEquals(error.message, "Invalid email or password");
  } finally {
    await t.close();
  }
});

Deno.test("POST /auth/login answers the same 401 for an unknown email", async () => {
  const t = await createTestApp();
  try {
    const error = await errorOf(await login(t, "nobody@acme.test"), 401, "unauthenticated");
    assertEquals(error.message, "Invalid email or password");
  } finally {
    await t.close();
  }
});

Deno.test("POST /auth/login issues an access token that expires at most 15 minutes after it was issued", async () => {
  const t = await createTestApp();
  try {
    const body = await session(t, "pm@acme.test");
    const payload = jwtPayload(body.access_token);
    assertEquals(payload.sub, "usr_acme_pm");
    assertEquals(payload.iat, Math.floor(t.clock.now / 1000));
    const lifetime = (payload.exp as number) - (payload.iat as number);
    ok(lifetime > 0 && lifetime <= 15 * 60, `lifetime ${lifetime}s`);
    const header = JSON.parse(atob(body.access_token.split(".")[0]));
    assertEquals(header.alg, "HS256");
  } finally {
    await t.close();
  }
});

Deno.test("An access token answers 401 once the clock passes its 900 seconds", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    assertEquals((await me(t, token)).status, 200);
    t.clock.advance(899_000);
    assertEquals((await me(t, token)).status, 200);
    t.clock.advance(2_000);
    await errorOf(await me(t, token), 401, "unauthenticated");
    await errorOf(await t.call("POST", "/navigation", { token, body: {} }), 401, "unauthenticated");
  } finally {
    await t.close();
  }
});

Deno.test("POST /auth/refresh after the access token expired gives an access token that works", async () => {
  const t = await createTestApp();
  try {
    const first = await session(t, "admin@acme.test");
    t.clock.advance(20 * 60_000);
    await errorOf(await me(t, first.access_token), 401, "unauthenticated");
    const next = await jsonOf<SessionBody>(
      await t.call("POST", "/auth/refresh", { body: { refresh_token: first.refresh_token } }),
    );
    assertEquals(jwtPayload(next.access_token).iat, Math.floor(t.clock.now / 1000));
    const user = await jsonOf(await me(t, next.access_token));
    assertEquals(user.id, "usr_acme_admin");
  } finally {
    await t.close();
  }
});

Deno.test("A token signed with another HMAC algorithm is refused", async () => {
  const t = await createTestApp();
  try {
    const now = Math.floor(t.clock.now / 1000);
    const sid = jwtPayload(await t.tokenFor("admin@acme.test")).sid;
    const claims = { sub: "usr_acme_admin", sid, iat: now, exp: now + 600, typ: "access" };
    for (const alg of ["HS384", "HS512"] as const) {
      const token = await sign(claims, t.secret, alg);
      await errorOf(await me(t, token), 401, "unauthenticated");
    }
    assertEquals((await me(t, await sign(claims, t.secret, "HS256"))).status, 200);
  } finally {
    await t.close();
  }
});

Deno.test("A token signed with a different secret is refused", async () => {
  const t = await createTestApp();
  try {
    const now = Math.floor(t.clock.now / 1000);
    const token = await sign(
      { sub: "usr_acme_admin", iat: now, exp: now + 600, typ: "access" },
      "not-the-server-secret-at-all-0123456789",
      "HS256",
    );
    await errorOf(await me(t, token), 401, "unauthenticated");
  } finally {
    await t.close();
  }
});

Deno.test("A token with alg none is refused", async () => {
  const t = await createTestApp();
  try {
    const now = Math.floor(t.clock.now / 1000);
    const payload = base64UrlJson({
      sub: "usr_acme_admin",
      iat: now,
      exp: now + 600,
      typ: "access",
    });
    for (const alg of ["none", "None", "NONE"]) {
      const header = base64UrlJson({ alg, typ: "JWT" });
      await errorOf(await me(t, `${header}.${payload}.`), 401, "unauthenticated");
      await errorOf(await me(t, `${header}.${payload}`), 401, "unauthenticated");
    }
  } finally {
    await t.close();
  }
});

Deno.test("A correctly signed token without exp or of another type is refused", async () => {
  const t = await createTestApp();
  try {
    const now = Math.floor(t.clock.now / 1000);
    const noExp = await sign({ sub: "usr_acme_admin", iat: now, typ: "access" }, t.secret, "HS256");
    await errorOf(await me(t, noExp), 401, "unauthenticated");
    const refreshTyped = await sign(
      { sub: "usr_acme_admin", iat: now, exp: now + 600, typ: "refresh" },
      t.secret,
      "HS256",
    );
    await errorOf(await me(t, refreshTyped), 401, "unauthenticated");
  } finally {
    await t.close();
  }
});

Deno.test("A call without a bearer token or with garbage answers 401", async () => {
  const t = await createTestApp();
  try {
    await errorOf(await t.call("POST", "/auth/me", { body: {} }), 401, "unauthenticated");
    await errorOf(await me(t, "not-a-jwt"), 401, "unauthenticated");
    const basic = await t.call("POST", "/auth/me", {
      body: {},
      headers: { authorization: "Basic YWRtaW46cGFzcw==" },
    });
    await errorOf(basic, 401, "unauthenticated");
  } finally {
    await t.close();
  }
});

Deno.test("POST /auth/refresh rotates: the new refresh token works once and the old one answers 401", async () => {
  const t = await createTestApp();
  try {
    const first = await session(t, "sales@acme.test");
    const refresh = (token: string) =>
      t.call("POST", "/auth/refresh", { body: { refresh_token: token } });
    const second = await jsonOf<SessionBody>(await refresh(first.refresh_token));
    ok(second.refresh_token !== first.refresh_token);
    assertEquals(second.user.id, "usr_acme_sales");
    assertEquals((await me(t, second.access_token)).status, 200);

    const third = await jsonOf<SessionBody>(await refresh(second.refresh_token));
    ok(third.refresh_token !== second.refresh_token);
    t.clock.advance(31_000);
    await errorOf(await refresh(second.refresh_token), 401, "session_ended");
    await errorOf(await refresh(first.refresh_token), 401, "session_ended");
  } finally {
    await t.close();
  }
});

Deno.test("Reusing a rotated refresh token revokes its family, so the newest one is refused too", async () => {
  const t = await createTestApp();
  try {
    const first = await session(t, "sales@acme.test");
    const refresh = (token: string) =>
      t.call("POST", "/auth/refresh", { body: { refresh_token: token } });
    const second = await jsonOf<SessionBody>(await refresh(first.refresh_token));
    t.clock.advance(31_000);
    await errorOf(await refresh(first.refresh_token), 401, "session_ended");
    await errorOf(await refresh(second.refresh_token), 401, "session_ended");
    const live = await t.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM refresh_tokens WHERE user_id = ? AND revoked_at IS NULL",
      ["usr_acme_sales"],
    );
    assertEquals(live?.n, 0);
  } finally {
    await t.close();
  }
});

Deno.test("POST /auth/refresh answers 401 for a token it never issued", async () => {
  const t = await createTestApp();
  try {
    const res = await t.call("POST", "/auth/refresh", { body: { refresh_token: "made-up-token" } });
    await errorOf(res, 401, "unauthenticated");
  } finally {
    await t.close();
  }
});

Deno.test("POST /auth/logout revokes the refresh token", async () => {
  const t = await createTestApp();
  try {
    const first = await session(t, "finance@acme.test");
    const out = await t.call("POST", "/auth/logout", {
      body: { refresh_token: first.refresh_token },
    });
    assertEquals(await jsonOf(out), { ok: true });
    const res = await t.call("POST", "/auth/refresh", {
      body: { refresh_token: first.refresh_token },
    });
    await errorOf(res, 401, "session_ended");
  } finally {
    await t.close();
  }
});

Deno.test("POST /auth/me answers the signed-in user with their current role", async () => {
  const t = await createTestApp();
  try {
    const user = await jsonOf(await me(t, await t.tokenFor("finance@acme.test")));
    assertEquals(user, {
      id: "usr_acme_finance",
      first_name: "Frank",
      last_name: "Chen",
      full_name: "Frank Chen",
      email: "finance@acme.test",
      role: "finance",
      is_client_portal_user: false,
    });
  } finally {
    await t.close();
  }
});

const NEW_ACCOUNT = {
  first_name: "Rosa",
  last_name: "Diaz",
  email: "rosa@initrode.test",
  password: "a-long-enough-password",
  organization_name: "Initrode Advisory",
};

Deno.test("POST /auth/register creates a user and an organisation they administer", async () => {
  const t = await createTestApp();
  try {
    await jsonOf(await t.call("POST", "/auth/register", { body: NEW_ACCOUNT }), 202);
    const body = await jsonOf<SessionBody>(
      await t.call("POST", "/auth/login", {
        body: { email: NEW_ACCOUNT.email, password: NEW_ACCOUNT.password },
      }),
    );
    assertEquals(body.user.full_name, "Rosa Diaz");
    assertEquals(body.user.email, "rosa@initrode.test");
    assertEquals(body.user.role, "firm_admin");
    const token = body.access_token;

    const memberships = await jsonOf<Record<string, unknown>[]>(
      await t.call("POST", "/user-organizations/by-user", {
        token,
        body: { user_id: body.user.id },
      }),
    );
    assertEquals(memberships.length, 1);
    assertEquals(memberships[0].organization_name, "Initrode Advisory");
    assertEquals(memberships[0].user_role, "firm_admin");
    assertEquals(memberships[0].is_current, true);

    const config = await jsonOf<{ modules: { enabled: boolean }[] }>(
      await t.call("POST", "/api/modules/config", { token, body: {} }),
    );
    ok(config.modules.length > 0);
    assertEquals(config.modules.filter((m) => !m.enabled), []);
    const nav = await jsonOf<{ items: unknown[] }>(
      await t.call("POST", "/navigation", { token, body: {} }),
    );
    assertEquals(nav.items.length, config.modules.length);
  } finally {
    await t.close();
  }
});

async function counts(t: TestApp) {
  const one = async (table: string) =>
    (await t.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))?.n;
  return {
    users: await one("users"),
    organizations: await one("organizations"),
    memberships: await one("user_organizations"),
    roles: await one("roles"),
    audit: await one("audit_logs"),
    tokens: await one("refresh_tokens"),
  };
}

Deno.test("POST /auth/register answers 202 for an email already in use, stores nothing and leaves the account's password unchanged", async () => {
  const t = await createTestApp();
  try {
    const before = await counts(t);
    for (const email of ["admin@acme.test", "Admin@ACME.test"]) {
      const res = await t.call("POST", "/auth/register", { body: { ...NEW_ACCOUNT, email } });
      assertEquals(await jsonOf(res, 202), {
        message:
          "Thank you. Sign in with your email and password. If this email already had an account, its password has not changed.",
      });
    }
    assertEquals(await counts(t), before);
    assertEquals((await login(t, "admin@acme.test")).status, 200);
    assertEquals((await login(t, "admin@acme.test", NEW_ACCOUNT.password)).status, 401);
  } finally {
    await t.close();
  }
});

Deno.test("POST /auth/register refuses invalid input and stores nothing", async () => {
  const t = await createTestApp();
  try {
    const before = await counts(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...NEW_ACCOUNT, password: "short" }, "password"],
      [{ ...NEW_ACCOUNT, email: "not-an-email" }, "email"],
      [{ ...NEW_ACCOUNT, organization_name: undefined }, "organization_name"],
      [{ ...NEW_ACCOUNT, first_name: 42 }, "first_name"],
      [{ ...NEW_ACCOUNT, role: "firm_admin" }, "role"],
    ];
    for (const [body, field] of cases) {
      const error = await errorOf(
        await t.call("POST", "/auth/register", { body }),
        400,
        "invalid_input",
      );
      ok(error.details?.fields?.[field], `${field}: ${JSON.stringify(error)}`);
    }
    assertEquals(await counts(t), before);
  } finally {
    await t.close();
  }
});

Deno.test("POST /auth/login answers 429 with Retry-After after too many failures for one account, even with the right password", async () => {
  const t = await createTestApp({ loginMaxPerAccount: 3 });
  try {
    for (let i = 0; i < 3; i++) {
      await errorOf(await login(t, "pm@acme.test", "wrong-password"), 401, "unauthenticated");
    }
    const res = await login(t, "pm@acme.test");
    const retryAfter = Number(res.headers.get("retry-after"));
    await errorOf(res, 429, "too_many_attempts");
    ok(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 900, `${retryAfter}`);

    // Another account is not affected.
    assertEquals((await login(t, "sales@acme.test")).status, 200);

    t.clock.advance((retryAfter + 1) * 1000);
    assertEquals((await login(t, "pm@acme.test")).status, 200);
  } finally {
    await t.close();
  }
});

Deno.test("POST /auth/login limits failures per client address behind a trusted proxy", async () => {
  const t = await createTestApp({ loginMaxPerAddress: 2, trustedProxies: 1 });
  try {
    // The proxy at 10.0.0.1 appends the address it received the request from.
    const from = (address: string) => ({ "x-forwarded-for": address });
    const proxy = "10.0.0.1";
    await errorOf(
      await login(t, "nobody@acme.test", "x", from("203.0.113.7"), proxy),
      401,
      "unauthenticated",
    );
    await errorOf(
      await login(t, "pm@acme.test", "wrong-password", from("203.0.113.7"), proxy),
      401,
      "unauthenticated",
    );
    const blocked = await login(t, "sales@acme.test", PASSWORD, from("203.0.113.7"), proxy);
    ok(Number(blocked.headers.get("retry-after")) > 0);
    await errorOf(blocked, 429, "too_many_attempts");

    assertEquals(
      (await login(t, "sales@acme.test", PASSWORD, from("198.51.100.9"), proxy)).status,
      200,
    );
  } finally {
    await t.close();
  }
});

Deno.test("POST /auth/login ignores X-Forwarded-For unless the proxy is trusted", async () => {
  const t = await createTestApp({ loginMaxPerAddress: 2 });
  try {
    for (const address of ["203.0.113.1", "203.0.113.2"]) {
      const res = await login(t, "nobody@acme.test", "x", { "x-forwarded-for": address });
      await errorOf(res, 401, "unauthenticated");
    }
    const res = await login(t, "sales@acme.test", PASSWORD, { "x-forwarded-for": "203.0.113.3" });
    await errorOf(res, 429, "too_many_attempts");
  } finally {
    await t.close();
  }
});
