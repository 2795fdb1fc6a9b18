/**
 * Project analytics over a period of P days ending today (default 30).
 *
 * - progress_metrics: overall_progress = weighted progress; task_completion_rate =
 *   100 × completed / all tasks; milestone_completion_rate = 100 × completed
 *   milestones / milestones (0 without milestones).
 * - velocity_metrics: tasks, story points and estimated hours completed in the
 *   period, each also per day (÷ P); velocity_trend compares the tasks completed
 *   in the newer half of the period with the older half (±10%).
 * - productivity_metrics: team_metrics per assignee over the period as in team
 *   performance (total = open + completed in the period); active_team_members =
 *   assignees with such tasks; overall_completion_rate = 100 × completed / all
 *   tasks; productivity_score as in health.
 * - timeline_analysis: estimated_completion = today + ⌈open / daily task
 *   velocity⌉ days (today when nothing is open, null without velocity);
 *   schedule_variance = estimated completion − planned end (days, positive =
 *   late); is_on_schedule = estimated completion ≤ planned end.
 */
import type { z } from "zod";
import type { Analytics, Recommendation } from "../../../schemas/api/analytics.ts";
import type { Queryable } from "../../db/database.ts";
import { addDays, daysBetween, ratio, round } from "./calendar.ts";
import { projectProductivity } from "./health.ts";
import { projectBreakdown, weightedProgress } from "./progress.ts";
import { dailyCompletions, type ProjectRow } from "./repo.ts";
import { memberFigures, userNames } from "./team-repo.ts";
import { velocityTrend } from "./velocity.ts";
import { counted } from "./wording.ts";

type Timeline = z.infer<typeof Analytics>["timeline_analysis"];

/**
 * Estimated completion from the open tasks and the tasks completed in the period:
 * ⌈open / (completed / days)⌉ = ⌈open × days / completed⌉, in integers so that
 * no rounding error adds a day.
 */
export function projectedTimeline(
  open: number,
  options: { today: string; completed: number; periodDays: number; endDate: string },
): Timeline {
  const estimated = open === 0
    ? options.today
    : options.completed > 0
    ? addDays(options.today, Math.ceil((open * options.periodDays) / options.completed))
    : null;
  return {
    is_on_schedule: estimated !== null && estimated <= options.endDate,
    schedule_variance: estimated === null ? null : daysBetween(options.endDate, estimated),
    estimated_completion: estimated,
  };
}

function recommendations(inputs: {
  trend: string;
  timeline: Timeline;
  open: number;
  unassigned: number;
  taskRate: number;
  milestoneRate: number;
  milestones: number;
}): z.infer<typeof Recommendation>[] {
  const list: z.infer<typeof Recommendation>[] = [];
  const variance = inputs.timeline.schedule_variance;
  if (inputs.open > 0 && inputs.timeline.estimated_completion === null) {
    list.push({
      category: "velocity",
      priority: "high",
      action: "Restart delivery",
      description: "No task was completed in the period, so no finish date can be projected.",
    });
  } else if (variance !== null && variance > 0) {
    list.push({
      category: "schedule",
      priority: variance > 14 ? "high" : "medium",
      action: "Bring the finish date forward",
      description:
        `At the current pace the open work ends ${variance} days after the planned end date.`,
    });
  }
  if (inputs.trend === "declining") {
    list.push({
      category: "velocity",
      priority: "medium",
      action: "Investigate the slowdown",
      description: "Fewer tasks were completed in the second half of the period than in the first.",
    });
  }
  if (inputs.unassigned > 0) {
    list.push({
      category: "resource",
      priority: "medium",
      action: "Assign open tasks",
      description: `${counted(inputs.unassigned, "open task has", "open tasks have")} no assignee.`,
    });
  }
  if (inputs.milestones > 0 && inputs.milestoneRate < inputs.taskRate - 20) {
    list.push({
      category: "milestones",
      priority: "medium",
      action: "Close out milestones",
      description: "Milestones lag behind the tasks: finish the work they depend on first.",
    });
  }
  return list;
}

/** The Analytics entity of a project. */
export async function projectAnalytics(
  db: Queryable,
  project: ProjectRow,
  options: { today: string; periodDays: number },
): Promise<z.infer<typeof Analytics>> {
  const { today, periodDays } = options;
  const since = addDays(today, -(periodDays - 1));
  const b = await projectBreakdown(db, project.id, today);
  const days = await dailyCompletions(db, project.id, { from: since, today });
  const totals = days.reduce(
    (t, d) => ({
      tasks: t.tasks + d.tasks,
      points: t.points + d.story_points,
      hours: t.hours + d.hours,
    }),
    { tasks: 0, points: 0, hours: 0 },
  );
  const half = Math.floor(periodDays / 2);
  const olderEnd = addDays(since, half - 1);
  const newerStart = addDays(today, -(half - 1));
  const older = days.filter((d) => d.day <= olderEnd).reduce((n, d) => n + d.tasks, 0);
  const newer = days.filter((d) => d.day >= newerStart).reduce((n, d) => n + d.tasks, 0);
  const trend = half > 0 ? velocityTrend([older, newer]) : "stable";
  const members = (await memberFigures(db, project.id, { since, today }))
    .filter((m) => m.open_tasks + m.completed > 0);
  const names = await userNames(db, members.map((m) => m.user_id));
  const timeline = projectedTimeline(b.open, {
    today,
    completed: totals.tasks,
    periodDays,
    endDate: project.end_date,
  });
  const taskRate = round(100 * ratio(b.completed, b.total));
  const milestoneRate = round(100 * ratio(b.completedMilestones, b.milestones));
  return {
    project_id: project.id,
    analysis_period_days: periodDays,
    period_start: since,
    period_end: today,
    progress_metrics: {
      overall_progress: weightedProgress(b),
      task_completion_rate: taskRate,
      milestone_completion_rate: milestoneRate,
      milestones_total: b.milestones,
      milestones_completed: b.completedMilestones,
    },
    velocity_metrics: {
      daily_task_velocity: round(totals.tasks / periodDays, 2),
      daily_story_point_velocity: round(totals.points / periodDays, 2),
      daily_hour_velocity: round(totals.hours / periodDays, 2),
      tasks_completed: totals.tasks,
      story_points_completed: totals.points,
      hours_completed: round(totals.hours, 2),
      velocity_trend: trend,
    },
    productivity_metrics: {
      active_team_members: members.length,
      unassigned_tasks: b.unassigned,
      overall_completion_rate: taskRate,
      productivity_score: await projectProductivity(db, project, { today, open: b.open }),
      team_metrics: Object.fromEntries(members.map((m) => {
        const total = m.open_tasks + m.completed;
        return [m.user_id, {
          user_name: names.get(m.user_id) ?? m.user_id,
          total_tasks: total,
          completed_tasks: m.completed,
          completion_rate: round(100 * ratio(m.completed, total)),
          story_points_completed: m.story_points,
          estimated_hours_completed: round(m.hours, 2),
        }];
      })),
    },
    timeline_analysis: timeline,
    recommendations: recommendations({
      trend,
      timeline,
      open: b.open,
      unassigned: b.unassigned,
      taskRate,
      milestoneRate,
      milestones: b.milestones,
    }),
  };
}
