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
  const team = await members(db, access.organizationId, input.projectId);
  const refusal = refusalOf(tasks, team, new Set(constraints.fixed_task_ids ?? []));
  if (refusal) {
    if (constraints.apply) {
      throw invalidInput(`constraints.apply: ${refusal.reason}`, {
        "constraints.apply": refusal.reason,
      });
    }
    return {
      project_id: input.projectId,
      tasks: [],
      critical_path: [],
      end_date_before: latestDue(tasks),
      end_date_after: null,
      change_in_days: null,
      meets_deadline: null,
      applied: false,
      changed_tasks: 0,
      refusal,
    };
  }
  let plan;
  try {
    plan = planSchedule(tasks, team, {
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
  const before = latestDue(tasks);
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
    refusal: null,
  };
}

function latestDue(tasks: readonly OpenTask[]): string | null {
  let latest: string | null = null;
  for (const t of tasks) {
    if (t.due_date && (latest === null || t.due_date > latest)) latest = t.due_date;
  }
  return latest;
}

/**
 * Why the optimiser cannot propose, if it cannot: open tasks it would move without
 * an estimate, or assignees whose membership gives no weekly capacity. Planning
 * them anyway puts every task on one day and offers that as a schedule.
 */
function refusalOf(
  tasks: readonly OpenTask[],
  team: ReadonlyMap<string, PlanMember>,
  fixed: ReadonlySet<string>,
): NonNullable<Answer["refusal"]> | null {
  const moved = tasks.filter((t) => !fixed.has(t.id));
  const unestimated = moved.filter((t) => !(t.estimated_hours > 0)).length;
  const assignees = new Set(moved.map((t) => t.assignee).filter((a): a is string => a !== null));
  const uncapable = [...assignees].filter((a) => {
    const member = team.get(a);
    return member !== undefined && !(member.capacity_hours > 0);
  }).length;
  if (unestimated === 0 && uncapable === 0) return null;
  const parts = [
    ...(unestimated > 0
      ? [`${unestimated} of ${moved.length} open tasks have no estimated hours`]
      : []),
    ...(uncapable > 0
      ? [`${uncapable} ${uncapable === 1 ? "member has" : "members have"} no weekly capacity`]
      : []),
  ];
  return {
    reason: `No schedule is proposed: ${
      parts.join(", and ")
    }. Durations would be guesses; give the estimates and capacities, or fill in defaults.`,
    tasks_without_estimate: unestimated,
    members_without_capacity: uncapable,
  };
}

/**
 * Gives every open task without an estimate the default estimate, through the
 * record engine (versioned, audited), in one transaction. Answers how many.
 */
export async function fillScheduleDefaults(
  deps: { db: Database; records: RecordEngine },
  access: Access,
  input: { projectId: string; estimatedHours: number },
): Promise<{ estimated_tasks: number }> {
  const { db, records } = deps;
  const type = records.typeFor(access, "task", "update");
  const tasks = (await openTasks(db, access.organizationId, input.projectId))
    .filter((t) => !(t.estimated_hours > 0));
  await db.transaction(async (tx) => {
    for (const t of tasks) {
      await records.updateIn(tx, access, type, t.id, t.version, {
        estimated_hours: input.estimatedHours,
      });
    }
  });
  return { estimated_tasks: tasks.length };
}
