/**
 * When a report subscription is due. Its mail goes out at `hour` o'clock in the
 * organisation's time zone, each day or on its weekday; a period is named by its
 * local day (`2026-03-14`). The period due is the latest such moment not after
 * now and not before the subscription was made: a server stopped for days sends
 * the latest mail once, not every one it missed, and a subscription made at 9
 * for 7 o'clock waits for tomorrow.
 */

/** What the schedule reads of a subscription. */
export interface Schedule {
  frequency: string;
  /** ISO weekday, "1" (Monday) to "7", for a weekly mail. */
  weekday: string;
  hour: number;
  created_at: string;
}

/** A moment's wall-clock time in a time zone, `2026-03-14T07:05`, and its ISO weekday. */
function localTime(instant: string, timeZone: string): { text: string; weekday: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      weekday: "short",
    }).formatToParts(new Date(instant)).map((p) => [p.type, p.value]),
  );
  const weekday = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(parts.weekday) + 1;
  return {
    text: `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`,
    weekday,
  };
}

function dayBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** A time zone this runtime knows, else UTC. */
export function knownTimeZone(name: string | undefined): string {
  if (!name) return "UTC";
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return name;
  } catch {
    return "UTC";
  }
}

/** The period due now (its local day), or undefined when none has come since the subscription was made. */
export function duePeriod(schedule: Schedule, now: string, timeZone: string): string | undefined {
  const local = localTime(now, timeZone);
  const today = local.text.slice(0, 10);
  const hour = `${String(schedule.hour).padStart(2, "0")}:00`;
  const reached = local.text.slice(11) >= hour;
  let back = reached ? 0 : 1;
  if (schedule.frequency === "weekly") {
    back = (local.weekday - Number(schedule.weekday) + 7) % 7;
    if (back === 0 && !reached) back = 7;
  }
  const day = dayBefore(today, back);
  const made = localTime(schedule.created_at, timeZone).text;
  return `${day}T${hour}` >= made ? day : undefined;
}
