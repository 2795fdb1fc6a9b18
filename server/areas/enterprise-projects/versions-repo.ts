/** SQL of project versions and of the project's field-level history (audit_logs). */
import type { Queryable } from "../../db/database.ts";
import type { Snapshot } from "./versions-snapshot.ts";

/** A stored version. */
export interface VersionRow {
  version_number: number;
  change_summary: string;
  created_at: string;
  created_by: string | null;
  rolled_back_from: number | null;
  rollback_reason: string;
  snapshot: string;
}

/** The project's versions, newest first. */
export function versionsOf(q: Queryable, organizationId: string, projectId: string) {
  return q.all<VersionRow>(
    `SELECT version_number, change_summary, created_at, created_by, rolled_back_from,
            rollback_reason, snapshot
       FROM project_versions WHERE organization_id = ? AND project_id = ?
      ORDER BY version_number DESC`,
    [organizationId, projectId],
  );
}

/** One version of the project, or undefined. */
export function versionOf(q: Queryable, organizationId: string, projectId: string, n: number) {
  return q.get<VersionRow>(
    `SELECT version_number, change_summary, created_at, created_by, rolled_back_from,
            rollback_reason, snapshot
       FROM project_versions WHERE organization_id = ? AND project_id = ? AND version_number = ?`,
    [organizationId, projectId, n],
  );
}

/** The snapshot of a stored version. */
export function snapshotOf(row: VersionRow): Snapshot {
  return JSON.parse(row.snapshot) as Snapshot;
}

/** An audit entry of the project. */
export interface AuditRow {
  action: string;
  actor_id: string | null;
  before_value: string | null;
  after_value: string | null;
  created_at: string;
}

/** The project's audit entries, oldest first. */
export function projectAudit(q: Queryable, organizationId: string, projectId: string) {
  return q.all<AuditRow>(
    `SELECT action, actor_id, before_value, after_value, created_at FROM audit_logs
      WHERE organization_id = ? AND resource_type = 'project' AND resource_id = ?
      ORDER BY created_at, CASE WHEN action = 'create' THEN 0 ELSE 1 END, id`,
    [organizationId, projectId],
  );
}
