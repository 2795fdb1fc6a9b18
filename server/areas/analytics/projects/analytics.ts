/**
 * Project analytics over a period of P days ending today (default 30).
 *
 * - progress_metrics: overall_progress = the project's progress and
 *   task_completion_rate = the task completion rate (figures.ts);
 *   milestone_completion_rate = 100 × completed milestones / milestones (0
 *   without milestones).
 * - velocity_metrics: tasks, story points and estimated hours completed in the
 *   period, each also per day (÷ P); velocity_trend is the project's velocity
 *   trend (current against average sprint velocity, as the Velocity call).
 * - productivity_metrics: team_metrics per assignee over the period as in team
 *   performance (total = open + completed in the period, completion rate of
 *   figures.ts); active_team_members = assignees with such tasks;
 *   overall_completion_rate = the task completion rate; productivity_score as in
 *   health.
 * - timeline_analysis: the completion outlook of the forecast (forecast.ts):
 *   estimated_completion = the median simulated date (the day the last task was
 *   completed for a complete project); schedule_variance = estimated completion −
 *   planned end (days, positive = late); schedule_status and is_on_schedule as in
 *   figures.ts.
 */
import type { z } from "zod";
import type { Analytics, Recommendation } from "../../../../schemas/api/analytics.ts";
import type { Queryable } from "../../../db/database.ts";
import { addDays, ratio, round } from "./calendar.ts";
import { DEFAULT_SPRINT_COUNT } from "./constants.ts";
import { memberCompletionRate, simpleProgress, weightedProgress } from "./figures.ts";
import { projectOutlook } from "./outlook.ts";
import { projectProductivity } from "./health.ts";
import { projectBreakdown } from "./progress.ts";
import { dailyCompletions, type ProjectRow } from "./repo.ts";
import { memberFigures, userNames } from "./team-repo.ts";
import { velocitySummary } from "./velocity.ts";
import { counted } from "./wording.ts";

type Timeline = z.infer<typeof Analytics>["timeline_analysis"];

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
  if (inputs.timeline.schedule_status === "completed") return list;
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
        `The forecast's median completion date is ${variance} days after the planned end date.`,
    });
  }
  if (inputs.trend === "declining") {
    list.push({
      category: "velocity",
      priority: "medium",
      action: "Investigate the slowdown",
      description: "The latest sprint's velocity is more than 10% below the average.",
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
  const trend = (await velocitySummary(db, project, { today, sprintCount: DEFAULT_SPRINT_COUNT }))
    .trend;
  const members = (await memberFigures(db, project.id, { since, today }))
    .filter((m) => m.open_tasks + m.completed > 0);
  const names = await userNames(db, members.map((m) => m.user_id));
  const outlook = await projectOutlook(db, project, { today });
  const timeline: Timeline = {
    schedule_status: outlook.status,
    is_on_schedule: outlook.status !== "delayed",
    schedule_variance: outlook.varianceDays,
    estimated_completion: outlook.estimatedCompletion,
  };
  const taskRate = simpleProgress(b);
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
          completion_rate: memberCompletionRate(m.completed, total),
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
