/**
 * A scheduled rule's cron line (minute, hour, day of month, month, weekday), read
 * by croner in the organisation's time zone: whether it is valid, and when it next
 * comes after a moment.
 */
import { Cron } from "croner";

/** What is wrong with a cron line, or undefined when it is valid. */
export function cronProblem(line: string): string | undefined {
  const parts = line.trim().split(/\s+/).filter(Boolean);
  if (parts.length !== 5) {
    return "A schedule has five parts: minute, hour, day of month, month and weekday (for example 0 9 * * 1-5)";
  }
  try {
    new Cron(parts.join(" "), { paused: true });
    return undefined;
  } catch (error) {
    return `Not a valid schedule: ${(error as Error).message.replace(/^CronPattern:\s*/, "")}`;
  }
}

/** The first time the schedule comes strictly after `after`, in `timeZone`; null when never. */
export function nextCronRun(line: string, timeZone: string, after: string): string | null {
  const cron = new Cron(line.trim(), { paused: true, timezone: timeZone });
  return cron.nextRun(new Date(after))?.toISOString() ?? null;
}
