/**
 * Relative dates a filter's value may name, resolved against today (UTC):
 * `@today`, `@today-30`, `@today+7` (days), and the first or last day of this week
 * (Monday to Sunday), month, quarter or year, moved whole periods with a sign:
 * `@start_of_month` is the first of this month, `@start_of_month-1` the first of
 * last month, `@end_of_quarter+1` the last day of next quarter. A saved report of
 * "invoices this quarter" stays this quarter's.
 */

const RELATIVE =
  /^@(today|start_of_week|end_of_week|start_of_month|end_of_month|start_of_quarter|end_of_quarter|start_of_year|end_of_year)(?:([+-])(\d{1,4}))?$/;

/** The ISO date a relative date names on `today` (`YYYY-MM-DD`), or undefined when it names none. */
export function relativeDate(value: string, today: string): string | undefined {
  const match = RELATIVE.exec(value);
  if (!match) return undefined;
  const [, what, sign, count] = match;
  const n = count ? Number(count) * (sign === "-" ? -1 : 1) : 0;
  const [y, m, d] = today.split("-").map(Number);
  const day = (year: number, month: number, date: number) =>
    new Date(Date.UTC(year, month, date)).toISOString().slice(0, 10);
  switch (what) {
    case "today":
      return day(y, m - 1, d + n);
    case "start_of_week":
    case "end_of_week": {
      const monday = d - ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 7 * n;
      return day(y, m - 1, what === "start_of_week" ? monday : monday + 6);
    }
    case "start_of_month":
      return day(y, m - 1 + n, 1);
    case "end_of_month":
      return day(y, m + n, 0);
    case "start_of_quarter":
      return day(y, Math.floor((m - 1) / 3) * 3 + 3 * n, 1);
    case "end_of_quarter":
      return day(y, Math.floor((m - 1) / 3) * 3 + 3 * n + 3, 0);
    case "start_of_year":
      return day(y + n, 0, 1);
    default:
      return day(y + n, 11, 31);
  }
}
