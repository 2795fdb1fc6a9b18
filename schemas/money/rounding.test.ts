import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { roundHalfAway, roundMoney } from "./rounding.ts";

Deno.test("Money rounds half away from zero on the decimal it stands for", () => {
  const cases: [number, number][] = [
    [1.005, 1.01],
    [-1.005, -1.01],
    [0.005, 0.01],
    [-0.005, -0.01],
    [2.675, 2.68],
    [1.015, 1.02],
    [0.285, 0.29],
    [1.0049999, 1],
    [-1.0049999, -1],
    [0.1 + 0.2, 0.3],
    [1.1 * 1.1, 1.21],
    [0.335 * 3, 1.01],
    [123456789012.345, 123456789012.35],
    [-123456789012.345, -123456789012.35],
    [999999999999.995, 1000000000000],
    [1e15, 1e15],
    [5e-7, 0],
    [-0.001, 0],
    [0, 0],
  ];
  for (const [value, expected] of cases) {
    assertEquals(roundMoney(value), expected, `${value}`);
  }
  assertEquals(Object.is(roundMoney(-0.001), 0), true, "no negative zero");
});

Deno.test("Rounding at other precisions keeps the rule", () => {
  assertEquals(roundHalfAway(2.5, 0), 3);
  assertEquals(roundHalfAway(-2.5, 0), -3);
  assertEquals(roundHalfAway(25.025, 2), 25.03);
  assertEquals(roundHalfAway(0.0005, 3), 0.001);
  assertEquals(roundHalfAway(1.23456789, 4), 1.2346);
  assertEquals(roundHalfAway(1e300, 2), 1e300);
  assertEquals(Number.isNaN(roundHalfAway(NaN, 2)), true);
});
