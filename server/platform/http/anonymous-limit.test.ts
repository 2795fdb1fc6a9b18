import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../../testing/test-app.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../../testing/http-assertions.ts";
import { ANONYMOUS_WRITES, UNLIMITED_PUBLIC_POSTS } from "./anonymous-limit.ts";

const LIMIT = { max: 2, windowSeconds: 60 };
const SMALL_LIMITS = {
  reports: LIMIT,
  forms: LIMIT,
  registration: LIMIT,
  invitation: LIMIT,
  signing: LIMIT,
};

/** A body each anonymous write accepts (the invitation token is simply not valid). */
const BODIES: Record<string, (i: number) => unknown> = {
  "/ui/errors": (i) => ({ message: `Widget failed ${i}` }),
  "/ui/chat-feedback": (i) => ({ message_id: `msg-${i}`, helpful: true }),
  "/public/contact": (i) => ({
    name: "Dana Scully",
    email: `dana${i}@example.test`,
    message: "Please call me about the product.",
  }),
  "/public/schedule-demo": (i) => ({
    name: "Dana Scully",
    email: `dana${i}@example.test`,
    company: "FBI",
    preferred_date: "2030-01-15",
  }),
  "/auth/register": (i) => ({
    first_name: "Rosa",
    last_name: "Diaz",
    email: `rosa${i}@initrode.test`,
    password: "a-long-enough-password",
    organization_name: `Initrode ${i}`,
  }),
  "/auth/accept-invitation": (i) => ({
    token: `not-a-real-invitation-${i}`,
    password: "a-long-enough-password",
  }),
  "/auth/invitation/preview": (i) => ({ token: `not-a-real-invitation-${i}` }),
  "/auth/password/forgot": (i) => ({ email: `someone${i}@example.test` }),
  "/auth/password/reset": (i) => ({
    token: `not-a-real-reset-link-${i}`,
    password: "a-long-enough-password",
  }),
  // The route's token is the path's parameter: each probe a link of its own, counted as one route.
  "/api/signing/:token": () => ({}),
  "/api/signing/:token/sign": (i) => ({ signature_name: `Sam Signer ${i}` }),
  "/api/signing/:token/decline": (i) => ({ reason: `Not now ${i}` }),
  "/api/signature-verification": (i) => ({ pdf: btoa(`%PDF-1.7 not signed ${i}`) }),
};

Deno.test("Every public POST is limited per client address, or says why it is not", async () => {
  const t = await createTestApp();
  try {
    const publicPosts = t.api.endpoints
      .filter((e) => e.audience === "public" && e.method === "post")
      .map((e) => e.path)
      .sort();
    assertEquals(
      publicPosts,
      [...Object.keys(ANONYMOUS_WRITES), ...Object.keys(UNLIMITED_PUBLIC_POSTS)].sort(),
    );
    assertEquals(Object.keys(BODIES).sort(), Object.keys(ANONYMOUS_WRITES).sort());
  } finally {
    await t.close();
  }
});

for (const path of Object.keys(ANONYMOUS_WRITES)) {
  Deno.test(`POST ${path} answers 429 with Retry-After past its limit from one address, and another address still gets through`, async () => {
    const t = await createTestApp({ anonymousLimits: SMALL_LIMITS });
    try {
      const from = (address: string, i: number) =>
        t.call("POST", path.replace(":token", `not-a-real-signing-link-${i}`), {
          body: BODIES[path](i),
          remoteAddress: address,
        });
      for (let i = 0; i < LIMIT.max; i++) {
        const res = await from("203.0.113.7", i);
        const text = await res.text();
        ok(res.status !== 429, `request ${i} was refused: ${text}`);
      }
      const refused = await from("203.0.113.7", 10);
      const retryAfter = Number(refused.headers.get("retry-after"));
      const error = await errorOf(refused, 429, "too_many_requests");
      ok(retryAfter > 0 && retryAfter <= LIMIT.windowSeconds, `Retry-After ${retryAfter}`);
      assertEquals(error.details?.retry_after_seconds, retryAfter);

      const other = await from("198.51.100.9", 11);
      const otherText = await other.text();
      ok(other.status !== 429, `another address was refused: ${otherText}`);

      t.clock.advance(retryAfter * 1000);
      const later = await from("203.0.113.7", 12);
      const laterText = await later.text();
      ok(later.status !== 429, `still refused after Retry-After: ${laterText}`);
    } finally {
      await t.close();
    }
  });
}

Deno.test("The default limits hold five registrations an hour from one address", async () => {
  const t = await createTestApp();
  try {
    const register = (i: number) =>
      t.call("POST", "/auth/register", {
        body: { ...(BODIES["/auth/register"](i) as object), password: "short" },
        remoteAddress: "203.0.113.7",
      });
    for (let i = 0; i < 5; i++) await assertInvalidFields(await register(i), "password");
    await errorOf(await register(5), 429, "too_many_requests");
  } finally {
    await t.close();
  }
});

Deno.test("POST /public/contact refuses an over-long message with 400 naming it and stores nothing", async () => {
  const t = await createTestApp();
  try {
    const res = await t.call("POST", "/public/contact", {
      body: { name: "Dana Scully", email: "dana@example.test", message: "x".repeat(5001) },
    });
    await assertInvalidFields(res, "message");
    assertEquals((await t.db.all("SELECT id FROM contact_requests")).length, 0);
  } finally {
    await t.close();
  }
});

Deno.test("POST /ui/errors refuses a stack over 20,000 characters and stores an accepted stack cut to 4,000", async () => {
  const t = await createTestApp();
  try {
    await assertInvalidFields(
      await t.call("POST", "/ui/errors", { body: { message: "boom", stack: "s".repeat(20_001) } }),
      "stack",
    );
    const { id } = await jsonOf<{ id: string }>(
      await t.call("POST", "/ui/errors", { body: { message: "boom", stack: "s".repeat(12_000) } }),
      201,
    );
    const row = await t.db.get<{ n: number }>(
      "SELECT length(stack) AS n FROM client_errors WHERE id = ?",
      [id],
    );
    assertEquals(row?.n, 4_000);
  } finally {
    await t.close();
  }
});

Deno.test("POST /ui/errors keeps the newest 5,000 reports", async () => {
  const t = await createTestApp();
  try {
    await t.db.transaction(async (tx) => {
      for (let i = 0; i < 5_000; i++) {
        await tx.run(
          "INSERT INTO client_errors (id, message, created_at) VALUES (?, 'old', ?)",
          [
            `err_old_${String(i).padStart(4, "0")}`,
            new Date(Date.UTC(2020, 0, 1, 0, 0, i)).toISOString(),
          ],
        );
      }
    });
    const { id } = await jsonOf<{ id: string }>(
      await t.call("POST", "/ui/errors", { body: { message: "new" } }),
      201,
    );
    const rows = await t.db.all<{ id: string }>("SELECT id FROM client_errors");
    assertEquals(rows.length, 5_000);
    ok(rows.some((r) => r.id === id));
    ok(!rows.some((r) => r.id === "err_old_0000"), "the oldest report was kept");
  } finally {
    await t.close();
  }
});

Deno.test("POST /public/contact takes at most 1,000 messages a day over all addresses", async () => {
  const t = await createTestApp();
  try {
    const send = (address: string, i: number) =>
      t.call("POST", "/public/contact", {
        body: BODIES["/public/contact"](i),
        remoteAddress: address,
      });
    for (let i = 0; i < 1_000; i++) {
      const res = await send(`10.0.${Math.floor(i / 10)}.1`, i);
      assertEquals(res.status, 201, await res.text());
    }
    const refused = await send("203.0.113.200", 1_000);
    await errorOf(refused, 429, "too_many_requests");
    ok(Number(refused.headers.get("retry-after")) > 0);
    assertEquals((await t.db.all("SELECT id FROM contact_requests")).length, 1_000);
    t.clock.advance(24 * 60 * 60 * 1000);
    assertEquals((await send("203.0.113.200", 1_001)).status, 201);
  } finally {
    await t.close();
  }
});
