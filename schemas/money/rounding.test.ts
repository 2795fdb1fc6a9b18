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

Deno.test("A value already at its places comes back as that decimal, as the text reading gives it", () => {
  // The reading by text (15 significant digits, moved by powers of ten), for comparison.
  const byText = (value: number, digits: number) => {
    const decimal = Number(Math.abs(value).toPrecision(15));
    const [mantissa, exponent] = decimal.toExponential().split("e");
    const rounded = Number(
      `${Math.round(Number(`${mantissa}e${Number(exponent) + digits}`))}e-${digits}`,
    );
    return rounded === 0 ? 0 : value < 0 ? -rounded : rounded;
  };
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  for (let i = 0; i < 20_000; i++) {
    const digits = i % 4;
    const whole = Math.round((next() - 0.5) * 10 ** (2 + (i % 10)));
    // Whole numbers, exact decimals, and decimals one binary step off (arithmetic's noise).
    const exact = whole / 10 ** digits;
    for (
      const value of [whole, exact, exact * (1 + Number.EPSILON), exact * (1 - Number.EPSILON)]
    ) {
      assertEquals(roundHalfAway(value, digits), byText(value, digits), `${value} at ${digits}`);
    }
  }
  assertEquals(roundHalfAway(1.1 * 3, 2), 3.3);
  assertEquals(Object.is(roundHalfAway(-0, 2), 0), true, "no negative zero");
});
