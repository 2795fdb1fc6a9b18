/**
 * Checks a project's rows against a target schema version and lists, row by
 * row, what would fail. The constraints come from the record declarations, so a
 * version is what the schema would enforce if the declared rules became
 * database constraints:
 *
 * - `declared`: every required field filled, select values in their option sets
 *   (declared, or the organisation's type master), numbers within their declared min and max (project, its phases,
 *   its tasks) — NOT NULL, CHECK (… IN …) and CHECK (… BETWEEN …).
 * - `dated`: `declared`, plus every task has a start and a due date, the start
 *   not after the due date (CHECK (start_date <= due_date)), and every phase has
 *   both dates.
 */
import type { Queryable, SqlValue } from "../../db/database.ts";
import type { RecordField, RecordType } from "../../records/define.ts";
import { findRecordType } from "../../records/catalogue.ts";
import { selectOptions } from "../../records/engine/select-options.ts";

/** The target versions a project can be checked against. */
export const TARGET_SCHEMAS = [
  {
    id: "declared",
    description:
      "The declared rules as constraints: required fields, option sets and numeric ranges.",
  },
  {
    id: "dated",
    description:
      "The declared rules plus dated work: tasks and phases need their dates, start not after end.",
  },
] as const;

/** A target version's id. */
export type TargetSchema = (typeof TARGET_SCHEMAS)[number]["id"];

/** One row that would fail one constraint. */
export interface Violation {
  table: string;
  record: { type: string; id: string; name: string };
  field: string;
  value: string | number | null;
  constraint: string;
}

type Row = Record<string, SqlValue>;

function emptyValue(value: SqlValue): boolean {
  return value === null || value === "";
}

/** The allowed values of each field with an option set (declared, or the organisation's type master). */
async function optionSets(
  q: Queryable,
  organizationId: string,
  fields: readonly RecordField[],
): Promise<Map<string, string[]>> {
  const sets = new Map<string, string[]>();
  for (const field of fields) {
    if (!field.options && !field.options_from) continue;
    sets.set(field.id, (await selectOptions(q, organizationId, field)).map((o) => String(o.value)));
  }
  return sets;
}

function fieldViolations(
  fields: readonly RecordField[],
  options: Map<string, string[]>,
  row: Row,
  where: Omit<Violation, "field" | "value" | "constraint">,
): Violation[] {
  const found: Violation[] = [];
  for (const field of fields) {
    if (field.type === "table" || field.computed) continue;
    const value = row[field.column];
    if (value === undefined) continue;
    const shown = typeof value === "number" || typeof value === "string" ? value : null;
    const add = (constraint: string) =>
      found.push({ ...where, field: field.id, value: shown, constraint });
    if (field.required && emptyValue(value)) {
      add(`${field.column} is required (NOT NULL, not empty)`);
      continue;
    }
    const allowed = options.get(field.id);
    if (allowed && !emptyValue(value)) {
      if (!allowed.includes(String(value))) {
        add(`${field.column} IN (${allowed.join(", ")})`);
      }
    }
    if (typeof value === "number") {
      if (field.min !== undefined && value < field.min) add(`${field.column} >= ${field.min}`);
      if (field.max !== undefined && value > field.max) add(`${field.column} <= ${field.max}`);
    }
  }
  return found;
}

function typeOf(id: string): RecordType {
  const type = findRecordType(id);
  if (!type) throw new Error(`No record type ${id}`);
  return type;
}

/** The rows of the project that would fail the target version, in table then name order. */
export async function migrationViolations(
  q: Queryable,
  organizationId: string,
  projectId: string,
  target: TargetSchema,
): Promise<{ checked_rows: number; violations: Violation[] }> {
  const project = typeOf("project");
  const task = typeOf("task");
  const phaseField = project.field.get("phases");
  const phaseFields = phaseField?.childFields ?? [];
  const projectOptions = await optionSets(q, organizationId, project.fields);
  const phaseOptions = await optionSets(q, organizationId, phaseFields);
  const taskOptions = await optionSets(q, organizationId, task.fields);
  const projects = await q.all<Row>("SELECT * FROM projects WHERE id = ?", [projectId]);
  const phases = await q.all<Row>(
    "SELECT * FROM project_phases WHERE project_id = ? ORDER BY idx",
    [projectId],
  );
  const tasks = await q.all<Row>("SELECT * FROM tasks WHERE project_id = ? ORDER BY name", [
    projectId,
  ]);
  const violations: Violation[] = [];
  for (const row of projects) {
    violations.push(...fieldViolations(project.fields, projectOptions, row, {
      table: "projects",
      record: { type: "project", id: String(row.id), name: String(row.name) },
    }));
  }
  for (const row of phases) {
    const where = {
      table: "project_phases",
      record: { type: "project_phase", id: String(row.id), name: String(row.phase) },
    };
    violations.push(...fieldViolations(phaseFields, phaseOptions, row, where));
    if (target === "dated") {
      for (const column of ["start_date", "end_date"]) {
        if (emptyValue(row[column])) {
          violations.push({
            ...where,
            field: column,
            value: null,
            constraint: `${column} NOT NULL`,
          });
        }
      }
    }
  }
  for (const row of tasks) {
    const where = {
      table: "tasks",
      record: { type: "task", id: String(row.id), name: `${row.name} ${row.title}` },
    };
    violations.push(...fieldViolations(task.fields, taskOptions, row, where));
    if (target !== "dated") continue;
    for (const column of ["start_date", "due_date"]) {
      if (emptyValue(row[column])) {
        violations.push({ ...where, field: column, value: null, constraint: `${column} NOT NULL` });
      }
    }
    if (row.start_date && row.due_date && String(row.start_date) > String(row.due_date)) {
      violations.push({
        ...where,
        field: "start_date",
        value: String(row.start_date),
        constraint: "CHECK (start_date <= due_date)",
      });
    }
  }
  return { checked_rows: projects.length + phases.length + tasks.length, violations };
}
