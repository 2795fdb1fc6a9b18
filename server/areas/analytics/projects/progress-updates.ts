/**
 * Writes of project analytics: a reported progress update (stored in
 * progress_updates, copied to the project and audited) and the recalculation of a
 * project's metrics (the computed weighted progress copied to the project, audited).
 *
 * Both set the project's progress and increment its progress_version through the
 * record engine (the project's version moves, the change is audited and announced
 * like any other), reading the value they replace inside their transaction with the
 * row locked, so the audit's "before" is the value really replaced.
 * An update that names the version it read is refused (409, nothing changed) when
 * someone wrote since; the spec's payload has no version, so it is optional.
 */
import type { z } from "zod";
import type { MetricsRecalculation, ProgressUpdate } from "../../../../schemas/api/analytics.ts";
import type { Database, Queryable } from "../../../db/database.ts";
import { forUpdate } from "../../../db/dialect.ts";
import { conflict, notFound } from "../../../platform/errors/app-error.ts";
import { newId } from "../../../platform/ids.ts";
import { DEFAULT_SPRINT_COUNT } from "./constants.ts";
import { projectHealth } from "./health.ts";
import { projectBreakdown, taskProgress, weightedProgress } from "./progress.ts";
import type { ProjectRow } from "./repo.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import { velocitySummary } from "./velocity.ts";

/** Who writes, when, and the request to trace it by. */
export interface Writer {
  userId: string;
  now: string;
  requestId?: string;
}

/**
 * The progress a write replaces, read inside its transaction with the row locked,
 * so concurrent writes queue behind it instead of failing on a version they raced.
 */
async function currentProgress(
  tx: Queryable,
  project: ProjectRow,
): Promise<{ progress_percentage: number; progress_version: number }> {
  const row = await tx.get<{ progress_percentage: number; progress_version: number }>(
    `SELECT progress_percentage, progress_version FROM projects WHERE id = ? AND organization_id = ?
      ${forUpdate(tx.dialect)}`,
    [project.id, project.organization_id],
  );
  if (!row) throw notFound("Project");
  return row;
}

/** Stores a progress update and audits it (action `project.progress_update`). */
export async function updateProgress(
  db: Database,
  engine: RecordEngine,
  project: ProjectRow,
  options: Writer & { progress: number; notes: string; version?: number },
): Promise<z.infer<typeof ProgressUpdate>> {
  const id = newId("pgu");
  const before = await db.transaction(async (tx) => {
    const current = await currentProgress(tx, project);
    if (options.version !== undefined && options.version !== current.progress_version) {
      throw conflict(
        `The project's progress was changed by someone else (version ${current.progress_version}, not ${options.version})`,
        { current_version: current.progress_version },
      );
    }
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
    await writeProgress(tx, engine, project, current, options, {
      action: "project.progress_update",
      after: { progress_percentage: options.progress, notes: options.notes },
    });
    return current;
  });
  return {
    update_id: id,
    project_id: project.id,
    progress_percentage: options.progress,
    previous_progress_percentage: before.progress_percentage,
    notes: options.notes,
    updated_by: options.userId,
    updated_at: options.now,
    version: before.progress_version + 1,
  };
}

/**
 * Sets the project's progress and its next progress version through the engine,
 * audited under `audit.action` with the progress replaced.
 */
async function writeProgress(
  tx: Queryable,
  engine: RecordEngine,
  project: ProjectRow,
  current: { progress_version: number },
  options: Writer & { progress: number },
  audit: { action: string; after: Record<string, unknown> },
): Promise<void> {
  await engine.setSystemFieldsIn(
    tx,
    "project",
    {
      organizationId: project.organization_id,
      id: project.id,
      actorId: options.userId,
    },
    { progress: options.progress, progress_version: current.progress_version + 1 },
    {
      action: audit.action,
      requestId: options.requestId,
      before: (replaced) => ({ progress_percentage: replaced.progress }),
      after: audit.after,
    },
  );
}

/**
 * Recomputes a project's metrics, stores the weighted progress as the project's
 * progress_percentage and audits it (action `project.metrics_recalculate`).
 */
export async function recalculateMetrics(
  db: Database,
  engine: RecordEngine,
  project: ProjectRow,
  options: Writer & { today: string },
): Promise<z.infer<typeof MetricsRecalculation>> {
  const { today } = options;
  const breakdown = await projectBreakdown(db, project.id, today);
  const progress = weightedProgress(breakdown);
  const health = await projectHealth(db, project, today);
  const velocity = await velocitySummary(db, project, { today, sprintCount: DEFAULT_SPRINT_COUNT });
  const before = await db.transaction(async (tx) => {
    const current = await currentProgress(tx, project);
    await writeProgress(tx, engine, project, current, { ...options, progress }, {
      action: "project.metrics_recalculate",
      after: { progress_percentage: progress, health_score: health.overall_health_score },
    });
    return current;
  });
  return {
    project_id: project.id,
    recalculated_at: options.now,
    previous_progress_percentage: before.progress_percentage,
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
