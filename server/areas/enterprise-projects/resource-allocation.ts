/**
 * A team member's allocation to a project (issue 14): the share of their week
 * and their weekly capacity, written through the record engine as a change of
 * the project's team table, so it is validated, versioned, audited and announced
 * like any edit of the team. Without a percentage the spec's rule applies:
 * hourly_rate divided by 10, rounded (spec 001 §5).
 */
import type { Access } from "../../platform/access/access.ts";
import { authorize } from "../../platform/access/authorize.ts";
import { conflict, notFound } from "../../platform/errors/app-error.ts";
import type { RecordEngine } from "../../records/engine/engine.ts";

/** The spec's default allocation of a member (spec 001 §5). */
export function defaultAllocation(hourlyRate: number): number {
  return Math.round(hourlyRate / 10);
}

/** Sets a member's allocation; answers the stored values and the project's new version. */
export async function setAllocation(
  records: RecordEngine,
  access: Access,
  projectId: string,
  resourceId: string,
  change: { allocation_percent?: number; capacity_hours?: number; version?: number },
) {
  const type = records.typeFor(access, "project", "update");
  return await records.db.transaction(async (tx) => {
    const rate = await tx.get<{ hourly_rate: number; project_id: string }>(
      "SELECT hourly_rate, project_id FROM project_members WHERE id = ? AND organization_id = ?",
      [resourceId, access.organizationId],
    );
    const project = await tx.get<{ version: number }>(
      "SELECT version FROM projects WHERE id = ? AND organization_id = ?",
      [projectId, access.organizationId],
    );
    if (!project) throw notFound("Project");
    if (!rate || rate.project_id !== projectId) throw notFound("Resource");
    if (change.version !== undefined && change.version !== project.version) {
      throw conflict("The project was changed by someone else", {
        current_version: project.version,
      });
    }
    const defaulted = change.allocation_percent === undefined;
    const percent = change.allocation_percent ?? defaultAllocation(Number(rate.hourly_rate));
    const current = await tx.all<Record<string, unknown>>(
      `SELECT id, user_id, role, hourly_rate, allocation_percent, capacity_hours, added_at
         FROM project_members WHERE project_id = ? ORDER BY idx`,
      [projectId],
    );
    // A caller without level 1 neither sees nor sends rates: the engine keeps them by row id.
    const rates = authorize(access, "projects", "level1");
    const members = current.map((row) => ({
      id: row.id,
      user: row.user_id,
      role: row.role,
      ...(rates ? { hourly_rate: row.hourly_rate } : {}),
      allocation_percent: row.id === resourceId ? percent : row.allocation_percent,
      capacity_hours: row.id === resourceId && change.capacity_hours !== undefined
        ? change.capacity_hours
        : row.capacity_hours,
      added_at: row.added_at,
    }));
    const updated = await records.updateIn(tx, access, type, projectId, project.version, {
      members,
    });
    const row = (updated.members as Record<string, unknown>[]).find((m) => m.id === resourceId)!;
    return {
      resource_id: resourceId,
      user_id: String(row.user),
      allocation_percent: Number(row.allocation_percent),
      capacity_hours: Number(row.capacity_hours),
      defaulted,
      project_version: Number(updated.version),
    };
  });
}
