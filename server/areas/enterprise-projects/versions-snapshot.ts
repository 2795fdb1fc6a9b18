/**
 * A project's version: a snapshot of its fields, phases, members (with their
 * allocations) and tasks (with dependencies), stored as numbered rows of
 * `project_versions`. Restoring a snapshot writes through the record engine, so
 * the restore is validated, versioned, audited (history) and announced like any
 * edit: the project's fields and child rows are set to the snapshot's, each task
 * of the snapshot gets its values back (a task deleted since is created again),
 * and tasks added after the snapshot are deleted.
 */
import type { Queryable } from "../../db/database.ts";
import type { Access } from "../../platform/access/access.ts";
import { authorize } from "../../platform/access/authorize.ts";
import { newId } from "../../platform/ids.ts";
import type { RecordEngine } from "../../records/engine/engine.ts";
import { tasksOfProjects } from "./core-repo.ts";

/** The project fields a version keeps (field id → column). */
export const SNAPSHOT_FIELDS: Readonly<Record<string, string>> = {
  name: "name",
  description: "description",
  status: "status",
  project_type: "project_type",
  client: "client_id",
  manager: "project_manager_id",
  priority: "priority",
  start_date: "start_date",
  end_date: "end_date",
  budget: "budget",
  estimated_hours: "estimated_hours",
  current_phase: "current_phase",
  complexity_score: "complexity_score",
  risk_level: "risk_level",
};

/** The task fields a version keeps (besides id and dependencies). */
const TASK_FIELDS = [
  "title",
  "status",
  "priority",
  "assignee",
  "start_date",
  "due_date",
  "estimated_hours",
  "story_points",
  "description",
  "phase",
] as const;

/** A snapshot of a project. */
export interface Snapshot {
  fields: Record<string, unknown>;
  phases: Record<string, unknown>[];
  members: Record<string, unknown>[];
  tasks: Record<string, unknown>[];
}

/** The projects' snapshots now, by project id (one query per part for all of them). */
export async function takeSnapshots(
  q: Queryable,
  organizationId: string,
  projectIds: readonly string[],
): Promise<Map<string, Snapshot>> {
  const list = projectIds.map(() => "?").join(", ");
  const columns = Object.entries(SNAPSHOT_FIELDS).map(([id, column]) => `${column} AS ${id}`);
  const projects = await q.all<Record<string, unknown> & { id: string }>(
    `SELECT id, ${columns.join(", ")} FROM projects
      WHERE organization_id = ? AND id IN (${list})`,
    [organizationId, ...projectIds],
  );
  const phases = await q.all<Record<string, unknown> & { project_id: string }>(
    `SELECT project_id, id, phase, start_date, end_date, status FROM project_phases
      WHERE organization_id = ? AND project_id IN (${list}) ORDER BY project_id, idx`,
    [organizationId, ...projectIds],
  );
  const members = await q.all<Record<string, unknown> & { project_id: string }>(
    `SELECT project_id, id, user_id AS user, role, hourly_rate, allocation_percent, capacity_hours,
            added_at
       FROM project_members WHERE organization_id = ? AND project_id IN (${list})
      ORDER BY project_id, idx`,
    [organizationId, ...projectIds],
  );
  const tasks = await tasksOfProjects(q, organizationId, projectIds);
  const snapshots = new Map<string, Snapshot>();
  for (const { id, ...fields } of projects) {
    for (const key of ["priority", "budget", "estimated_hours", "complexity_score"]) {
      fields[key] = Number(fields[key]);
    }
    snapshots.set(id, { fields, phases: [], members: [], tasks: [] });
  }
  for (const { project_id, ...row } of phases) snapshots.get(project_id)?.phases.push(row);
  for (const { project_id, ...row } of members) {
    for (const key of ["hourly_rate", "allocation_percent", "capacity_hours"]) {
      row[key] = Number(row[key]);
    }
    snapshots.get(project_id)?.members.push(row);
  }
  for (const task of tasks) {
    const row: Record<string, unknown> = { id: task.id };
    for (const key of TASK_FIELDS) row[key] = task[key];
    row.dependencies = task.depends_on;
    snapshots.get(task.project_id)?.tasks.push(row);
  }
  return snapshots;
}

/** What a new version row records. */
export interface VersionEntry {
  organizationId: string;
  projectId: string;
  changeSummary: string;
  userId: string | null;
  now: string;
  rolledBackFrom?: number;
  rollbackReason?: string;
}

/** Stores the project's snapshot now as its next version; answers the version number. */
export async function recordVersion(q: Queryable, entry: VersionEntry): Promise<number> {
  const snapshot = (await takeSnapshots(q, entry.organizationId, [entry.projectId]))
    .get(entry.projectId)!;
  const last = await q.get<{ n: number | null }>(
    `SELECT MAX(version_number) AS n FROM project_versions WHERE project_id = ?`,
    [entry.projectId],
  );
  const number = Number(last?.n ?? 0) + 1;
  await q.run(
    `INSERT INTO project_versions (id, organization_id, project_id, version_number, change_summary,
       snapshot, rolled_back_from, rollback_reason, created_at, created_by)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      newId("pver"),
      entry.organizationId,
      entry.projectId,
      number,
      entry.changeSummary,
      JSON.stringify(snapshot),
      entry.rolledBackFrom ?? null,
      entry.rollbackReason ?? "",
      entry.now,
      entry.userId,
    ],
  );
  return number;
}

/** Sets the project (fields, phases, members, tasks) to the snapshot, inside `tx`. */
export async function restoreSnapshot(
  tx: Queryable,
  engine: RecordEngine,
  access: Access,
  target: { projectId: string; version: number; snapshot: Snapshot; now: string },
): Promise<void> {
  const projectType = engine.typeFor(access, "project", "update");
  const taskType = engine.typeFor(access, "task", "update");
  const level1 = authorize(access, "projects", "level1");
  const fields = { ...target.snapshot.fields };
  if (!level1) delete fields.budget;
  // Rows removed since the snapshot come back under their ids and join dates, so tasks
  // find their phase again.
  await engine.updateIn(tx, access, projectType, target.projectId, target.version, {
    ...fields,
    phases: target.snapshot.phases,
    members: target.snapshot.members,
  }, { auditAction: "rollback", restoring: true });

  const current = new Map(
    (await tasksOfProjects(tx, access.organizationId, [target.projectId])).map((t) => [t.id, t]),
  );
  const kept = new Set(target.snapshot.tasks.map((t) => t.id as string));
  const idOf = new Map<string, string>();
  const pending: { id: string; dependencies: string[] }[] = [];
  for (const task of target.snapshot.tasks) {
    const values: Record<string, unknown> = { project: target.projectId };
    for (const key of TASK_FIELDS) values[key] = task[key];
    const existing = current.get(task.id as string);
    if (existing) {
      idOf.set(task.id as string, existing.id);
      const same = TASK_FIELDS.every((key) => existing[key] === task[key]) &&
        existing.depends_on.join() === (task.dependencies as string[]).join();
      if (same) continue;
      const version = await tx.get<{ version: number }>(
        `SELECT version FROM tasks WHERE id = ?`,
        [existing.id],
      );
      await engine.updateIn(tx, access, taskType, existing.id, Number(version!.version), {
        ...values,
        dependencies: [],
      }, { auditAction: "rollback" });
    } else {
      const created = await engine.createIn(tx, access, taskType, values, {
        auditAction: "rollback",
      });
      idOf.set(task.id as string, created.id as string);
    }
    pending.push({ id: idOf.get(task.id as string)!, dependencies: task.dependencies as string[] });
  }
  for (const task of pending) {
    if (task.dependencies.length === 0) continue;
    const version = await tx.get<{ version: number }>(`SELECT version FROM tasks WHERE id = ?`, [
      task.id,
    ]);
    await engine.updateIn(tx, access, taskType, task.id, Number(version!.version), {
      dependencies: task.dependencies.map((d) => ({ depends_on: idOf.get(d) ?? d })),
    }, { auditAction: "rollback" });
  }
  // Tasks added after the snapshot go, through the engine (audited and announced).
  await engine.removeAllIn(tx, "task", {
    organizationId: access.organizationId,
    ids: [...current.keys()].filter((id) => !kept.has(id)),
    actorId: access.user.id,
    action: "rollback",
  });
}
