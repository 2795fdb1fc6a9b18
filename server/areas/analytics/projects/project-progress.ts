/**
 * The Progress entity: task progress, risk assessment and timeline analysis of a
 * project from one breakdown query, plus the latest reported progress and, when
 * asked, its velocity. overall_progress_percentage is the progress of figures.ts
 * (weighted, the default method) unless the caller asks for the simple method.
 */
import type { z } from "zod";
import type { Progress } from "../../../../schemas/api/analytics.ts";
import type { Queryable } from "../../../db/database.ts";
import { DEFAULT_SPRINT_COUNT } from "./constants.ts";
import { scheduleClock, timelineAnalysis } from "./timeline.ts";
import { round } from "./calendar.ts";
import { latestProgressUpdate, projectRework, type ProjectRow } from "./repo.ts";
import { projectBreakdown, simpleProgress, taskProgress, weightedProgress } from "./progress.ts";
import { assessRisk } from "./risk.ts";
import { projectVelocity } from "./velocity.ts";
import { projectOutlook } from "./outlook.ts";

/** The Progress entity of a project. */
export async function projectProgress(
  db: Queryable,
  project: ProjectRow,
  options: { today: string; method: "weighted" | "simple"; includeVelocity: boolean },
): Promise<z.infer<typeof Progress>> {
  const { today } = options;
  const breakdown = await projectBreakdown(db, project.id, today);
  const weighted = weightedProgress(breakdown);
  const simple = simpleProgress(breakdown);
  const overall = options.method === "weighted" ? weighted : simple;
  const schedule = round(100 * scheduleClock(project, today).share);
  const reported = await latestProgressUpdate(db, project.id);
  const progress: z.infer<typeof Progress> = {
    project_id: project.id,
    project_name: project.name,
    calculation_method: options.method,
    as_of: today,
    overall_progress_percentage: overall,
    weighted_progress_percentage: weighted,
    simple_progress_percentage: simple,
    last_updated: reported?.created_at ?? null,
    reported_progress: reported ?? null,
    progress_version: project.progress_version,
    task_progress: taskProgress(breakdown),
    risk_assessment: assessRisk({
      breakdown,
      schedulePercentage: schedule,
      progressPercentage: overall,
      reworked: breakdown.completed > 0 ? await projectRework(db, project.id) : 0,
    }),
    timeline_analysis: timelineAnalysis(project, {
      today,
      progress: overall,
      overdue: breakdown.overdue,
      status: (await projectOutlook(db, project, { today })).status,
    }),
  };
  if (options.includeVelocity) {
    progress.velocity = await projectVelocity(db, project, {
      today,
      sprintCount: DEFAULT_SPRINT_COUNT,
    });
  }
  return progress;
}
