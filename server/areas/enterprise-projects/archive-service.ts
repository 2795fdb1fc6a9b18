/**
 * What happens to a project that is deleted with an archive strategy, and how it
 * comes back:
 *
 * - `archive_in_place`: the project stays, read as archived (archive_status
 *   archived); restore makes it active again.
 * - `cold_storage`: its full export is kept in the archive record and it is
 *   marked cold_storage, which takes it out of the normal project lists;
 *   restore makes it active again.
 * - `export_then_delete`: its full export (the JSON of POST /export) is kept in
 *   the archive record, then the project, its tasks and every row that belongs
 *   to them are deleted; restore imports the export again (as a new project).
 *
 * Each execution leaves a row in `project_archives`; the project's own changes
 * go through the record engine (audited and announced).
 */
import type { z } from "zod";
import type {
  ArchiveRecord,
  ArchiveStrategy,
} from "../../../schemas/api/enterprise-projects/core.ts";
import type { Database, Queryable } from "../../db/database.ts";
import type { Access } from "../../platform/access/access.ts";
import { isForeignKeyViolation } from "../../db/constraint-errors.ts";
import { conflict, notFound } from "../../platform/errors/app-error.ts";
import { newId } from "../../platform/ids.ts";
import type { RecordEngine } from "../../records/engine/engine.ts";
import { lockRecords } from "../../records/engine/record-store.ts";
import { exportJson } from "./transfer-format.ts";
import { importProjects, readImportFile } from "./transfer-import.ts";
import { takeSnapshots } from "./versions-snapshot.ts";

/** A strategy's id. */
export type StrategyId = z.infer<typeof ArchiveStrategy>["id"];

/** The strategies, in the order offered. */
export const STRATEGIES: readonly {
  id: StrategyId;
  label: string;
  description: string;
  reversible: boolean;
}[] = [
  {
    id: "archive_in_place",
    label: "Archive in place",
    description: "Keeps the project and its tasks where they are, marked archived.",
    reversible: true,
  },
  {
    id: "cold_storage",
    label: "Cold storage",
    description:
      "Keeps a full export of the project in the archive and hides the project from the normal project lists.",
    reversible: true,
  },
  {
    id: "export_then_delete",
    label: "Export, then delete",
    description:
      "Keeps a full export of the project (fields, phases, allocations, tasks, dependencies) in the archive, then deletes the project and its tasks.",
    reversible: true,
  },
  {
    id: "restore",
    label: "Restore",
    description:
      "Undoes the latest archiving: an archived or cold project becomes active; a deleted one is imported again from its export.",
    reversible: false,
  },
];

interface ArchiveRow {
  id: string;
  project_id: string;
  project_name: string;
  strategy: string;
  status: "archived" | "restored";
  payload: string;
  created_at: string;
  created_by: string | null;
  restored_at: string | null;
}

function archiveItem(row: ArchiveRow): z.infer<typeof ArchiveRecord> {
  const { payload, ...rest } = row;
  return { ...rest, has_payload: payload !== "" };
}

/** The project's archive records, newest first. */
export async function archivesOf(q: Queryable, organizationId: string, projectId: string) {
  const rows = await q.all<ArchiveRow>(
    `SELECT id, project_id, project_name, strategy, status, payload, created_at, created_by, restored_at
       FROM project_archives WHERE organization_id = ? AND project_id = ?
      ORDER BY created_at DESC, id DESC`,
    [organizationId, projectId],
  );
  return rows;
}

/** The project's archive status (`deleted` when only its archive remains), or 404. */
export async function archiveState(q: Queryable, organizationId: string, projectId: string) {
  const project = await q.get<{ archive_status: string; version: number; name: string }>(
    `SELECT archive_status, version, name FROM projects WHERE id = ? AND organization_id = ?`,
    [projectId, organizationId],
  );
  const archives = await archivesOf(q, organizationId, projectId);
  if (!project && archives.length === 0) throw notFound("Project");
  return { project, archives, status: project?.archive_status ?? "deleted" };
}

/** Each strategy with whether it applies to the project now, and why not. */
export function strategiesFor(status: string, archives: readonly ArchiveRow[]) {
  const open = archives.find((a) => a.status === "archived");
  return STRATEGIES.map((s) => {
    let reason: string | null = null;
    if (s.id === "restore") {
      if (!open) reason = "Nothing to restore: the project has no archiving in effect";
    } else if (status === "deleted") reason = "The project was deleted; restore it first";
    else if (status !== "active") reason = `The project is already ${status.replace("_", " ")}`;
    return { ...s, applies: reason === null, reason };
  });
}

/** Executes a strategy on the project; answers the new archive status and the archive record. */
export async function executeStrategy(
  db: Database,
  engine: RecordEngine,
  access: Access,
  target: { projectId: string; strategy: StrategyId; archiveId?: string; now: string },
) {
  const { project, archives, status } = await archiveState(
    db,
    access.organizationId,
    target.projectId,
  );
  const strategy = strategiesFor(status, archives).find((s) => s.id === target.strategy)!;
  if (!strategy.applies) throw conflict(strategy.reason!);
  if (target.strategy === "restore") return await restore(db, engine, access, archives, target);
  const projectType = engine.typeFor(access, "project", "delete");
  const payload = target.strategy === "archive_in_place" ? "" : exportJson(
    await takeSnapshots(db, access.organizationId, [target.projectId]),
    [target.projectId],
    target.now,
  );
  const archiveId = newId("parc");
  let archiveStatus: "archived" | "cold_storage" | "deleted";
  await db.transaction(async (tx) => {
    await tx.run(
      `INSERT INTO project_archives (id, organization_id, project_id, project_name, strategy, status,
         payload, created_at, created_by) VALUES (?, ?, ?, ?, ?, 'archived', ?, ?, ?)`,
      [
        archiveId,
        access.organizationId,
        target.projectId,
        project!.name,
        target.strategy,
        payload,
        target.now,
        access.user.id,
      ],
    );
    if (target.strategy === "export_then_delete") {
      await deleteProject(tx, engine, access, target.projectId);
      archiveStatus = "deleted";
    } else {
      archiveStatus = target.strategy === "cold_storage" ? "cold_storage" : "archived";
      await engine.updateIn(tx, access, projectType, target.projectId, Number(project!.version), {
        archive_status: archiveStatus,
      }, { trusted: true, auditAction: target.strategy });
    }
  });
  const row = (await archivesOf(db, access.organizationId, target.projectId)).find((a) =>
    a.id === archiveId
  )!;
  return {
    project_id: target.projectId,
    strategy: target.strategy,
    archive_status: archiveStatus!,
    archive: archiveItem(row),
  };
}

async function restore(
  db: Database,
  engine: RecordEngine,
  access: Access,
  archives: readonly ArchiveRow[],
  target: { projectId: string; archiveId?: string; now: string },
) {
  const archive = target.archiveId
    ? archives.find((a) => a.id === target.archiveId && a.status === "archived")
    : archives.find((a) => a.status === "archived");
  if (!archive) throw notFound("Archive");
  let projectId = target.projectId;
  if (archive.strategy === "export_then_delete") {
    const report = await importProjects(
      db,
      engine,
      access,
      readImportFile("archive.json", archive.payload),
      {
        dryRun: false,
        onConflict: "skip",
        today: target.now.slice(0, 10),
      },
    );
    if (report.failed.length > 0) {
      const first = report.failed[0];
      throw conflict(`The archive cannot be restored: ${first.field}: ${first.message}`);
    }
    projectId = report.projects[0].id;
  } else {
    const projectType = engine.typeFor(access, "project", "delete");
    await db.transaction(async (tx) => {
      const current = await tx.get<{ version: number }>(
        `SELECT version FROM projects WHERE id = ?`,
        [projectId],
      );
      await engine.updateIn(tx, access, projectType, projectId, Number(current!.version), {
        archive_status: "active",
      }, { trusted: true, auditAction: "restore" });
    });
  }
  await db.transaction((tx) =>
    tx.run(
      `UPDATE project_archives SET status = 'restored', restored_at = ?, restored_by = ? WHERE id = ?`,
      [
        target.now,
        access.user.id,
        archive.id,
      ],
    )
  );
  const row = (await archivesOf(db, access.organizationId, target.projectId)).find((a) =>
    a.id === archive.id
  )!;
  return {
    project_id: projectId,
    strategy: "restore" as const,
    archive_status: "active" as const,
    archive: archiveItem(row),
  };
}

/**
 * Deletes the project with its tasks and every row that belongs to them: the
 * records through the engine (each removal audited and announced), then the
 * project's own analytics, versions and approvals. Tasks of other projects still
 * waiting on one of its tasks keep it (409).
 */
async function deleteProject(
  tx: Queryable,
  engine: RecordEngine,
  access: Access,
  projectId: string,
) {
  const org = access.organizationId;
  const tasks = `SELECT id FROM tasks WHERE project_id = ? AND organization_id = ?`;
  // The project and its tasks are held first: a dependency on one of them made at the same
  // moment either committed before (and is seen below) or waits, then finds the task gone.
  await lockRecords(tx, "projects", org, [projectId]);
  const taskIds = (await tx.all<{ id: string }>(tasks, [projectId, org])).map((t) => t.id);
  await lockRecords(tx, "tasks", org, taskIds);
  const waiting = await tx.all<{ title: string }>(
    `SELECT DISTINCT t.title FROM task_dependencies d JOIN tasks t ON t.id = d.task_id
      WHERE d.depends_on IN (${tasks}) AND t.project_id <> ? ORDER BY t.title`,
    [projectId, org, projectId],
  );
  if (waiting.length > 0) {
    throw conflict(
      `Tasks of other projects wait on this project's tasks (${
        waiting.map((w) => w.title).join(", ")
      }), so it cannot be deleted; archive it instead`,
    );
  }
  const statements: [string, unknown[]][] = [
    [`DELETE FROM time_logs WHERE project_id = ? OR task_id IN (${tasks})`, [
      projectId,
      projectId,
      org,
    ]],
    [`DELETE FROM progress_updates WHERE project_id = ?`, [projectId]],
    [`DELETE FROM sprints WHERE project_id = ?`, [projectId]],
    [`DELETE FROM project_versions WHERE project_id = ?`, [projectId]],
    [`DELETE FROM project_summary_views WHERE project_id = ?`, [projectId]],
    [
      `DELETE FROM project_approval_actions WHERE approval_id IN (SELECT id FROM project_approvals WHERE project_id = ?)`,
      [projectId],
    ],
    [`DELETE FROM project_approvals WHERE project_id = ?`, [projectId]],
  ];
  try {
    for (const [sql, params] of statements) await tx.run(sql, params as never);
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    throw conflict(
      "The project is still used by other records (invoices, documents…), so it cannot be deleted; archive it instead",
    );
  }
  const removal = { organizationId: org, actorId: access.user.id, action: "export_then_delete" };
  await engine.removeAllIn(tx, "task", { ...removal, ids: taskIds });
  await engine.removeAllIn(tx, "project", { ...removal, ids: [projectId] });
}
