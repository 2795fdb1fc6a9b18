/**
 * When a date rule runs for one record: the record's date moved by the rule's
 * offset, before or after, in minutes, hours or days — days counted as working
 * days (Monday to Friday) when the rule says so. A date without a time counts
 * from 09:00 in the organisation's time zone, the start of a working day.
 */

/** A date rule's timing (stored fields of `automation_rule`). */
export interface DateRule {
  date_field: string;
  offset_amount: number | null;
  offset_unit: string | null;
  offset_direction: string | null;
  working_days: number | boolean | null;
}

/** The UTC instant of a wall-clock time in a time zone. */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const guess = new Date(`${date}T${time}:00Z`);
  const shown = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(guess);
  const part = (type: string) => shown.find((p) => p.type === type)?.value ?? "00";
  const asLocal = Date.parse(
    `${part("year")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}:00Z`,
  );
  return new Date(guess.getTime() - (asLocal - guess.getTime()));
}

function addWorkingDays(start: Date, days: number): Date {
  const step = days < 0 ? -1 : 1;
  const at = new Date(start);
  for (let left = Math.abs(days); left > 0;) {
    at.setUTCDate(at.getUTCDate() + step);
    const weekday = at.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return at;
}

/** The due time for a record whose date field holds `value`; null without a date. */
export function dueTime(rule: DateRule, value: unknown, timeZone: string): string | null {
  if (typeof value !== "string" || value === "") return null;
  const base = /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? zonedInstant(value, "09:00", timeZone)
    : new Date(value);
  if (Number.isNaN(base.getTime())) return null;
  const amount = Number(rule.offset_amount ?? 0) * (rule.offset_direction === "before" ? -1 : 1);
  const unit = rule.offset_unit ?? "days";
  if (unit === "minutes") return new Date(base.getTime() + amount * 60_000).toISOString();
  if (unit === "hours") return new Date(base.getTime() + amount * 3_600_000).toISOString();
  if (rule.working_days) return addWorkingDays(base, amount).toISOString();
  return new Date(base.getTime() + amount * 86_400_000).toISOString();
}
