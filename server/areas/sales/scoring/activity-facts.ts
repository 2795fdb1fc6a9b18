/**
 * What a lead's activities say, as variables a scoring rule's condition may read
 * beside the lead's own fields, all read in one query of the lead's activities
 * (the rule form's help, `CONDITION_HELP` of the rule's declaration, lists them).
 */
import type { Reader } from "../../../db/database.ts";
import { LEAD_ACTIVITY } from "../types/lead-activity.ts";

/** The activity variables, by name. */
export interface ActivityFacts {
  /** Activities logged with the lead. */
  activity_count: number;
  /** Of them, those whose outcome was positive. */
  positive_count: number;
  /** Whether a meeting was logged. */
  has_meeting: boolean;
  /** Days since the latest activity's date (null: none yet). */
  last_activity_days: number | null;
  /** Days from the lead's creation to its first positive activity (null: none yet). */
  replied_within_days: number | null;
  /** Days since the lead was created. */
  lead_age_days: number;
}

/** The names of the activity variables. */
export const ACTIVITY_FACT_NAMES: readonly (keyof ActivityFacts)[] = [
  "activity_count",
  "positive_count",
  "has_meeting",
  "last_activity_days",
  "replied_within_days",
  "lead_age_days",
];

const DAY_MS = 86_400_000;

const column = (id: string) => LEAD_ACTIVITY.field.get(id)!.column;

/** A stored date or timestamp as `YYYY-MM-DD` (null for none). */
function dayOf(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`), never below 0. */
function daysBetween(from: string, to: string): number {
  return Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS));
}

/** The activity variables of a lead created on `createdDay`, as of `today`. */
export async function activityFacts(
  read: Reader,
  organizationId: string,
  lead: { id: string | null; createdDay: string; today: string },
): Promise<ActivityFacts> {
  const row = lead.id === null ? undefined : await read.get<Record<string, unknown>>(
    `SELECT COUNT(*) AS n,
            SUM(CASE WHEN ${column("outcome")} = 'positive' THEN 1 ELSE 0 END) AS positive,
            SUM(CASE WHEN ${column("activity_type")} = 'meeting' THEN 1 ELSE 0 END) AS meetings,
            MAX(${column("date")}) AS latest,
            MIN(CASE WHEN ${column("outcome")} = 'positive' THEN ${
      column("date")
    } END) AS first_positive
       FROM ${LEAD_ACTIVITY.table}
      WHERE organization_id = ? AND ${column("lead")} = ?`,
    [organizationId, lead.id],
  );
  const latest = dayOf(row?.latest);
  const firstPositive = dayOf(row?.first_positive);
  return {
    activity_count: Number(row?.n ?? 0),
    positive_count: Number(row?.positive ?? 0),
    has_meeting: Number(row?.meetings ?? 0) > 0,
    last_activity_days: latest === null ? null : daysBetween(latest, lead.today),
    replied_within_days: firstPositive === null
      ? null
      : daysBetween(lead.createdDay, firstPositive),
    lead_age_days: daysBetween(lead.createdDay, lead.today),
  };
}
