/**
 * Project health.
 *
 * - completion_rate is the project's progress (figures.ts) as a fraction;
 *   overdue_ratio = overdue / all tasks.
 * - schedule_progress = elapsed share of the planned dates (0–1); pace =
 *   min(1, completion_rate / schedule_progress), 1 before the start.
 * - velocity_credit: improving 1, stable 0.75, declining 0.4 (the velocity trend).
 * - quality_score = completed tasks never reopened / completed tasks (1 while
 *   nothing is completed: no evidence of rework).
 * - overall_health_score = 100 × (0.35 pace + 0.25 (1 − overdue_ratio) + 0.2
 *   velocity_credit + 0.2 quality), one decimal. healthy at 75 or more, at_risk at
 *   50 or more, else critical.
 * - team_productivity_score = 100 × min(1, recent pace / required pace), where the
 *   recent pace is the tasks completed in the last 14 days (today included) / 14
 *   and the required pace is open tasks / max(1, days remaining); 100 when nothing
 *   is open.
 * - Risk indicators: overdue_tasks (high at ratio ≥ 0.2, medium ≥ 0.1),
 *   behind_schedule (pace < 0.8; high < 0.5), declining_velocity (medium),
 *   low_quality (quality < 0.8; high < 0.6), low_productivity (score < 50; high
 *   < 25). Each comes with a recommendation of the same priority.
 */
import type { z } from "zod";
import type { Health, Recommendation, RiskIndicator } from "../../../../schemas/api/analytics.ts";
import type { Queryable } from "../../../db/database.ts";
import {
  AT_RISK_SCORE,
  DEFAULT_SPRINT_COUNT,
  HEALTH_WEIGHTS,
  HEALTHY_SCORE,
  PRODUCTIVITY_WINDOW_DAYS,
  TREND_CREDIT,
} from "./constants.ts";
import { addDays, ratio, round } from "./calendar.ts";
import { type Breakdown, projectBreakdown } from "./progress.ts";
import { dailyCompletions, projectRework, type ProjectRow } from "./repo.ts";
import { levelOf } from "./risk.ts";
import { scheduleClock } from "./timeline.ts";
import { type Trend, weightedProgress } from "./figures.ts";
import { velocitySummary } from "./velocity.ts";

/** completed never reopened / completed; 1 with nothing completed. */
export function qualityScore(completed: number, reworked: number): number {
  return completed > 0 ? round((completed - reworked) / completed, 3) : 1;
}

/** The productivity score of the formula above (0–100). */
export function productivityScore(
  open: number,
  options: { recentCompleted: number; windowDays: number; daysRemaining: number },
): number {
  if (open === 0) return 100;
  const recentPace = options.recentCompleted / options.windowDays;
  const requiredPace = open / Math.max(1, options.daysRemaining);
  return round(100 * Math.min(1, recentPace / requiredPace));
}

/** healthy, at_risk or critical. */
export function healthStatus(score: number): z.infer<typeof Health>["health_status"] {
  return score >= HEALTHY_SCORE ? "healthy" : score >= AT_RISK_SCORE ? "at_risk" : "critical";
}

/** What health is computed from. */
export interface HealthInputs {
  breakdown: Breakdown;
  scheduleShare: number;
  trend: Trend;
  reworked: number;
  productivity: number;
}

/** The Health entity (without project_id) from its inputs. */
export function healthOf(inputs: HealthInputs): Omit<z.infer<typeof Health>, "project_id"> {
  const b = inputs.breakdown;
  const completionRate = weightedProgress(b) / 100;
  const overdueRatio = ratio(b.overdue, b.total);
  const pace = inputs.scheduleShare <= 0 ? 1 : Math.min(1, completionRate / inputs.scheduleShare);
  const velocityCredit = TREND_CREDIT[inputs.trend];
  const quality = qualityScore(b.completed, inputs.reworked);
  const score = round(
    100 * (HEALTH_WEIGHTS.pace * pace + HEALTH_WEIGHTS.punctuality * (1 - overdueRatio) +
      HEALTH_WEIGHTS.velocity * velocityCredit + HEALTH_WEIGHTS.quality * quality),
  );
  const indicators: z.infer<typeof RiskIndicator>[] = [];
  const advice: z.infer<typeof Recommendation>[] = [];
  const add = (
    indicator: z.infer<typeof RiskIndicator>,
    category: string,
    action: string,
    description: string,
  ) => {
    indicators.push(indicator);
    advice.push({ category, priority: indicator.severity, action, description });
  };
  if (b.overdue > 0) {
    add(
      {
        type: "overdue_tasks",
        severity: levelOf(overdueRatio, 0.2, 0.1),
        description: `${round(100 * overdueRatio)}% of tasks are overdue`,
      },
      "schedule",
      "Re-plan overdue tasks",
      "Agree new dates for overdue work or cut scope.",
    );
  }
  if (pace < 0.8) {
    add(
      {
        type: "behind_schedule",
        severity: pace < 0.5 ? "high" : "medium",
        description: `Work completed is ${round(100 * pace)}% of what the elapsed time calls for`,
      },
      "schedule",
      "Increase delivery pace",
      "Focus the team on the tasks closest to done.",
    );
  }
  if (inputs.trend === "declining") {
    add(
      {
        type: "declining_velocity",
        severity: "medium",
        description: "The latest sprint's velocity is more than 10% below the average",
      },
      "velocity",
      "Find what slows the team",
      "Review impediments in the next retrospective.",
    );
  }
  if (quality < 0.8) {
    add(
      {
        type: "low_quality",
        severity: quality < 0.6 ? "high" : "medium",
        description: `${round(100 * (1 - quality))}% of completed tasks had to be reopened`,
      },
      "quality",
      "Reduce rework",
      "Tighten acceptance criteria and review work earlier.",
    );
  }
  if (inputs.productivity < 50) {
    add(
      {
        type: "low_productivity",
        severity: inputs.productivity < 25 ? "high" : "medium",
        description: `Recent throughput is ${inputs.productivity}% of the pace the plan needs`,
      },
      "resource",
      "Add capacity or reduce scope",
      "The open work will not fit the remaining days.",
    );
  }
  return {
    overall_health_score: score,
    health_status: healthStatus(score),
    quality_score: quality,
    team_productivity_score: inputs.productivity,
    velocity_trend: inputs.trend,
    health_factors: {
      completion_rate: round(completionRate, 3),
      overdue_ratio: round(overdueRatio, 3),
      schedule_progress: round(inputs.scheduleShare, 3),
      pace: round(pace, 3),
      velocity_credit: velocityCredit,
      quality_score: quality,
    },
    risk_indicators: indicators,
    recommendations: advice,
  };
}

/** Recent throughput and the productivity score of a project. */
export async function projectProductivity(
  db: Queryable,
  project: ProjectRow,
  options: { today: string; open: number },
): Promise<number> {
  const from = addDays(options.today, -(PRODUCTIVITY_WINDOW_DAYS - 1));
  const recent = await dailyCompletions(db, project.id, { from, today: options.today });
  return productivityScore(options.open, {
    recentCompleted: recent.reduce((n, d) => n + d.tasks, 0),
    windowDays: PRODUCTIVITY_WINDOW_DAYS,
    daysRemaining: scheduleClock(project, options.today).remaining,
  });
}

/** The Health entity of a project. */
export async function projectHealth(
  db: Queryable,
  project: ProjectRow,
  today: string,
): Promise<z.infer<typeof Health>> {
  const breakdown = await projectBreakdown(db, project.id, today);
  const velocity = await velocitySummary(db, project, { today, sprintCount: DEFAULT_SPRINT_COUNT });
  const health = healthOf({
    breakdown,
    scheduleShare: scheduleClock(project, today).share,
    trend: velocity.trend,
    reworked: await projectRework(db, project.id),
    productivity: await projectProductivity(db, project, { today, open: breakdown.open }),
  });
  return { project_id: project.id, ...health };
}
