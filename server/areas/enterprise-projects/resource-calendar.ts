/**
 * Working-day arithmetic for resource planning: Monday to Friday are working
 * days, weeks are ISO 8601 weeks (Monday first, numbered by the year that holds
 * their Thursday), and a task's remaining hours are spread evenly over the
 * working days from its start to its due date.
 */

const DAY = 86_400_000;

function dayMs(day: string): number {
  return Date.parse(`${day}T00:00:00.000Z`);
}

function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Whether a `YYYY-MM-DD` day is Monday to Friday. */
export function isWorkingDay(day: string): boolean {
  const weekday = new Date(dayMs(day)).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** The working days from `from` to `to`, both included (empty when `to` is before `from`). */
export function workingDays(from: string, to: string): string[] {
  const days: string[] = [];
  for (let ms = dayMs(from); ms <= dayMs(to); ms += DAY) {
    const day = dayOf(ms);
    if (isWorkingDay(day)) days.push(day);
  }
  return days;
}

/** The ISO week of a day: its label (`2026-W48`) and its Monday. */
export function isoWeek(day: string): { week: string; week_start: string } {
  const ms = dayMs(day);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const monday = ms - weekday * DAY;
  const thursday = new Date(monday + 3 * DAY);
  const year = thursday.getUTCFullYear();
  const firstThursday = Date.UTC(year, 0, 4);
  const firstMonday = firstThursday - ((new Date(firstThursday).getUTCDay() + 6) % 7) * DAY;
  const number = Math.round((monday - firstMonday) / (7 * DAY)) + 1;
  return { week: `${year}-W${String(number).padStart(2, "0")}`, week_start: dayOf(monday) };
}

/** The Monday of the week holding `day`. */
export function mondayOf(day: string): string {
  return isoWeek(day).week_start;
}

/** `day` moved by `days` calendar days. */
export function shiftDay(day: string, days: number): string {
  return dayOf(dayMs(day) + days * DAY);
}

/** An open task as the planner sees it. */
export interface PlannedTask {
  assignee_id: string;
  remaining_hours: number;
  start_date: string | null;
  due_date: string;
}

/**
 * The hours a task needs on each working day: its remaining hours spread evenly
 * over the working days from its start (its due date when it has none, or when
 * the start is after the due date) to its due date. A task whose whole span
 * falls on a weekend needs its hours on its due date.
 */
export function dailyHours(task: PlannedTask): Map<string, number> {
  const start = task.start_date && task.start_date <= task.due_date
    ? task.start_date
    : task.due_date;
  const days = workingDays(start, task.due_date);
  const spread = days.length > 0 ? days : [task.due_date];
  const each = task.remaining_hours / spread.length;
  return new Map(spread.map((day) => [day, each]));
}

/** Rounds hours to one decimal for display, keeping sums stable. */
export function roundHours(hours: number): number {
  return Math.round(hours * 10) / 10;
}
