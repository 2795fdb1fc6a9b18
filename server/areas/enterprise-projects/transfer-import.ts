/**
 * Imports projects from an export file (JSON: whole projects; CSV: projects'
 * fields) in one transaction: each project is created, or, when a project with
 * its id exists in the organisation, skipped or updated as the caller chose.
 * Every write goes through the record engine (validated, audited as `import`,
 * announced). Every bad row is reported with its line (the CSV line, or the
 * project's position in a JSON file) and field; if any row fails, or on a dry
 * run, the transaction is rolled back, so nothing is ever half-imported.
 */
import type { z } from "zod";
import type { ImportResponse } from "../../../schemas/api/enterprise-projects/core.ts";
import type { Database, Queryable } from "../../db/database.ts";
import type { Access } from "../../platform/access/access.ts";
import { AppError } from "../../platform/errors/app-error.ts";
import { invalidInput } from "../../platform/errors/app-error.ts";
import { newId } from "../../platform/ids.ts";
import { CsvError, type CsvRow, parseCsv } from "../../records/csv/mod.ts";
import { nestsDeeperThan, TOO_DEEP } from "../../platform/http/json-nesting.ts";
import type { UploadedFile } from "../../platform/http/uploaded-file.ts";
import type { RecordEngine } from "../../records/engine/engine.ts";
import { tasksOfProjects } from "./core-repo.ts";
import { CSV_COLUMNS, ExportedProject, ExportFile } from "./transfer-format.ts";
import { SNAPSHOT_FIELDS } from "./versions-snapshot.ts";
import { withEnterpriseDefaults } from "./core-defaults.ts";

type Report = z.infer<typeof ImportResponse>;
type Failure = Report["failed"][number];

/** How an import treats its file. */
export interface ImportOptions {
  dryRun: boolean;
  onConflict: "skip" | "update";
  /** Today (YYYY-MM-DD): new projects get the enterprise defaults. */
  today: string;
  requestId?: string;
}

/** A project read from the file, with its line. */
interface Incoming {
  line: number;
  project: ExportedProject;
}

class RolledBack extends Error {}

const NUMBER_FIELDS = new Set(["priority", "budget", "estimated_hours", "complexity_score"]);

/** The projects of a file, or the failures that make it unreadable. */
export function readImportFile(
  name: string,
  text: string,
): { rows: Incoming[]; failed: Failure[] } {
  const failed: Failure[] = [];
  const rows: Incoming[] = [];
  if (/\.csv$/i.test(name) || !text.trimStart().startsWith("{")) {
    const [header, ...lines] = csvRows(text);
    const columns = header?.cells.map((c) => c.trim()) ?? [];
    const unknown = columns.filter((c) => !CSV_COLUMNS.includes(c));
    if (!columns.includes("name") || unknown.length > 0) {
      failed.push({
        line: 1,
        field: unknown[0] ?? "name",
        message: unknown.length > 0
          ? `Unknown column "${unknown[0]}"`
          : "The header needs a name column",
      });
      return { rows, failed };
    }
    for (const line of lines) {
      if (line.cells.every((c) => c === "")) continue;
      const fields: Record<string, unknown> = {};
      let id = "";
      columns.forEach((column, i) => {
        const cell = line.cells[i] ?? "";
        if (column === "id") id = cell;
        else if (column in SNAPSHOT_FIELDS) {
          fields[column] = cell === "" ? null : NUMBER_FIELDS.has(column) ? Number(cell) : cell;
        }
      });
      for (const [key, value] of Object.entries(fields)) {
        if (typeof value === "number" && Number.isNaN(value)) {
          failed.push({ line: line.line, field: key, message: "Must be a number" });
        }
      }
      if (!fields.name) failed.push({ line: line.line, field: "name", message: "Required" });
      if (failed.some((f) => f.line === line.line)) continue;
      rows.push({
        line: line.line,
        project: {
          id: id || newId("import"),
          fields: fields as ExportedProject["fields"],
          phases: [],
          members: [],
          tasks: [],
        },
      });
    }
    return { rows, failed };
  }
  if (nestsDeeperThan(text)) throw invalidInput(`file: ${TOO_DEEP}`, { file: TOO_DEEP });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {
      rows,
      failed: [{ line: 1, field: "file", message: "The file is neither JSON nor CSV" }],
    };
  }
  const file = ExportFile.safeParse(parsed);
  if (!file.success) {
    const issue = file.error.issues[0];
    return {
      rows,
      failed: [{ line: 1, field: issue.path.join(".") || "file", message: issue.message }],
    };
  }
  file.data.projects.forEach((item, i) => {
    const project = ExportedProject.safeParse(item);
    if (project.success) rows.push({ line: i + 1, project: project.data });
    else {
      for (const issue of project.error.issues) {
        failed.push({ line: i + 1, field: issue.path.join("."), message: issue.message });
      }
    }
  });
  return { rows, failed };
}

/** The file's CSV rows; a file that is not CSV is a 400 naming the line where it stops being so. */
function csvRows(text: string): CsvRow[] {
  try {
    return parseCsv(text);
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    throw new AppError(400, "invalid_input", `file: ${error.message}`, {
      details: { fields: { file: error.message }, line: error.line },
    });
  }
}

function failuresOf(error: unknown, line: number, prefix: string): Failure[] {
  if (error instanceof AppError) {
    const fields = (error.details as { fields?: Record<string, string> } | undefined)?.fields;
    if (fields && Object.keys(fields).length > 0) {
      return Object.entries(fields).map(([field, message]) => ({
        line,
        field: `${prefix}${field}`,
        message,
      }));
    }
    return [{ line, field: prefix.replace(/\.$/, "") || "project", message: error.message }];
  }
  throw error;
}

/** Imports the rows; answers the report (nothing stored when anything failed or on a dry run). */
export async function importProjects(
  db: Database,
  engine: RecordEngine,
  access: Access,
  file: { rows: Incoming[]; failed: Failure[] },
  options: ImportOptions,
): Promise<Report> {
  const fresh = (): Report => ({
    dry_run: options.dryRun,
    created: 0,
    updated: 0,
    skipped: 0,
    tasks: 0,
    projects: [],
    failed: [...file.failed],
  });
  let report = fresh();
  try {
    await db.transaction(async (tx) => {
      // A transaction run again after a conflict starts its report again.
      report = fresh();
      for (const row of file.rows) {
        try {
          await importOne(tx, engine, access, row, options, report);
        } catch (error) {
          report.failed.push(...failuresOf(error, row.line, ""));
        }
      }
      if (report.failed.length > 0 || options.dryRun) throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  if (report.failed.length > 0) {
    report.created =
      report.updated =
      report.skipped =
      report.tasks =
        0;
    report.projects = [];
  }
  return report;
}

async function importOne(
  tx: Queryable,
  engine: RecordEngine,
  access: Access,
  { line, project }: Incoming,
  options: ImportOptions,
  report: Report,
): Promise<void> {
  const projectType = engine.typeFor(access, "project", "import");
  const existing = await tx.get<{ id: string; version: number }>(
    `SELECT id, version FROM projects WHERE id = ? AND organization_id = ?`,
    [project.id, access.organizationId],
  );
  if (existing && options.onConflict === "skip") {
    report.skipped += 1;
    report.projects.push({
      line,
      id: existing.id,
      name: String(project.fields.name),
      outcome: "skipped",
    });
    return;
  }
  const members = project.members.map(({ added_at: _a, ...m }) => m);
  let id: string;
  let phaseIds = new Map<string, string>();
  try {
    if (existing) {
      await engine.updateIn(tx, access, projectType, existing.id, Number(existing.version), {
        ...project.fields,
        ...(project.phases.length > 0 ? { phases: project.phases } : {}),
        ...(project.members.length > 0 ? { members } : {}),
      }, { auditAction: "import", requestId: options.requestId });
      id = existing.id;
      phaseIds = new Map(project.phases.map((p) => [p.id as string, p.id as string]));
    } else {
      const created = await engine.createIn(tx, access, projectType, {
        ...withEnterpriseDefaults(project.fields, options.today),
        phases: project.phases.map(({ id: _id, ...p }) => p),
        members: members.map(({ id: _id, ...m }) => m),
      }, { auditAction: "import", requestId: options.requestId });
      id = created.id as string;
      const stored = (created.phases ?? []) as { id: string }[];
      phaseIds = new Map(project.phases.map((p, i) => [p.id as string, stored[i]?.id]));
    }
  } catch (error) {
    report.failed.push(...failuresOf(error, line, ""));
    return;
  }
  const taskCount = await importTasks(
    tx,
    engine,
    access,
    { line, project, id, phaseIds },
    options,
    report,
  );
  report.tasks += taskCount;
  report[existing ? "updated" : "created"] += 1;
  report.projects.push({
    line,
    id,
    name: String(project.fields.name),
    outcome: existing ? "updated" : "created",
  });
}

async function importTasks(
  tx: Queryable,
  engine: RecordEngine,
  access: Access,
  target: { line: number; project: ExportedProject; id: string; phaseIds: Map<string, string> },
  options: ImportOptions,
  report: Report,
): Promise<number> {
  const { line, project, id, phaseIds } = target;
  if (project.tasks.length === 0) return 0;
  // The caller's projects.import covers the tasks of the file.
  const taskType = engine.findType("task")!;
  const current = new Map(
    (await tasksOfProjects(tx, access.organizationId, [id])).map((t) => [t.id, t]),
  );
  const idOf = new Map<string, string>();
  /** Each imported task's version after its fields were written. */
  const versionOf = new Map<string, number>();
  for (const [i, task] of project.tasks.entries()) {
    const { id: taskId, dependencies: _deps, ...fields } = task;
    const values = {
      ...fields,
      project: id,
      phase: typeof fields.phase === "string" && fields.phase !== ""
        ? phaseIds.get(fields.phase) ?? ""
        : "",
    };
    try {
      const existing = current.get(taskId);
      if (existing) {
        const version = await tx.get<{ version: number }>(
          `SELECT version FROM tasks WHERE id = ?`,
          [
            existing.id,
          ],
        );
        const updated = await engine.updateIn(
          tx,
          access,
          taskType,
          existing.id,
          Number(version!.version),
          values,
          { auditAction: "import", requestId: options.requestId },
        );
        idOf.set(taskId, existing.id);
        versionOf.set(existing.id, Number(updated.version));
      } else {
        const created = await engine.createIn(tx, access, taskType, values, {
          auditAction: "import",
          requestId: options.requestId,
        });
        idOf.set(taskId, created.id as string);
        versionOf.set(created.id as string, Number(created.version));
      }
    } catch (error) {
      report.failed.push(...failuresOf(error, line, `tasks.${i}.`));
    }
  }
  // Dependencies name tasks of the file: they are saved once every task has its id,
  // through the engine like the tasks (versioned, audited, announced).
  for (const [i, task] of project.tasks.entries()) {
    const taskId = idOf.get(task.id);
    if (!taskId) continue;
    const targets: string[] = [];
    for (const [d, dependency] of task.dependencies.entries()) {
      const target = idOf.get(dependency) ?? current.get(dependency)?.id;
      if (!target) {
        report.failed.push({
          line,
          field: `tasks.${i}.dependencies.${d}`,
          message: `Names no task of the project ("${dependency}")`,
        });
      } else targets.push(target);
    }
    const had = current.get(task.id)?.depends_on ?? [];
    if (had.join() === targets.join()) continue;
    try {
      await engine.updateIn(tx, access, taskType, taskId, versionOf.get(taskId)!, {
        dependencies: targets.map((target) => ({ depends_on: target })),
      }, { auditAction: "import", requestId: options.requestId });
    } catch (error) {
      report.failed.push(...failuresOf(error, line, `tasks.${i}.`));
    }
  }
  return idOf.size;
}

/** The file named `file`, or 400 naming the field when it is empty. */
export async function fileText(file: UploadedFile): Promise<string> {
  const text = await file.text();
  if (text.trim() === "") {
    throw invalidInput("file: the file is empty", { file: "The file is empty" });
  }
  return text;
}
