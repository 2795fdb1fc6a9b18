import { describe, expect, it } from "vitest";
import { keyAt, keyBetween } from "./board-rank.ts";

describe("a board's order keys", () => {
  it("always find a key strictly between two different keys, and above or below any key", () => {
    const pairs: [string | undefined, string | undefined][] = [
      [undefined, undefined],
      ["a", "b"],
      ["abc", "abd"],
      ["az", "b"],
      ["2026-03-01T00:00:00.000Z|led_acme_001", "2026-03-01T00:00:00.000Z|led_acme_002"],
      ["2026-03-01T00:00:00.000Z", undefined],
      [undefined, "2026-03-01T00:00:00.000Z"],
    ];
    for (const [below, above] of pairs) {
      const key = keyBetween(below, above);
      if (below !== undefined) expect(key > below).toBe(true);
      if (above !== undefined) expect(key < above).toBe(true);
      expect(key.endsWith("!")).toBe(false);
    }
  });

  it("keep room after a hundred cards put in the same place", () => {
    let above = "n";
    const below = "m";
    for (let i = 0; i < 100; i++) {
      const key = keyBetween(below, above);
      expect(key > below && key < above).toBe(true);
      above = key;
    }
    expect(above.length).toBeLessThan(30);
  });

  it("put a card at a place among a column's keys (highest first), above cards that share one", () => {
    expect(keyAt(["c", "b", "a"], 0) > "c").toBe(true);
    const middle = keyAt(["c", "b", "a"], 1);
    expect(middle < "c" && middle > "b").toBe(true);
    expect(keyAt(["c", "b", "a"], 3) < "a").toBe(true);
    const beforeTie = keyAt(["c", "b", "b", "a"], 2);
    expect(beforeTie < "c" && beforeTie > "b").toBe(true);
    // Records no one has placed (no key) come last; a card put among them goes above them.
    expect(keyAt(["c", "", ""], 2) > "").toBe(true);
  });
});
