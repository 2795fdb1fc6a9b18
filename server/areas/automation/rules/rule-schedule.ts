/**
 * When a timed rule next runs, set as it is saved: a scheduled rule's next run
 * from its cron line in the organisation's time zone; a date rule's due times are
 * marked to be planned again (date-dues.ts plans them for every record).
 */
import type { Reader } from "../../../db/database.ts";
import { ruleColumn } from "./rule-columns.ts";
import { nextCronRun } from "./cron.ts";
import type { SqlValue } from "../../../db/database.ts";

/** The organisation's time zone (its `timezone` setting; UTC without one). */
export async function organizationTimeZone(read: Reader, organizationId: string): Promise<string> {
  const row = await read.get<{ value: string }>(
    "SELECT value FROM settings WHERE organization_id = ? AND key = 'timezone'",
    [organizationId],
  );
  const zone = row?.value ? String(row.value).replace(/^"|"$/g, "") : "UTC";
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return zone;
  } catch {
    return "UTC";
  }
}

/** Sets the timing columns of a rule being saved. */
export async function scheduleRule(
  read: Reader,
  input: {
    organizationId: string;
    rule: Readonly<Record<string, unknown>>;
    now: string;
    columns: Map<string, SqlValue>;
  },
): Promise<void> {
  const { rule, columns } = input;
  columns.set(
    ruleColumn("next_run_at"),
    rule.trigger === "schedule" && rule.active
      ? nextCronRun(
        String(rule.schedule),
        await organizationTimeZone(read, input.organizationId),
        input.now,
      )
      : null,
  );
  columns.set(ruleColumn("dates_planned"), 0);
}
