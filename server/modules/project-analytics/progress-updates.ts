/**
 * Writes of project analytics: a reported progress update (stored in
 * progress_updates, copied to the project and audited) and the recalculation of a
 * project's metrics (the computed weighted progress copied to the project, audited).
 */
import type { z } from "zod";
import type { MetricsRecalculation, ProgressUpdate } from "../../../schemas/api/analytics.ts";
import type { Database } from "../../db/database.ts";
import { recordAudit } from "../../platform/audit/record.ts";
import { newId } from "../../platform/ids.ts";
import { DEFAULT_SPRINT_COUNT } from "./constants.ts";
import { projectHealth } from "./health.ts";
import { projectBreakdown, taskProgress, weightedProgress } from "./progress.ts";
import type { ProjectRow } from "./repo.ts";
import { velocitySummary } from "./velocity.ts";

/** Who writes, when, and the request to trace it by. */
export interface Writer {
  userId: string;
  now: string;
  requestId?: string;
}

/** Stores a progress update and audits it (action `project.progress_update`). */
export async function updateProgress(
  db: Database,
  project: ProjectRow,
  options: Writer & { progress: number; notes: string },
): Promise<z.infer<typeof ProgressUpdate>> {
  const id = newId("pgu");
  await db.transaction(async (tx) => {
    await tx.run(
      `INSERT INTO progress_updates (id, organization_id, project_id, progress_percentage, notes, created_by, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        project.organization_id,
        project.id,
        options.progress,
        options.notes,
        options.userId,
        options.now,
      ],
    );
    await tx.run("UPDATE projects SET progress_percentage = ?, updated_at = ? WHERE id = ?", [
      options.progress,
      options.now,
      project.id,
    ]);
    await recordAudit(tx, {
      organizationId: project.organization_id,
      actorId: options.userId,
      action: "project.progress_update",
      resourceType: "project",
      resourceId: project.id,
      before: { progress_percentage: project.progress_percentage },
      after: { progress_percentage: options.progress, notes: options.notes },
      requestId: options.requestId,
      now: options.now,
    });
  });
  return {
    update_id: id,
    project_id: project.id,
    progress_percentage: options.progress,
    previous_progress_percentage: project.progress_percentage,
    notes: options.notes,
    updated_by: options.userId,
    updated_at: options.now,
  };
}

/**
 * Recomputes a project's metrics, stores the weighted progress as the project's
 * progress_percentage and audits it (action `project.metrics_recalculate`).
 */
export async function recalculateMetrics(
  db: Database,
  project: ProjectRow,
  options: Writer & { today: string },
): Promise<z.infer<typeof MetricsRecalculation>> {
  const { today } = options;
  const breakdown = await projectBreakdown(db, project.id, today);
  const progress = weightedProgress(breakdown);
  const health = await projectHealth(db, project, today);
  const velocity = await velocitySummary(db, project, { today, sprintCount: DEFAULT_SPRINT_COUNT });
  await db.transaction(async (tx) => {
    await tx.run("UPDATE projects SET progress_percentage = ?, updated_at = ? WHERE id = ?", [
      progress,
      options.now,
      project.id,
    ]);
    await recordAudit(tx, {
      organizationId: project.organization_id,
      actorId: options.userId,
      action: "project.metrics_recalculate",
      resourceType: "project",
      resourceId: project.id,
      before: { progress_percentage: project.progress_percentage },
      after: { progress_percentage: progress, health_score: health.overall_health_score },
      requestId: options.requestId,
      now: options.now,
    });
  });
  return {
    project_id: project.id,
    recalculated_at: options.now,
    previous_progress_percentage: project.progress_percentage,
    progress_percentage: progress,
    task_progress: taskProgress(breakdown),
    health: {
      overall_health_score: health.overall_health_score,
      health_status: health.health_status,
    },
    velocity: {
      current_velocity: velocity.current,
      average_velocity: velocity.average,
      velocity_trend: velocity.trend,
    },
  };
}
