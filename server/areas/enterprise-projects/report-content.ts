/**
 * A performance report's content from the project summary: `summary` gives the
 * headline figures, `executive` the status, risk and the top recommendations in
 * plain words, `detailed` every figure including each member's load. The CSV
 * (section, label, value; RFC 4180 quoting, formula-looking cells prefixed with
 * a quote, as OWASP advises for CSV injection) and the PDF carry the same lines.
 */
import type { z } from "zod";
import type { ReportLine, ReportType } from "../../../schemas/api/enterprise-projects/planning.ts";
import type { Summary } from "./summary.ts";
import { recommend } from "./recommendations.ts";
import { csvText } from "../../../schemas/csv/writer.ts";

type Line = z.infer<typeof ReportLine>;
type Kind = z.infer<typeof ReportType>;

const TITLES: Record<Kind, string> = {
  summary: "Performance summary",
  detailed: "Detailed performance report",
  executive: "Executive report",
};

const STATUS_WORDS: Record<string, string> = {
  on_track: "On track",
  delayed: "Delayed",
  completed: "Completed",
  no_tasks: "No tasks yet",
};

export function reportTitle(kind: Kind, summary: Summary): string {
  return `${TITLES[kind]}: ${summary.project_name}`;
}

/** The lines of a report of `kind`. */
export function reportLines(kind: Kind, s: Summary): Line[] {
  const line = (section: string, label: string, value: string | number) => ({
    section,
    label,
    value: String(value),
  });
  const headline = [
    line("Progress", "Progress (by estimated hours)", `${s.progress_percentage} %`),
    line("Progress", "Tasks completed", `${s.completed_tasks} of ${s.total_tasks}`),
    line("Schedule", "Schedule status", STATUS_WORDS[s.schedule_status] ?? s.schedule_status),
    line("Schedule", "Time elapsed", `${s.schedule_progress_percentage} %`),
    line("Schedule", "Planned end", s.end_date),
    line("Schedule", "Overdue tasks", s.overdue_tasks),
    line("Risk", "Risk score", `${s.risk_score} (${s.risk_level})`),
  ];
  if (kind === "summary") return headline;
  if (kind === "executive") {
    return [
      ...headline,
      ...recommend(s, null).slice(0, 3).map((r) =>
        line("Recommendations", `${r.priority} priority`, `${r.action}: ${r.description}`)
      ),
    ];
  }
  return [
    ...headline,
    line("Progress", "Task completion rate", `${s.task_completion_rate} %`),
    line("Progress", "Open tasks", s.open_tasks),
    line("Progress", "In progress", s.in_progress_tasks),
    line("Progress", "Blocked", s.blocked_tasks),
    line("Progress", "Unassigned open tasks", s.unassigned_open_tasks),
    line(
      "Progress",
      "Estimated hours (done / all)",
      `${s.completed_estimated_hours} / ${s.total_estimated_hours}`,
    ),
    line("Schedule", "Start", s.start_date),
    line("Schedule", "Days remaining", s.days_remaining),
    line("Velocity", "Current velocity (points)", s.current_velocity),
    line("Velocity", "Average velocity (points)", s.average_velocity),
    line("Velocity", "Trend", s.velocity_trend),
    line("Capacity", "Allocated hours a week", s.weekly_capacity_hours),
    line("Capacity", "Open estimated hours", s.open_estimated_hours),
    ...s.members.map((m) =>
      line(
        "Team",
        m.user_name,
        `${m.open_estimated_hours} h open, ${m.allocated_hours_per_week} h/week allocated` +
          (m.weeks_of_work === null ? "" : `, ${m.weeks_of_work} weeks of work`),
      )
    ),
  ];
}

/** The report as CSV (header row section,label,value). */
export function reportCsv(lines: Line[]): string {
  return csvText([
    ["section", "label", "value"],
    ...lines.map((l) => [l.section, l.label, l.value]),
  ]);
}
