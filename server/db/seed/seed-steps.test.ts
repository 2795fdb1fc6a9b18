import { deepStrictEqual as assertEquals, throws } from "node:assert/strict";
import { type DemoSeedStep, seedOrder } from "./seed-steps.ts";

const step = (id: string, after?: string[]): DemoSeedStep => ({
  id,
  after,
  run: () => Promise.resolve(),
});

Deno.test("seed steps run after what they read, else in the order they are listed", () => {
  const order = seedOrder([
    step("member", ["money", "history"]),
    step("numbers", ["history", "enterprise"]),
    step("invoices", ["numbers"]),
    step("money", ["invoices"]),
    step("compliance"),
    step("enterprise", ["history"]),
    step("history"),
  ]);
  assertEquals(order.map((s) => s.id), [
    "compliance",
    "history",
    "enterprise",
    "numbers",
    "invoices",
    "money",
    "member",
  ]);
});

Deno.test("an unknown, repeated or circular seed step is refused, naming it", () => {
  throws(
    () => seedOrder([step("a", ["nowhere"])]),
    /"a" runs after "nowhere", which no area seeds/,
  );
  throws(() => seedOrder([step("a"), step("a")]), /"a" is declared twice/);
  throws(
    () => seedOrder([step("a", ["b"]), step("b", ["a"]), step("c")]),
    /wait for each other: "a", "b"/,
  );
});
