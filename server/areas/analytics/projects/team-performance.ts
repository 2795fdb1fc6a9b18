/**
 * Team performance over a period of P days ending today (default 30).
 *
 * - A member is an assignee with open tasks or tasks completed in the period, or
 *   anyone who logged time on the project in it.
 * - total_tasks = open tasks + tasks completed in the period; completion_rate =
 *   100 × tasks_completed / total_tasks (figures.ts: 3 of 4 is 75).
 * - quality_score (0–1) = tasks completed in the period never reopened / tasks
 *   completed in the period; 0 for a member who completed nothing.
 * - average_completion_time = mean days from started_at to completed_at of the
 *   tasks completed in the period (null when none).
 * - team_averages: completion_rate = the pooled rate Σ tasks_completed / Σ
 *   total_tasks, so that it agrees with the table's columns; quality_score =
 *   mean over members who completed something; velocity = story points completed
 *   in the period per member per week (Σ points / members / (P / 7)).
 * - collaboration_score = 100 × tasks on which two people or more logged time in
 *   the period / tasks with any time logged in it.
 */
import type { z } from "zod";
import type { TeamPerformance } from "../../../../schemas/api/analytics.ts";
import type { Queryable } from "../../../db/database.ts";
import { addDays, ratio, round } from "./calendar.ts";
import type { ProjectRow } from "./repo.ts";
import { projectBreakdown } from "./progress.ts";
import { memberCompletionRate } from "./figures.ts";
import { hoursByMember, memberFigures, memberRework, sharedWork, userNames } from "./team-repo.ts";

type Member = z.infer<typeof TeamPerformance>["team_members"][number];

/** Team averages of the members (formula above). */
export function teamAverages(members: readonly Member[], periodDays: number) {
  const mean = (xs: number[]) => xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;
  const points = members.reduce((sum, m) => sum + m.story_points_completed, 0);
  return {
    completion_rate: memberCompletionRate(
      members.reduce((sum, m) => sum + m.tasks_completed, 0),
      members.reduce((sum, m) => sum + m.total_tasks, 0),
    ),
    quality_score: round(
      mean(members.filter((m) => m.tasks_completed > 0).map((m) => m.quality_score)),
      3,
    ),
    velocity: members.length ? round(points / members.length / (periodDays / 7), 2) : 0,
  };
}

/** The Team performance entity of a project. */
export async function teamPerformance(
  db: Queryable,
  project: ProjectRow,
  options: { today: string; periodDays: number },
): Promise<z.infer<typeof TeamPerformance>> {
  const since = addDays(options.today, -(options.periodDays - 1));
  const figures = (await memberFigures(db, project.id, { since, today: options.today }))
    .filter((m) => m.open_tasks + m.completed > 0);
  const rework = new Map(
    (await memberRework(db, project.id, since)).map((r) => [r.user_id, r.reworked]),
  );
  const hours = new Map(
    (await hoursByMember(db, project.id, since)).map((h) => [h.user_id, h.hours]),
  );
  const ids = [...new Set([...figures.map((f) => f.user_id), ...hours.keys()])];
  const names = await userNames(db, ids);
  const byId = new Map(figures.map((f) => [f.user_id, f]));
  const members: Member[] = ids.map((id) => {
    const f = byId.get(id);
    const total = (f?.open_tasks ?? 0) + (f?.completed ?? 0);
    const completed = f?.completed ?? 0;
    return {
      user_id: id,
      user_name: names.get(id) ?? id,
      total_tasks: total,
      tasks_completed: completed,
      completion_rate: memberCompletionRate(completed, total),
      quality_score: completed ? round((completed - (rework.get(id) ?? 0)) / completed, 3) : 0,
      story_points_completed: f?.story_points ?? 0,
      estimated_hours_completed: round(f?.hours ?? 0, 2),
      hours_logged: round(hours.get(id) ?? 0, 2),
      average_completion_time: f?.avg_days == null ? null : round(f.avg_days),
    };
  }).sort((a, b) =>
    b.tasks_completed - a.tasks_completed || a.user_name.localeCompare(b.user_name)
  );
  const shared = await sharedWork(db, project.id, since);
  return {
    project_id: project.id,
    analysis_period_days: options.periodDays,
    period_start: since,
    period_end: options.today,
    team_members: members,
    team_averages: teamAverages(members, options.periodDays),
    collaboration_score: round(100 * ratio(shared.shared, shared.tasks)),
    unassigned_tasks: (await projectBreakdown(db, project.id, options.today)).unassigned,
  };
}
