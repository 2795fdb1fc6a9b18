/**
 * The enterprise defaults of a new project (spec 001 §3): current_phase
 * planning, project_type software_development, complexity_score 5, risk_level
 * medium, start today and end 90 days after the start; approval_status not_submitted,
 * archive_status active and version 1 are the record's own starting values.
 */

/** Days from the start to the default end of a new enterprise project. */
export const DEFAULT_DURATION_DAYS = 90;

/** The calendar day `days` after `day` (both YYYY-MM-DD, UTC). */
export function dayPlus(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The values of a new project: the enterprise defaults, overridden by what was given. */
export function withEnterpriseDefaults(
  values: Record<string, unknown>,
  today: string,
): Record<string, unknown> {
  const given = Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== null && v !== undefined),
  );
  const start = typeof given.start_date === "string" ? given.start_date : today;
  return {
    current_phase: "planning",
    project_type: "software_development",
    complexity_score: 5,
    risk_level: "medium",
    ...values,
    start_date: start,
    end_date: typeof given.end_date === "string"
      ? given.end_date
      : dayPlus(start, DEFAULT_DURATION_DAYS),
  };
}
