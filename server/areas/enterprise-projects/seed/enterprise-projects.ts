/**
 * Demo enterprise projects: two projects of Acme run the enterprise way, each
 * with four phases, a team with allocations and weekly capacity, dated tasks in
 * their phases with dependencies between them, and three versions (the baseline
 * plan, a replan, a rebalanced team), so the Versions tab has history to compare
 * and roll back. Plain inserts inside the demo transaction: the seed stays fast.
 */
import type { Queryable } from "../../../db/database.ts";
import { recordVersion } from "../versions-snapshot.ts";

const DAY = 86_400_000;
const ORG = "org_acme";
const PM = "usr_acme_pm";
const ADMIN = "usr_acme_admin";

/** The ids of the demo enterprise projects. */
export const ENTERPRISE_PROJECT_IDS = ["prj_acme_ledger", "prj_acme_portal"] as const;

interface PlannedTask {
  title: string;
  phase: number;
  start: number;
  days: number;
  hours: number;
  assignee: string;
  status: string;
  after: number[];
}

const PLANS = [
  {
    id: ENTERPRISE_PROJECT_IDS[0],
    name: "Enterprise ledger migration",
    description: "Moves the general ledger and its reports to the new accounting platform.",
    startOffset: -30,
    tasks: [
      {
        title: "Map chart of accounts",
        phase: 0,
        start: 0,
        days: 8,
        hours: 24,
        assignee: PM,
        status: "completed",
        after: [],
      },
      {
        title: "Design posting rules",
        phase: 1,
        start: 8,
        days: 10,
        hours: 32,
        assignee: ADMIN,
        status: "completed",
        after: [0],
      },
      {
        title: "Build ledger import",
        phase: 2,
        start: 18,
        days: 15,
        hours: 60,
        assignee: ADMIN,
        status: "in_progress",
        after: [1],
      },
      {
        title: "Build report pack",
        phase: 2,
        start: 22,
        days: 14,
        hours: 40,
        assignee: PM,
        status: "todo",
        after: [1],
      },
      {
        title: "Reconcile trial balance",
        phase: 3,
        start: 36,
        days: 7,
        hours: 20,
        assignee: PM,
        status: "todo",
        after: [2, 3],
      },
      {
        title: "Parallel run",
        phase: 3,
        start: 43,
        days: 10,
        hours: 16,
        assignee: ADMIN,
        status: "todo",
        after: [4],
      },
    ],
  },
  {
    id: ENTERPRISE_PROJECT_IDS[1],
    name: "Customer portal rebuild",
    description: "Rebuilds the customer self-service portal on the shared design system.",
    startOffset: -10,
    tasks: [
      {
        title: "Collect portal requirements",
        phase: 0,
        start: 0,
        days: 6,
        hours: 18,
        assignee: PM,
        status: "completed",
        after: [],
      },
      {
        title: "Design page flows",
        phase: 1,
        start: 6,
        days: 9,
        hours: 30,
        assignee: PM,
        status: "in_progress",
        after: [0],
      },
      {
        title: "Build sign-in and profile",
        phase: 2,
        start: 15,
        days: 12,
        hours: 45,
        assignee: ADMIN,
        status: "todo",
        after: [1],
      },
      {
        title: "Build invoice pages",
        phase: 2,
        start: 15,
        days: 14,
        hours: 50,
        assignee: ADMIN,
        status: "todo",
        after: [1],
      },
      {
        title: "Accessibility review",
        phase: 3,
        start: 29,
        days: 5,
        hours: 12,
        assignee: PM,
        status: "todo",
        after: [2, 3],
      },
    ],
  },
] as const satisfies readonly {
  id: string;
  name: string;
  description: string;
  startOffset: number;
  tasks: readonly PlannedTask[];
}[];

const PHASES = ["planning", "design", "development", "testing"] as const;

function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Seeds the enterprise projects (before tasks are numbered, so theirs are too). */
export async function seedEnterpriseProjects(tx: Queryable, today: number): Promise<void> {
  for (const plan of PLANS) {
    const start = today + plan.startOffset * DAY;
    const end = start + 60 * DAY;
    const created = new Date(start - 7 * DAY).toISOString();
    await tx.run(
      `INSERT INTO projects (id, organization_id, name, description, status, project_type, start_date, end_date,
         project_manager_id, budget, estimated_hours, priority, tags, custom_fields, progress_percentage,
         current_phase, complexity_score, risk_level, approval_status, archive_status,
         created_at, created_by, updated_at, updated_by)
       VALUES (?, ?, ?, ?, 'active', 'software_development', ?, ?, ?, 120000, 400, 3, '[]', '{}', 0,
               'development', 7, 'medium', 'not_submitted', 'active', ?, ?, ?, ?)`,
      [
        plan.id,
        ORG,
        plan.name,
        plan.description,
        day(start),
        day(end),
        PM,
        created,
        PM,
        created,
        PM,
      ],
    );
    const phaseIds = PHASES.map((_, i) => `${plan.id}_phase_${i + 1}`);
    for (const [i, phase] of PHASES.entries()) {
      await tx.run(
        `INSERT INTO project_phases (id, organization_id, project_id, idx, phase, start_date, end_date, status)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          phaseIds[i],
          ORG,
          plan.id,
          i,
          phase,
          day(start + i * 15 * DAY),
          day(start + (i + 1) * 15 * DAY - DAY),
          i === 0 ? "completed" : i === 2 ? "in_progress" : "not_started",
        ],
      );
    }
    for (
      const [i, [user, role, rate, allocation]]
        of ([[PM, "manager", 110, 60], [ADMIN, "developer", 95, 40]] as const).entries()
    ) {
      await tx.run(
        `INSERT INTO project_members (id, organization_id, project_id, idx, user_id, role, hourly_rate,
           allocation_percent, capacity_hours, added_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 40, ?)`,
        [`${plan.id}_member_${i + 1}`, ORG, plan.id, i, user, role, rate, allocation, created],
      );
    }
    const taskIds = plan.tasks.map((_, i) => `${plan.id}_task_${i + 1}`);
    for (const [i, task] of (plan.tasks as readonly PlannedTask[]).entries()) {
      const taskStart = start + task.start * DAY;
      const done = task.status === "completed";
      await tx.run(
        `INSERT INTO tasks (id, organization_id, name, project_id, title, description, status, priority, assignee_id,
           estimated_hours, actual_hours, story_points, progress_percentage, start_date, due_date, started_at,
           completed_at, phase_id, tags, is_milestone, is_billable, custom_fields, created_at, created_by, updated_at)
         VALUES (?, ?, ?, ?, ?, '', ?, 3, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '[]', 0, 1, '{}', ?, ?, ?)`,
        [
          taskIds[i],
          ORG,
          taskIds[i],
          plan.id,
          task.title,
          "todo",
          task.assignee,
          task.hours,
          0,
          Math.ceil(task.hours / 8),
          done ? 100 : task.status === "in_progress" ? 40 : 0,
          day(taskStart),
          day(taskStart + task.days * DAY),
          task.status === "todo" ? null : new Date(taskStart).toISOString(),
          done ? new Date(taskStart + task.days * DAY).toISOString() : null,
          phaseIds[task.phase],
          created,
          PM,
          created,
        ],
      );
      await statusHistory(tx, taskIds[i], {
        started: task.status === "todo" ? null : new Date(taskStart).toISOString(),
        completed: done ? new Date(taskStart + task.days * DAY).toISOString() : null,
      });
      for (const [idx, before] of task.after.entries()) {
        await tx.run(
          `INSERT INTO task_dependencies (id, organization_id, task_id, idx, depends_on) VALUES (?, ?, ?, ?, ?)`,
          [`${taskIds[i]}_dep_${idx + 1}`, ORG, taskIds[i], idx, taskIds[before]],
        );
      }
    }
    await seedSprints(tx, plan.id, today);
    await seedVersions(tx, plan.id, { start, end });
  }
}

/**
 * Moves a task created as to-do to its status on the days it happened (the
 * status-history triggers date each change by the task's updated_at).
 */
async function statusHistory(
  tx: Queryable,
  taskId: string,
  at: { started: string | null; completed: string | null },
): Promise<void> {
  const steps: [string, string | null][] = [["in_progress", at.started], [
    "completed",
    at.completed,
  ]];
  for (const [status, when] of steps) {
    if (when === null) continue;
    await tx.run(`UPDATE tasks SET status = ?, updated_at = ? WHERE id = ?`, [
      status,
      when,
      taskId,
    ]);
  }
}

/** Two-week sprints as the other active projects have: six ended, one in progress. */
async function seedSprints(tx: Queryable, projectId: string, today: number): Promise<void> {
  for (let k = 0; k < 7; k++) {
    const start = today - 7 * DAY - (6 - k) * 14 * DAY;
    await tx.run(
      `INSERT INTO sprints (id, organization_id, project_id, name, start_date, end_date, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [
        `${projectId}_sprint_${k + 1}`,
        ORG,
        projectId,
        `Sprint ${k + 1}`,
        day(start),
        day(start + 13 * DAY),
        new Date(start).toISOString(),
      ],
    );
  }
}

/** Three versions: the plan, a replan two weeks later, then a rebalanced team. */
async function seedVersions(
  tx: Queryable,
  projectId: string,
  dates: { start: number; end: number },
) {
  const at = (offset: number) => new Date(dates.start + offset * DAY).toISOString();
  const version = (summary: string, offset: number) =>
    recordVersion(tx, {
      organizationId: ORG,
      projectId,
      changeSummary: summary,
      userId: PM,
      now: at(offset),
    });
  await version("Baseline plan", -6);
  await tx.run(
    `UPDATE projects SET risk_level = 'high', end_date = ?, complexity_score = 8, version = 2 WHERE id = ?`,
    [day(dates.end + 14 * DAY), projectId],
  );
  await version("Replanned after the vendor's two-week delay", 5);
  await tx.run(
    `UPDATE project_members SET allocation_percent = CASE WHEN role = 'manager' THEN 40 ELSE 70 END
      WHERE project_id = ?`,
    [projectId],
  );
  await tx.run(`UPDATE projects SET version = 3 WHERE id = ?`, [projectId]);
  await version("Moved development effort to the developer", 9);
}
