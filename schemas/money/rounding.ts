/**
 * The one rounding of money and of every decimal the product stores: half away
 * from zero (1.005 → 1.01, -1.005 → -1.01, 2.675 → 2.68), on the decimal the
 * value stands for rather than on its binary neighbour. `Math.round(x * 100) /
 * 100` rounds 1.005 to 1.00, since the double nearest 1.005 is 1.00499999999…
 * and 1.005 × 100 is 100.49999999999999. So the value is first read as the
 * decimal it means — its 15 significant digits, all a double holds exactly, which
 * also drops the noise arithmetic leaves (0.1 + 0.2) — and that decimal is moved
 * by powers of ten in text, never by multiplying. The server and the browser both
 * use this module, so a total shown while typing is the total stored.
 */

/** Decimal places of money (cents). */
export const MONEY_DIGITS = 2;

/** Significant digits a double holds exactly; noise from arithmetic lies beyond them. */
const SIGNIFICANT_DIGITS = 15;

/** Rounds half away from zero at `digits` decimals (0 to 10), on the value's decimal. */
export function roundHalfAway(value: number, digits: number): number {
  if (!Number.isFinite(value)) return value;
  // Already at `digits` places (whole numbers, most amounts): the decimal it stands for,
  // k / 10^digits, is what the reading below would give, and one correctly rounded
  // division makes it.
  const scale = 10 ** digits;
  const scaled = value * scale;
  if (Number.isInteger(scaled) && Math.abs(scaled) < 1e15) return scaled === 0 ? 0 : scaled / scale;
  // The decimal the value stands for, as mantissa and exponent ("1.005e+0").
  const decimal = Number(Math.abs(value).toPrecision(SIGNIFICANT_DIGITS));
  const [mantissa, exponent] = decimal.toExponential().split("e");
  const shifted = Number(`${mantissa}e${Number(exponent) + digits}`);
  // Past 2^52 a double has no fraction left to round.
  if (shifted >= 2 ** 52) return value;
  const rounded = Number(`${Math.round(shifted)}e-${digits}`);
  return rounded === 0 ? 0 : value < 0 ? -rounded : rounded;
}

/** An amount of money rounded to cents, half away from zero. */
export function roundMoney(value: number): number {
  return roundHalfAway(value, MONEY_DIGITS);
}
