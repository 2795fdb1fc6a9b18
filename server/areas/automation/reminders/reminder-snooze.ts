/**
 * Where a snoozed reminder comes back: 10 minutes or an hour from now, or 9:00
 * tomorrow on the organisation's clock (its `timezone` setting, an IANA name;
 * UTC when it has none or names a zone this runtime does not know), so a
 * reminder snoozed in Berlin at 23:30 comes back at 9:00 Berlin time, summer or
 * winter.
 */
import type { Reader } from "../../../db/database.ts";
import { type SnoozeAction, SNOOZES, TOMORROW_HOUR } from "./reminder-type.ts";

/** A time zone this runtime knows, else UTC. */
function knownTimeZone(name: unknown): string {
  if (typeof name !== "string" || name === "") return "UTC";
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return name;
  } catch {
    return "UTC";
  }
}

/** The organisation's time zone. */
export async function organizationTimeZone(read: Reader, organizationId: string): Promise<string> {
  const row = await read.get<{ value: string }>(
    "SELECT value FROM settings WHERE organization_id = ? AND key = 'timezone'",
    [organizationId],
  );
  if (!row) return "UTC";
  let name: unknown = row.value;
  try {
    name = JSON.parse(row.value);
  } catch {
    // A bare zone name, stored without JSON quotes.
  }
  return knownTimeZone(name);
}

/** How far `timeZone`'s clock is ahead of UTC at `instant` (ms). */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const local = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return local - Math.floor(instant / 1000) * 1000;
}

/** 9:00 on the day after `now`'s day, on the clock of `timeZone`, as an instant. */
export function tomorrowMorning(now: string, timeZone: string): string {
  const at = Date.parse(now);
  const today = new Date(at + offsetAt(at, timeZone));
  const wall = Date.UTC(
    today.getUTCFullYear(),
    today.getUTCMonth(),
    today.getUTCDate() + 1,
    TOMORROW_HOUR,
  );
  // The zone's offset at 9:00 tomorrow may differ from today's (a daylight saving change).
  let instant = wall - offsetAt(wall, timeZone);
  instant = wall - offsetAt(instant, timeZone);
  return new Date(instant).toISOString();
}

/** When a reminder snoozed by `action` at `now` is due again. */
export async function snoozedUntil(
  read: Reader,
  organizationId: string,
  snooze: { action: SnoozeAction; now: string },
): Promise<string> {
  const minutes = SNOOZES[snooze.action].minutes;
  if (minutes !== null) {
    return new Date(Date.parse(snooze.now) + minutes * 60_000).toISOString();
  }
  return tomorrowMorning(snooze.now, await organizationTimeZone(read, organizationId));
}
