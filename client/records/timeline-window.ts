/**
 * The window a record timeline shows: a week (Monday to Sunday), a month or a
 * quarter around an anchor day, its days in order (ISO dates counted in UTC, as a
 * calendar's), the window before or after it, its name in words ("December 2026",
 * "Q4 2026") and the marks of its day axis.
 */
import { addDays, daysOf, spanWords } from "./calendar-dates.ts";

/** How much a timeline shows at once. */
export type TimelineZoom = "week" | "month" | "quarter";

/** The zooms offered, narrowest first. */
export const TIMELINE_ZOOMS: readonly TimelineZoom[] = ["week", "month", "quarter"];

function monthStart(day: string, offset = 0): string {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1))
    .toISOString().slice(0, 10);
}

function quarterStart(day: string): string {
  const month = Number(day.slice(5, 7));
  return `${day.slice(0, 4)}-${String(month - ((month - 1) % 3)).padStart(2, "0")}-01`;
}

/** The days the window around `anchor` shows, in order. */
export function windowDays(zoom: TimelineZoom, anchor: string): string[] {
  if (zoom === "week") return daysOf("week", anchor);
  const first = zoom === "month" ? monthStart(anchor) : quarterStart(anchor);
  const end = monthStart(first, zoom === "month" ? 1 : 3);
  const days: string[] = [];
  for (let day = first; day < end; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The anchor of the window before (`-1`) or after (`1`) the one around `anchor`. */
export function shiftWindow(zoom: TimelineZoom, anchor: string, step: -1 | 1): string {
  if (zoom === "week") return addDays(anchor, 7 * step);
  return monthStart(anchor, (zoom === "month" ? 1 : 3) * step);
}

/** The window's name: "7 – 13 Dec 2026", "December 2026" or "Q4 2026". */
export function windowWords(zoom: TimelineZoom, anchor: string): string {
  if (zoom !== "quarter") return spanWords(zoom, anchor);
  return `Q${Math.floor((Number(anchor.slice(5, 7)) - 1) / 3) + 1} ${anchor.slice(0, 4)}`;
}

/** Days between two ISO days (`to` minus `from`). */
export function daysBetween(from: string, to: string): number {
  return Math.round(
    (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000,
  );
}

const SHORT = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short" });
const WEEKDAY = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "short" });

/** A mark of the day axis: its day and what it reads, or none where the axis stays quiet. */
export function axisMark(zoom: TimelineZoom, day: string): string | undefined {
  const date = new Date(`${day}T00:00:00Z`);
  if (zoom === "week") return `${WEEKDAY.format(date)} ${date.getUTCDate()}`;
  if (zoom === "month") return String(date.getUTCDate());
  return date.getUTCDay() === 1 ? SHORT.format(date) : undefined;
}
