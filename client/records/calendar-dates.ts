/**
 * The days of a calendar: a day is its ISO date (`2026-12-07`), counted in UTC so
 * that no time zone moves it; weeks start on Monday, a month's grid runs from the
 * Monday on or before its first day to the Sunday on or after its last; and the
 * words a person reads for a day ("Mon 7 Dec") or a range ("December 2026").
 */

/** What a calendar shows at once. */
export type CalendarSpan = "month" | "week";

const DAY_MS = 86_400_000;

function dateOf(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

function keyOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The day `count` days after `day` (before it when negative). */
export function addDays(day: string, count: number): string {
  return keyOf(new Date(dateOf(day).getTime() + count * DAY_MS));
}

/** Today on the person's own clock. */
export function today(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The day a stored date or datetime value falls on, or undefined when it holds none. */
export function dayOfValue(value: unknown): string | undefined {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}/.test(value)) return undefined;
  return value.slice(0, 10);
}

/** The Monday on or before `day`. */
function weekStart(day: string): string {
  const weekday = (dateOf(day).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** The days a span around `anchor` shows, in order: whole weeks from Monday. */
export function daysOf(span: CalendarSpan, anchor: string): string[] {
  const first = span === "week" ? weekStart(anchor) : weekStart(`${anchor.slice(0, 7)}-01`);
  const last = span === "week" ? addDays(first, 6) : lastOfGrid(anchor);
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

function lastOfGrid(anchor: string): string {
  const first = dateOf(`${anchor.slice(0, 7)}-01`);
  const lastOfMonth = keyOf(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)));
  return addDays(weekStart(lastOfMonth), 6);
}

/** The anchor of the span before (`-1`) or after (`1`) the one around `anchor`. */
export function shiftSpan(span: CalendarSpan, anchor: string, step: -1 | 1): string {
  if (span === "week") return addDays(anchor, 7 * step);
  const first = dateOf(`${anchor.slice(0, 7)}-01`);
  return keyOf(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + step, 1)));
}

function words(day: string, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", ...options }).format(dateOf(day));
}

/** A day in short words: "Mon 7 Dec". */
export function dayWords(day: string): string {
  return words(day, { weekday: "short", day: "numeric", month: "short" }).replace(",", "");
}

/** A day in full words: "Monday 7 December 2026". */
export function fullDayWords(day: string): string {
  return words(day, { weekday: "long", day: "numeric", month: "long", year: "numeric" })
    .replace(",", "");
}

/** The short name of a weekday column: "Mon". */
export function weekdayWords(day: string): string {
  return words(day, { weekday: "short" });
}

/** What a span shows, in words: "December 2026", or "7 – 13 Dec 2026" for a week. */
export function spanWords(span: CalendarSpan, anchor: string): string {
  if (span === "month") return words(anchor, { month: "long", year: "numeric" });
  const days = daysOf("week", anchor);
  const first = days[0];
  const last = days[6];
  const end = words(last, { day: "numeric", month: "short", year: "numeric" });
  if (first.slice(0, 7) === last.slice(0, 7)) return `${Number(first.slice(8))} – ${end}`;
  if (first.slice(0, 4) === last.slice(0, 4)) {
    return `${words(first, { day: "numeric", month: "short" })} – ${end}`;
  }
  return `${words(first, { day: "numeric", month: "short", year: "numeric" })} – ${end}`;
}
