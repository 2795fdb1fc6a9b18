/**
 * Recommendations from a project's analytics summary (spec 001 §3
 * Recommendation: category, priority, action, description), each with the
 * figure that triggered it and the threshold it crossed:
 *
 * - risk_score ≥ 60 high / ≥ 30 medium (the risk assessment's levels) → risk;
 * - a member's open hours over their allocated weekly hours > 2 weeks of work
 *   (high > 4) → resource: rebalance; total capacity 0 with open work → resource;
 * - velocity trend declining (current below the average by more than 10 %) → delivery;
 * - overdue tasks > 0 (high at ≥ 20 % of open tasks) → schedule;
 * - unassigned open tasks > 0 → resource;
 * - schedule buffer: the optimised end date against the planned end, in working
 *   days; below 0 high, below 5 medium → schedule (critical path has no slack).
 */
import type { z } from "zod";
import type { RecommendationItem } from "../../../schemas/api/enterprise-projects/planning.ts";
import type { Summary } from "./summary.ts";

type Item = z.infer<typeof RecommendationItem>;

const HIGH_RISK = 60;
const MEDIUM_RISK = 30;
const BUSY_WEEKS = 2;
const OVERLOADED_WEEKS = 4;
const SHORT_BUFFER_DAYS = 5;

/** The recommendations the summary (and the schedule buffer, when known) call for. */
export function recommend(summary: Summary, bufferDays: number | null): Item[] {
  const out: Item[] = [];
  if (summary.risk_score >= MEDIUM_RISK) {
    const high = summary.risk_score >= HIGH_RISK;
    out.push({
      category: "risk",
      priority: high ? "high" : "medium",
      action: "Hold a risk review",
      description:
        `The risk score is ${summary.risk_score} (${summary.risk_level}); review overdue, blocked and reworked tasks with the team and agree mitigations.`,
      trigger: {
        figure: "risk_score",
        value: summary.risk_score,
        threshold: high ? HIGH_RISK : MEDIUM_RISK,
      },
    });
  }
  for (const m of summary.members) {
    if (m.weeks_of_work === null || m.weeks_of_work <= BUSY_WEEKS) continue;
    const high = m.weeks_of_work > OVERLOADED_WEEKS;
    out.push({
      category: "resource",
      priority: high ? "high" : "medium",
      action: `Rebalance ${m.user_name}'s work`,
      description:
        `${m.user_name} has ${m.open_estimated_hours} open hours against ${m.allocated_hours_per_week} allocated hours a week (${m.weeks_of_work} weeks of work); move tasks to members with spare capacity or raise the allocation.`,
      trigger: {
        figure: `weeks_of_work:${m.user_id}`,
        value: m.weeks_of_work,
        threshold: high ? OVERLOADED_WEEKS : BUSY_WEEKS,
      },
    });
  }
  if (summary.velocity_trend === "declining") {
    out.push({
      category: "delivery",
      priority: "medium",
      action: "Find what slows the team",
      description:
        `Velocity fell to ${summary.current_velocity} against an average of ${summary.average_velocity}; look for blockers, scope growth or absences in the last sprint.`,
      trigger: {
        figure: "current_velocity",
        value: summary.current_velocity,
        threshold: summary.average_velocity,
      },
    });
  }
  if (summary.overdue_tasks > 0) {
    const share = summary.open_tasks > 0 ? summary.overdue_tasks / summary.open_tasks : 1;
    out.push({
      category: "schedule",
      priority: share >= 0.2 ? "high" : "medium",
      action: "Re-plan overdue tasks",
      description:
        `${summary.overdue_tasks} of ${summary.open_tasks} open tasks are past their due date; give each a realistic date or cut scope.`,
      trigger: { figure: "overdue_tasks", value: summary.overdue_tasks, threshold: 0 },
    });
  }
  if (summary.unassigned_open_tasks > 0) {
    out.push({
      category: "resource",
      priority: "medium",
      action: "Assign open tasks",
      description:
        `${summary.unassigned_open_tasks} open tasks have no assignee; unassigned work is not in anyone's capacity plan.`,
      trigger: {
        figure: "unassigned_open_tasks",
        value: summary.unassigned_open_tasks,
        threshold: 0,
      },
    });
  }
  if (bufferDays !== null && bufferDays < SHORT_BUFFER_DAYS) {
    out.push({
      category: "schedule",
      priority: bufferDays < 0 ? "high" : "medium",
      action: bufferDays < 0 ? "Move the end date or cut scope" : "Protect the critical path",
      description: bufferDays < 0
        ? `The optimised schedule ends ${-bufferDays} working days after the planned end date ${summary.end_date}.`
        : `Only ${bufferDays} working days separate the optimised end from the planned end date ${summary.end_date}; any delay on the critical path moves the end.`,
      trigger: {
        figure: "schedule_buffer_days",
        value: bufferDays,
        threshold: bufferDays < 0 ? 0 : SHORT_BUFFER_DAYS,
      },
    });
  }
  const rank = { high: 0, medium: 1, low: 2 };
  return out.sort((a, b) => rank[a.priority] - rank[b.priority]);
}
