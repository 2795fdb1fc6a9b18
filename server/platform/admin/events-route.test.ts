import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { errorOf, jsonOf } from "../../testing/http-assertions.ts";
import { MAX_STREAMS_PER_SESSION } from "./events-route.ts";
import { DEFAULT_CONFIG } from "../../config.ts";

const MAX_STREAMS_PER_USER = DEFAULT_CONFIG.eventStreamsPerUser;

/** An open event stream: read its events one by one, or until it ends. */
async function openStream(t: TestApp, token: string) {
  const res = await t.call("GET", "/ui/events", { token });
  assertEquals(res.status, 200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  /** The next event's name and data; null once the stream has ended. */
  async function next(): Promise<{ event: string; data: unknown } | null> {
    for (;;) {
      const cut = buffer.indexOf("\n\n");
      if (cut >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (block.startsWith(":")) continue;
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? "";
        const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? "null");
        return { event, data };
      }
      const timeout = new Promise<"timeout">((r) => setTimeout(() => r("timeout"), 3_000));
      const read = await Promise.race([reader.read(), timeout]);
      if (read === "timeout") throw new Error("the stream said nothing for 3 s");
      if (read.done) return null;
      buffer += decoder.decode(read.value, { stream: true });
    }
  }
  return { next, cancel: () => reader.cancel() };
}

Deno.test("an event stream ends when its session signs out", async () => {
  const t = await createTestApp();
  try {
    const session = await jsonOf<{ access_token: string; refresh_token: string }>(
      await t.call("POST", "/auth/login", {
        body: { email: "sales@acme.test", password: "demo-password" },
      }),
    );
    const stream = await openStream(t, session.access_token);
    assertEquals((await stream.next())?.event, "hello");
    await jsonOf(
      await t.call("POST", "/auth/logout", {
        token: session.access_token,
        body: { refresh_token: session.refresh_token },
      }),
    );
    assertEquals(await stream.next(), { event: "end", data: { reason: "session_ended" } });
    assertEquals(await stream.next(), null);
    await errorOf(
      await t.call("GET", "/ui/events", { token: session.access_token }),
      401,
      "session_ended",
    );
  } finally {
    await t.close();
  }
});

Deno.test("an event stream ends after a change to its caller's rights, so the client refetches", async () => {
  const t = await createTestApp();
  try {
    const pm = await t.tokenFor("pm@acme.test");
    const stream = await openStream(t, pm);
    assertEquals((await stream.next())?.event, "hello");
    const admin = await t.tokenFor("admin@acme.test");
    await jsonOf(
      await t.call("POST", "/admin/users/set-role", {
        token: admin,
        body: { user_id: "usr_acme_pm", role: "member" },
      }),
    );
    assertEquals((await stream.next())?.event, "change");
    assertEquals(await stream.next(), { event: "end", data: { reason: "rights_changed" } });
    assertEquals(await stream.next(), null);
  } finally {
    await t.close();
  }
});

Deno.test("an event stream ends once its access token expires", async () => {
  const t = await createTestApp();
  try {
    const stream = await openStream(t, await t.tokenFor("finance@acme.test"));
    assertEquals((await stream.next())?.event, "hello");
    t.clock.advance(901_000);
    assertEquals(await stream.next(), { event: "end", data: { reason: "token_expired" } });
  } finally {
    await t.close();
  }
});

Deno.test(`a session may hold ${MAX_STREAMS_PER_SESSION} event streams; one more answers 429`, async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("sales@acme.test");
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) streams.push(await openStream(t, token));
    const refused = await t.call("GET", "/ui/events", { token });
    await errorOf(refused, 429, "too_many_streams");
    ok(refused.headers.get("retry-after"));
    // Another session of the same person has its own allowance.
    const other = await openStream(t, await t.tokenFor("sales@acme.test"));
    await other.cancel();
    // A closed stream frees its place.
    await streams.pop()!.cancel();
    streams.push(await openStream(t, token));
    for (const stream of streams) await stream.cancel();
  } finally {
    await t.close();
  }
});

Deno.test(`a user may hold ${MAX_STREAMS_PER_USER} event streams over all their sessions; one more answers 429 saying so`, async () => {
  const t = await createTestApp();
  try {
    const streams = [];
    const sessions = MAX_STREAMS_PER_USER / MAX_STREAMS_PER_SESSION;
    for (let s = 0; s < sessions; s++) {
      const token = await t.tokenFor("sales@acme.test");
      for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) streams.push(await openStream(t, token));
    }
    const fresh = await t.tokenFor("sales@acme.test");
    const refused = await t.call("GET", "/ui/events", { token: fresh });
    const error = await errorOf(refused, 429, "too_many_streams");
    assertEquals(
      error.message,
      `At most ${MAX_STREAMS_PER_USER} event streams may be open per user; close other tabs or sign out on other devices`,
    );
    ok(refused.headers.get("retry-after"));
    // Another person is not held back by this one.
    const other = await openStream(t, await t.tokenFor("pm@acme.test"));
    await other.cancel();
    // A closed stream frees a place for any session of the user.
    await streams.pop()!.cancel();
    streams.push(await openStream(t, fresh));
    for (const stream of streams) await stream.cancel();
  } finally {
    await t.close();
  }
});
