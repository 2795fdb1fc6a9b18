import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { errorOf, jsonOf, jwtPayload } from "../../testing/http-assertions.ts";
import { createApp } from "../../app.ts";
import { EXTERNAL_CHECK_MS } from "../../db/sqlite.ts";

interface SessionBody {
  access_token: string;
  refresh_token: string;
  user: { id: string; role: string };
}

async function signIn(t: TestApp, email: string): Promise<SessionBody> {
  return await jsonOf<SessionBody>(
    await t.call("POST", "/auth/login", { body: { email, password: "demo-password" } }),
  );
}

function refresh(t: TestApp, token: string): Promise<Response> {
  return t.call("POST", "/auth/refresh", { body: { refresh_token: token } });
}

function me(t: TestApp, token: string): Promise<Response> {
  return t.call("POST", "/auth/me", { token, body: {} });
}

Deno.test("after POST /auth/logout the old access token answers 401 at once", async () => {
  const t = await createTestApp();
  try {
    const session = await signIn(t, "sales@acme.test");
    assertEquals((await me(t, session.access_token)).status, 200);
    await jsonOf(
      await t.call("POST", "/auth/logout", {
        token: session.access_token,
        body: { refresh_token: session.refresh_token },
      }),
    );
    const error = await errorOf(await me(t, session.access_token), 401, "session_ended");
    assertEquals(error.message, "You signed out. Sign in again to continue.");
    await errorOf(
      await t.call("POST", "/leads", { token: session.access_token, body: {} }),
      401,
      "session_ended",
    );
    await errorOf(await refresh(t, session.refresh_token), 401, "session_ended");
  } finally {
    await t.close();
  }
});

Deno.test("signing out with only the refresh token also ends the session's access tokens", async () => {
  const t = await createTestApp();
  try {
    const session = await signIn(t, "pm@acme.test");
    const other = await signIn(t, "pm@acme.test");
    await jsonOf(
      await t.call("POST", "/auth/logout", { body: { refresh_token: session.refresh_token } }),
    );
    await errorOf(await me(t, session.access_token), 401, "session_ended");
    // The same person's other sign-in is another session and keeps working.
    assertEquals((await me(t, other.access_token)).status, 200);
  } finally {
    await t.close();
  }
});

Deno.test("a logout through another server process on the same database is refused here too", async () => {
  const t = await createTestApp();
  const db = t.connect();
  try {
    const other = createApp({ db, config: t.config, secret: t.secret, clock: () => t.clock.now });
    const session = await signIn(t, "sales@acme.test");
    assertEquals((await me(t, session.access_token)).status, 200);
    const out = await other.fetch(
      new Request("http://localhost/auth/logout", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ refresh_token: session.refresh_token }),
      }),
    );
    assertEquals(out.status, 200);
    await new Promise((resolve) => setTimeout(resolve, EXTERNAL_CHECK_MS + 50));
    await errorOf(await me(t, session.access_token), 401, "session_ended");
  } finally {
    await db.close();
    await t.close();
  }
});

Deno.test("a deactivated member can neither sign in nor refresh, and their access token stops", async () => {
  const t = await createTestApp();
  try {
    const session = await signIn(t, "sales@acme.test");
    const admin = await t.tokenFor("admin@acme.test");
    await jsonOf(
      await t.call("POST", "/admin/users/deactivate", {
        token: admin,
        body: { user_id: "usr_acme_sales" },
      }),
    );
    const refused = await errorOf(
      await t.call("POST", "/auth/login", {
        body: { email: "sales@acme.test", password: "demo-password" },
      }),
      403,
      "no_active_membership",
    );
    ok(refused.message.includes("no active organization membership"), refused.message);
    const ended = await errorOf(await refresh(t, session.refresh_token), 401, "session_ended");
    assertEquals(ended.message, "You no longer have an active membership in any organization.");
    await errorOf(await me(t, session.access_token), 401, "session_ended");
  } finally {
    await t.close();
  }
});

Deno.test("the organisation's idle time-out is enforced by the server", async () => {
  const t = await createTestApp({ idleTimeoutSeconds: 5 * 60 });
  try {
    const session = await signIn(t, "finance@acme.test");
    t.clock.advance(4 * 60_000);
    assertEquals((await me(t, session.access_token)).status, 200, "activity at 4 min");
    t.clock.advance(4 * 60_000);
    assertEquals((await me(t, session.access_token)).status, 200, "4 min after the last activity");
    // The client refreshes only while the person is active: a refresh is activity too.
    const renewed = await jsonOf<SessionBody>(await refresh(t, session.refresh_token));
    t.clock.advance(4 * 60_000);
    assertEquals((await me(t, renewed.access_token)).status, 200, "4 min after the refresh");
    // Opening the event stream is not activity.
    t.clock.advance(3 * 60_000);
    const stream = await t.call("GET", "/ui/events", { token: renewed.access_token });
    assertEquals(stream.status, 200);
    await stream.body?.cancel();
    t.clock.advance(2 * 60_000 + 1_000);
    const idle = await errorOf(await me(t, renewed.access_token), 401, "session_idle");
    assertEquals(idle.message, "You were signed out after 5 minutes without activity.");
    await errorOf(await refresh(t, renewed.refresh_token), 401, "session_idle");
    const row = await t.db.get<{ revoked_reason: string }>(
      "SELECT revoked_reason FROM sessions WHERE id = ?",
      [jwtPayload(session.access_token).sid as string],
    );
    assertEquals(row?.revoked_reason, "idle");
  } finally {
    await t.close();
  }
});

Deno.test("a short idle time-out counts every recent request as activity", async () => {
  const t = await createTestApp({ idleTimeoutSeconds: 12 });
  try {
    const session = await signIn(t, "finance@acme.test");
    t.clock.advance(4_000);
    assertEquals((await me(t, session.access_token)).status, 200, "activity at 4 s");
    t.clock.advance(10_000);
    assertEquals((await me(t, session.access_token)).status, 200, "10 s after the last activity");
    t.clock.advance(13_000);
    await errorOf(await me(t, session.access_token), 401, "session_idle");
  } finally {
    await t.close();
  }
});

Deno.test("two tabs refreshing with the same token at once both get the same new pair", async () => {
  const t = await createTestApp();
  try {
    const session = await signIn(t, "sales@acme.test");
    const [a, b] = await Promise.all([
      refresh(t, session.refresh_token),
      refresh(t, session.refresh_token),
    ]);
    const first = await jsonOf<SessionBody>(a);
    const second = await jsonOf<SessionBody>(b);
    assertEquals(second, first);
    ok(first.refresh_token !== session.refresh_token);
    assertEquals((await me(t, first.access_token)).status, 200);
    // Within the window a late tab still gets the same pair; the pair's refresh token works.
    t.clock.advance(29_000);
    assertEquals(await jsonOf<SessionBody>(await refresh(t, session.refresh_token)), first);
    // No refresh token is stored in plain text, not even the one kept for the window.
    const stored = await t.db.all<Record<string, unknown>>("SELECT * FROM refresh_tokens");
    const text = JSON.stringify(stored);
    ok(!text.includes(first.refresh_token) && !text.includes(session.refresh_token));
  } finally {
    await t.close();
  }
});

Deno.test("reusing a rotated refresh token after the grace window ends the whole session", async () => {
  const t = await createTestApp();
  try {
    const session = await signIn(t, "sales@acme.test");
    const next = await jsonOf<SessionBody>(await refresh(t, session.refresh_token));
    t.clock.advance(31_000);
    await errorOf(await refresh(t, session.refresh_token), 401, "session_ended");
    await errorOf(await refresh(t, next.refresh_token), 401, "session_ended");
    await errorOf(await me(t, next.access_token), 401, "session_ended");
    const sid = jwtPayload(next.access_token).sid as string;
    const live = await t.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM refresh_tokens WHERE family_id = ? AND revoked_at IS NULL",
      [sid],
    );
    assertEquals(live?.n, 0);
    const row = await t.db.get<{ revoked_reason: string }>(
      "SELECT revoked_reason FROM sessions WHERE id = ?",
      [sid],
    );
    assertEquals(row?.revoked_reason, "refresh_reuse");
  } finally {
    await t.close();
  }
});
