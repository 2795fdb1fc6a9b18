/**
 * The months of the sales forecast, named `2026-03` as the engine's month buckets
 * name them, counted in UTC: the month of a moment, a month some months away, and
 * a month's first day and the first day after it.
 */

/** The month of an ISO date or moment. */
export function monthOf(iso: string): string {
  return iso.slice(0, 7);
}

/** The month `n` months after `month` (before it when `n` is negative). */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split("-").map(Number);
  const index = y * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** `count` months from `first` on, in order. */
export function monthsFrom(first: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addMonths(first, i));
}

/** The first day of a month, `2026-03-01`. */
export function firstDay(month: string): string {
  return `${month}-01`;
}
