/** Calendar-day arithmetic on ISO dates (`YYYY-MM-DD`, UTC) and rounding of figures. */
import { roundHalfAway } from "../../../../schemas/money/rounding.ts";

const DAY_MS = 86_400_000;

/** The UTC calendar date of a time in milliseconds. */
export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The date `days` after `date` (negative: before). */
export function addDays(date: string, days: number): string {
  return isoDay(Date.parse(`${date.slice(0, 10)}T00:00:00Z`) + days * DAY_MS);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round(
    (Date.parse(`${to.slice(0, 10)}T00:00:00Z`) - Date.parse(`${from.slice(0, 10)}T00:00:00Z`)) /
      DAY_MS,
  );
}

/** Every date from `from` to `to`, both included. */
export function datesFrom(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let i = 0; i <= daysBetween(from, to); i++) dates.push(addDays(from, i));
  return dates;
}

/** Rounds to `digits` decimals (percentages use 1, fractions 3), half away from zero. */
export function round(value: number, digits = 1): number {
  return roundHalfAway(value, digits);
}

/** part / whole, or 0 when whole is 0. */
export function ratio(part: number, whole: number): number {
  return whole > 0 ? part / whole : 0;
}

/** Clamps a value into [min, max]. */
export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
