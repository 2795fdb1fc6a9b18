/**
 * Risk assessment of a project.
 *
 * risk_score = min(100, round(100 × (overdue_ratio + schedule_gap + blocked_ratio
 * + rework_ratio))), where overdue_ratio = overdue / all tasks, schedule_gap =
 * max(0, schedule % − progress %) / 100, blocked_ratio = blocked / all tasks and
 * rework_ratio = reworked completed tasks / completed tasks. Level: high at 60 or
 * more, medium at 30 or more, else low.
 *
 * Identified risks (each with a recommendation of the same priority):
 * - overdue_tasks (schedule): any overdue; high when ratio ≥ 0.2, medium ≥ 0.1.
 * - behind_schedule (schedule): gap > 10 points; high when > 25.
 * - blocked_tasks (delivery): any blocked; high when ratio ≥ 0.1, medium ≥ 0.05.
 * - unassigned_tasks (resource): open tasks without assignee; medium when they
 *   are a quarter of the open work or more.
 * - rework (quality): completed tasks that were reopened; high when ratio ≥ 0.2,
 *   medium ≥ 0.1.
 */
import type { z } from "zod";
import type {
  IdentifiedRisk,
  Recommendation,
  RiskAssessment,
} from "../../../../schemas/api/analytics.ts";
import {
  HIGH_RISK_SCORE,
  HIGH_SCHEDULE_GAP,
  MEDIUM_RISK_SCORE,
  ON_SCHEDULE_TOLERANCE,
} from "./constants.ts";
import type { Breakdown } from "./progress.ts";
import { ratio, round } from "./calendar.ts";
import { counted } from "./wording.ts";

type Risk = z.infer<typeof IdentifiedRisk>;
type Level = Risk["severity"];

/** high at or above `high`, medium at or above `medium`, else low. */
export function levelOf(value: number, high: number, medium: number): Level {
  return value >= high ? "high" : value >= medium ? "medium" : "low";
}

/** What the assessment reads. */
export interface RiskInputs {
  breakdown: Breakdown;
  schedulePercentage: number;
  progressPercentage: number;
  reworked: number;
}

/** The risk score (0–100) of the formula above. */
export function riskScore(inputs: RiskInputs): number {
  const b = inputs.breakdown;
  const gap = Math.max(0, inputs.schedulePercentage - inputs.progressPercentage) / 100;
  const sum = ratio(b.overdue, b.total) + gap + ratio(b.blocked, b.total) +
    ratio(inputs.reworked, b.completed);
  return Math.min(100, Math.round(100 * sum));
}

/** The risks present, with one recommendation each. */
export function identifyRisks(
  inputs: RiskInputs,
): { risk: Risk; advice: z.infer<typeof Recommendation> }[] {
  const b = inputs.breakdown;
  const found: { risk: Risk; advice: z.infer<typeof Recommendation> }[] = [];
  const add = (risk: Risk, action: string, description: string) =>
    found.push({
      risk,
      advice: { category: risk.category, priority: risk.severity, action, description },
    });
  if (b.overdue > 0) {
    add(
      {
        type: "overdue_tasks",
        category: "schedule",
        severity: levelOf(ratio(b.overdue, b.total), 0.2, 0.1),
        description: `${b.overdue} of ${
          counted(b.total, "task is", "tasks are")
        } past their due date`,
      },
      "Re-plan overdue tasks",
      "Agree new due dates for the overdue tasks or take them out of scope.",
    );
  }
  const gap = round(inputs.schedulePercentage - inputs.progressPercentage);
  if (gap > ON_SCHEDULE_TOLERANCE) {
    add(
      {
        type: "behind_schedule",
        category: "schedule",
        severity: gap > HIGH_SCHEDULE_GAP ? "high" : "medium",
        description: `Progress is ${gap} percentage points behind the elapsed schedule`,
      },
      "Recover the schedule",
      "Add capacity to the critical tasks or move the planned end date.",
    );
  }
  if (b.blocked > 0) {
    add(
      {
        type: "blocked_tasks",
        category: "delivery",
        severity: levelOf(ratio(b.blocked, b.total), 0.1, 0.05),
        description: `${counted(b.blocked, "task is", "tasks are")} blocked`,
      },
      "Unblock tasks",
      "Resolve the blockers or escalate them to the project manager.",
    );
  }
  if (b.unassigned > 0) {
    add(
      {
        type: "unassigned_tasks",
        category: "resource",
        severity: ratio(b.unassigned, b.open) >= 0.25 ? "medium" : "low",
        description: `${counted(b.unassigned, "open task has", "open tasks have")} no assignee`,
      },
      "Assign open tasks",
      "Give every open task an owner so that it gets done.",
    );
  }
  if (inputs.reworked > 0) {
    add(
      {
        type: "rework",
        category: "quality",
        severity: levelOf(ratio(inputs.reworked, b.completed), 0.2, 0.1),
        description: `${
          counted(inputs.reworked, "completed task was", "completed tasks were")
        } reopened`,
      },
      "Reduce rework",
      "Review acceptance criteria before work starts and review work earlier.",
    );
  }
  return found;
}

/** The risk_assessment block of the Progress entity. */
export function assessRisk(inputs: RiskInputs): z.infer<typeof RiskAssessment> {
  const found = identifyRisks(inputs);
  const score = riskScore(inputs);
  const risks = found.map((f) => f.risk);
  const of = (category: Risk["category"]) => risks.filter((r) => r.category === category);
  return {
    risk_score: score,
    overall_risk_level: levelOf(score, HIGH_RISK_SCORE, MEDIUM_RISK_SCORE),
    identified_risks: risks,
    risk_categories: {
      schedule: of("schedule"),
      resource: of("resource"),
      delivery: of("delivery"),
      quality: of("quality"),
    },
    recommendations: found.map((f) => f.advice),
  };
}
