import { deepStrictEqual as assertEquals, ok, throws } from "node:assert/strict";
import { TtlCache } from "./cache.ts";

function clock(start = 1_000_000) {
  const c = { now: start, read: () => c.now };
  return c;
}

Deno.test("TtlCache keeps the spec's settings by default", () => {
  const cache = new TtlCache<string>({ clock: () => 0 });
  assertEquals(
    [cache.ttlMs, cache.cleanupIntervalMs, cache.maxSize, cache.evictFraction],
    [300_000, 600_000, 100, 0.2],
  );
});

Deno.test("TtlCache forgets an entry 300 seconds after storing it", () => {
  const c = clock();
  const cache = new TtlCache<string>({ clock: c.read });
  cache.set("a", "x");
  c.now += 299_999;
  assertEquals(cache.get("a")?.value, "x");
  c.now += 1;
  assertEquals(cache.get("a"), undefined);
  assertEquals(cache.size, 0);
});

Deno.test("TtlCache purges expired entries every 600 seconds", () => {
  const c = clock();
  const cache = new TtlCache<string>({ clock: c.read });
  cache.set("old", "x");
  c.now += 400_000;
  cache.set("new", "y");
  assertEquals(cache.size, 2, "an expired entry stays until the purge or a read");
  c.now += 200_000;
  assertEquals(cache.get("new")?.value, "y");
  assertEquals(cache.size, 1, "600 s after the last purge, the next use purged 'old'");
});

Deno.test("TtlCache removes the oldest-accessed 20% when over its maximum size", () => {
  const c = clock();
  const cache = new TtlCache<number>({ clock: c.read, maxSize: 10 });
  for (let i = 0; i < 10; i++) {
    c.now += 1;
    cache.set(`k${i}`, i);
  }
  c.now += 1;
  ok(cache.get("k0"));
  c.now += 1;
  cache.set("k10", 10);
  // ⌈11 × 0.2⌉ = 3 removed: k1, k2, k3 (k0 was read most recently but one).
  assertEquals(cache.size, 8);
  assertEquals(["k0", "k1", "k2", "k3", "k4"].map((k) => cache.get(k)?.value), [
    0,
    undefined,
    undefined,
    undefined,
    4,
  ]);
});

Deno.test("TtlCache accepts a maximum size setting up to 1000", () => {
  assertEquals(new TtlCache({ clock: () => 0, maxSize: 1000 }).maxSize, 1000);
  throws(() => new TtlCache({ clock: () => 0, maxSize: 1001 }), RangeError);
  throws(() => new TtlCache({ clock: () => 0, maxSize: 0 }), RangeError);
});
