/**
 * Optimises a project's schedule: loads its open tasks, dependencies and members
 * (three queries; links to completed tasks are dropped by the planner), plans (schedule-plan.ts) and, when asked, writes the proposed
 * dates through the record engine in one transaction (versioned, audited,
 * announced). Fixed tasks are never written.
 */
import type { z } from "zod";
import type {
  OptimizeScheduleResponse,
  ScheduleConstraints,
} from "../../../schemas/api/enterprise-projects/planning.ts";
import type { Database, Queryable } from "../../db/database.ts";
import { readableTasks } from "./project-visibility.ts";
import type { Access } from "../../platform/access/access.ts";
import { invalidInput } from "../../platform/errors/app-error.ts";
import { joinedValues } from "../../db/dialect.ts";
import type { RecordEngine } from "../../records/engine/engine.ts";
import {
  CycleError,
  type PlanMember,
  planSchedule,
  type PlanTask,
  workCalendar,
} from "./schedule-plan.ts";

type Answer = z.infer<typeof OptimizeScheduleResponse>;

interface OpenTask extends PlanTask {
  version: number;
}

/**
 * The project's open tasks with their prerequisites (ids joined in SQL, one row per
 * task: a 2,000-task project has thousands of dependency rows).
 */
async function openTasks(q: Queryable, organizationId: string, projectId: string) {
  const tasks = await q.all<Omit<OpenTask, "depends_on"> & { depends_on: string | null }>(
    `SELECT t.id, t.title, t.version, t.assignee_id AS assignee, t.estimated_hours,
            t.actual_hours, t.start_date, t.due_date,
            (SELECT ${joinedValues(q.dialect, "d.depends_on", ",")} FROM task_dependencies d
              WHERE d.task_id = t.id) AS depends_on
       FROM tasks t
      WHERE t.organization_id = ? AND t.project_id = ? AND t.status <> 'completed'
      ORDER BY t.created_at, t.id`,
    [organizationId, projectId],
  );
  // Named fields, not a spread: the driver's rows are dictionary-mode objects, and
  // copying them with a spread cost more than the planning itself.
  return tasks.map((t): OpenTask => ({
    id: t.id,
    title: t.title,
    assignee: t.assignee,
    start_date: t.start_date,
    due_date: t.due_date,
    version: Number(t.version),
    estimated_hours: Number(t.estimated_hours),
    actual_hours: Number(t.actual_hours),
    depends_on: t.depends_on ? t.depends_on.split(",") : [],
  }));
}

async function members(q: Queryable, organizationId: string, projectId: string) {
  const rows = await q.all<PlanMember & { user_id: string }>(
    `SELECT user_id, capacity_hours, allocation_percent FROM project_members
      WHERE organization_id = ? AND project_id = ?`,
    [organizationId, projectId],
  );
  return new Map(rows.map((r) => [r.user_id, {
    capacity_hours: Number(r.capacity_hours),
    allocation_percent: Number(r.allocation_percent),
  }]));
}

/** Working days from one date to another (negative when `to` is earlier). */
export function workdaysBetween(from: string, to: string): number {
  const calendar = workCalendar(from);
  return calendar.index(to) - calendar.index(from);
}

/** The optimised schedule of a project (applied when the constraints say so). */
export async function optimizeSchedule(
  deps: { db: Database; records: RecordEngine },
  access: Access,
  input: { projectId: string; today: string; constraints: z.infer<typeof ScheduleConstraints> },
): Promise<Answer> {
  const { db, records } = deps;
  const { constraints } = input;
  const tasks = await openTasks(db, access.organizationId, input.projectId);
  const known = new Set(tasks.map((t) => t.id));
  const unknown = (constraints.fixed_task_ids ?? []).filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw invalidInput(
      `constraints.fixed_task_ids: not open tasks of this project: ${unknown.join(", ")}`,
      {
        "constraints.fixed_task_ids": `Unknown task ${unknown[0]}`,
      },
    );
  }
  // Every open task is planned; the answer names only those the caller may read.
  const readable = new Set(
    (await readableTasks(records, access, tasks)).map((t) => t.id),
  );
  let plan;
  try {
    plan = planSchedule(tasks, await members(db, access.organizationId, input.projectId), {
      today: input.today,
      fixed: new Set(constraints.fixed_task_ids ?? []),
      maxAllocationPercent: constraints.max_allocation_percent,
    });
  } catch (error) {
    if (!(error instanceof CycleError)) throw error;
    throw invalidInput(
      `The task dependencies form a cycle: ${
        error.tasks.map((t) => (readable.has(t.id) ? `${t.title} (${t.id})` : t.id)).join(" → ")
      }`,
      { dependencies: `Cycle through ${error.tasks.map((t) => t.id).join(", ")}` },
    );
  }
  let before: string | null = null;
  for (const t of tasks) {
    if (t.due_date && (before === null || t.due_date > before)) before = t.due_date;
  }
  const after = plan.end_date_after;
  const changed = plan.tasks.filter((p) =>
    !p.fixed && (p.proposed_start !== p.current_start || p.proposed_due !== p.current_due)
  );
  if (constraints.apply && changed.length > 0) {
    const type = records.typeFor(access, "task", "update");
    const versions = new Map(tasks.map((t) => [t.id, t.version]));
    await db.transaction(async (tx) => {
      for (const p of changed) {
        await records.updateIn(tx, access, type, p.task_id, versions.get(p.task_id)!, {
          start_date: p.proposed_start,
          due_date: p.proposed_due,
        });
      }
    });
  }
  return {
    project_id: input.projectId,
    tasks: plan.tasks.filter((t) => readable.has(t.task_id)),
    critical_path: plan.critical_path.filter((id) => readable.has(id)),
    end_date_before: before,
    end_date_after: after,
    change_in_days: before && after
      ? Math.round((Date.parse(after) - Date.parse(before)) / 86_400_000)
      : null,
    meets_deadline: constraints.deadline && after ? after <= constraints.deadline : null,
    applied: Boolean(constraints.apply),
    changed_tasks: changed.length,
  };
}
