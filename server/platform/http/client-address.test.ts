import { deepStrictEqual as assertEquals, throws } from "node:assert/strict";
import { readConfig } from "../../config.ts";
import { createTestApp } from "../../testing/test-app.ts";
import { errorOf } from "../../testing/http-assertions.ts";
import { addressFromChain, limitKey, UNKNOWN_ADDRESS } from "./client-address.ts";

Deno.test("The client address is the X-Forwarded-For entry as many places from the right as there are trusted proxies", () => {
  const chain = "6.6.6.6, 203.0.113.7, 10.0.0.2";
  assertEquals(addressFromChain(chain, "10.0.0.1", 0), "10.0.0.1");
  assertEquals(addressFromChain(chain, "10.0.0.1", 1), "10.0.0.2");
  assertEquals(addressFromChain(chain, "10.0.0.1", 2), "203.0.113.7");
  // A chain shorter than the proxies: the furthest entry any proxy wrote.
  assertEquals(addressFromChain("203.0.113.7", "10.0.0.1", 3), "203.0.113.7");
  assertEquals(addressFromChain(undefined, "10.0.0.1", 1), "10.0.0.1");
  assertEquals(addressFromChain(" , ", UNKNOWN_ADDRESS, 1), UNKNOWN_ADDRESS);
});

Deno.test("An IPv6 caller is limited by its /64 network, an IPv4-mapped one by its IPv4 address", () => {
  assertEquals(limitKey("2001:db8:0:1:aaaa::1"), "2001:db8:0:1::/64");
  assertEquals(limitKey("2001:db8:0:1:ffff:ffff:ffff:ffff"), "2001:db8:0:1::/64");
  assertEquals(limitKey("[2001:db8::1]"), "2001:db8:0:0::/64");
  assertEquals(limitKey("::1"), "0:0:0:0::/64");
  assertEquals(limitKey("::ffff:192.0.2.4"), "192.0.2.4");
  assertEquals(limitKey("192.0.2.4"), "192.0.2.4");
});

Deno.test("POST /auth/login behind one trusted proxy still answers 429 when the caller rotates the left-most X-Forwarded-For entry", async () => {
  const t = await createTestApp({ loginMaxPerAddress: 3, trustedProxies: 1 });
  try {
    // The caller writes any first entry it likes; the proxy (socket 10.0.0.1) appends the
    // address it really saw, 203.0.113.7.
    const attempt = (i: number, password: string) =>
      t.call("POST", "/auth/login", {
        body: { email: `nobody${i}@acme.test`, password },
        headers: { "x-forwarded-for": `198.51.100.${i}, 203.0.113.7` },
        remoteAddress: "10.0.0.1",
      });
    for (let i = 0; i < 3; i++) await errorOf(await attempt(i, "wrong"), 401, "unauthenticated");
    const blocked = await attempt(9, "wrong");
    await errorOf(blocked, 429, "too_many_attempts");

    // Another client behind the same proxy is not locked out.
    const other = await t.call("POST", "/auth/login", {
      body: { email: "sales@acme.test", password: "demo-password" },
      headers: { "x-forwarded-for": "203.0.113.8" },
      remoteAddress: "10.0.0.1",
    });
    assertEquals(other.status, 200);
  } finally {
    await t.close();
  }
});

Deno.test("POST /auth/login with no trusted proxy counts the socket address and ignores X-Forwarded-For", async () => {
  const t = await createTestApp({ loginMaxPerAddress: 2 });
  try {
    for (const i of [1, 2]) {
      const res = await t.call("POST", "/auth/login", {
        body: { email: "nobody@acme.test", password: "x" },
        headers: { "x-forwarded-for": `198.51.100.${i}` },
        remoteAddress: "203.0.113.7",
      });
      await errorOf(res, 401, "unauthenticated");
    }
    const blocked = await t.call("POST", "/auth/login", {
      body: { email: "sales@acme.test", password: "demo-password" },
      headers: { "x-forwarded-for": "198.51.100.3" },
      remoteAddress: "203.0.113.7",
    });
    await errorOf(blocked, 429, "too_many_attempts");
    const elsewhere = await t.call("POST", "/auth/login", {
      body: { email: "sales@acme.test", password: "demo-password" },
      remoteAddress: "203.0.113.8",
    });
    assertEquals(elsewhere.status, 200);
  } finally {
    await t.close();
  }
});

Deno.test("TRUSTED_PROXIES is read as a count, the old TRUST_PROXY=on as one proxy, and a bad value stops the server naming it", () => {
  assertEquals(readConfig({}).trustedProxies, 0);
  assertEquals(readConfig({ TRUSTED_PROXIES: "2" }).trustedProxies, 2);
  assertEquals(readConfig({ TRUST_PROXY: "on" }).trustedProxies, 1);
  assertEquals(readConfig({ TRUSTED_PROXIES: "0", TRUST_PROXY: "on" }).trustedProxies, 0);
  throws(() => readConfig({ TRUSTED_PROXIES: "-1" }), /TRUSTED_PROXIES/);
  assertEquals(readConfig({ RATE_LIMIT_FORMS: "3/120" }).anonymousLimits.forms, {
    max: 3,
    windowSeconds: 120,
  });
  throws(() => readConfig({ RATE_LIMIT_REGISTRATION: "lots" }), /RATE_LIMIT_REGISTRATION/);
});
