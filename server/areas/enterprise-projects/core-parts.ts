/**
 * The parts `GET /enterprise-projects/{id}?include=` adds to a project: its
 * phases with their tasks, its tasks, its resources (members with allocation and
 * their open work) and the analytics summary — the project analytics figures
 * (progress, task totals, schedule) of server/areas/analytics/projects, one
 * definition each.
 */
import type { z } from "zod";
import type {
  AnalyticsSummary,
  PhaseItem,
  ResourceItem,
  TaskItem,
} from "../../../schemas/api/enterprise-projects/core.ts";
import type { Queryable } from "../../db/database.ts";
import { invalidInput } from "../../platform/errors/app-error.ts";
import { projectBreakdown, projectOutlook, timelineAnalysis } from "../analytics/projects/mod.ts";
import { weightedProgress } from "../analytics/projects/mod.ts";
import { memberLoads, type TaskRow, tasksOfProjects } from "./core-repo.ts";

/** The parts a caller may include. */
export const PARTS = ["phases", "tasks", "resources", "analytics"] as const;
export type Part = typeof PARTS[number];

/** The parts named by `include` (comma-separated); an unknown name is a 400 naming `include`. */
export function includedParts(include: string | undefined): Set<Part> {
  const names = (include ?? "").split(",").map((s) => s.trim()).filter((s) => s !== "");
  for (const name of names) {
    if (!(PARTS as readonly string[]).includes(name)) {
      throw invalidInput(`include: unknown part "${name}" (use ${PARTS.join(", ")})`, {
        include: `Unknown part "${name}"`,
      });
    }
  }
  return new Set(names as Part[]);
}

function taskItem({ project_id: _p, description: _d, ...task }: TaskRow): z.infer<typeof TaskItem> {
  return task;
}

/** The included parts of a project. */
export async function projectParts(
  q: Queryable,
  scope: { organizationId: string; projectId: string; today: string },
  parts: Set<Part>,
) {
  const answer: {
    phases?: z.infer<typeof PhaseItem>[];
    tasks?: z.infer<typeof TaskItem>[];
    resources?: z.infer<typeof ResourceItem>[];
    analytics?: z.infer<typeof AnalyticsSummary>;
  } = {};
  const tasks = parts.has("phases") || parts.has("tasks")
    ? (await tasksOfProjects(q, scope.organizationId, [scope.projectId])).map(taskItem)
    : [];
  if (parts.has("phases")) {
    const phases = await q.all<Omit<z.infer<typeof PhaseItem>, "tasks">>(
      `SELECT id, phase, start_date, end_date, status FROM project_phases
        WHERE organization_id = ? AND project_id = ? ORDER BY idx`,
      [scope.organizationId, scope.projectId],
    );
    answer.phases = phases.map((p) => ({ ...p, tasks: tasks.filter((t) => t.phase === p.id) }));
  }
  if (parts.has("tasks")) answer.tasks = tasks;
  if (parts.has("resources")) {
    answer.resources = (await memberLoads(q, scope.organizationId, scope.projectId)).map((m) => ({
      ...m,
      allocation_percent: Number(m.allocation_percent),
      capacity_hours: Number(m.capacity_hours),
      open_tasks: Number(m.open_tasks),
      open_estimated_hours: Number(m.open_estimated_hours),
      // The hours of the person's week this project holds.
      allocated_hours_per_week: Math.round(
        Number(m.capacity_hours) * Number(m.allocation_percent),
      ) / 100,
    }));
  }
  if (parts.has("analytics")) answer.analytics = await analyticsSummary(q, scope);
  return answer;
}

async function analyticsSummary(
  q: Queryable,
  scope: { organizationId: string; projectId: string; today: string },
): Promise<z.infer<typeof AnalyticsSummary>> {
  const project = (await q.get<Parameters<typeof projectOutlook>[1]>(
    `SELECT id, organization_id, name, status, start_date, end_date, progress_percentage,
            progress_version, updated_at
       FROM projects WHERE id = ? AND organization_id = ?`,
    [scope.projectId, scope.organizationId],
  ))!;
  const breakdown = await projectBreakdown(q, scope.projectId, scope.today);
  const progress = weightedProgress(breakdown);
  const outlook = await projectOutlook(q, project, { today: scope.today });
  const timeline = timelineAnalysis(project, {
    today: scope.today,
    progress,
    overdue: breakdown.overdue,
    status: outlook.status,
  });
  return {
    progress_percentage: progress,
    total_tasks: breakdown.total,
    completed_tasks: breakdown.completed,
    open_tasks: breakdown.open,
    overdue_tasks: breakdown.overdue,
    total_estimated_hours: breakdown.totalHours,
    completed_estimated_hours: breakdown.completedHours,
    schedule_progress_percentage: timeline.schedule_progress_percentage,
    schedule_status: timeline.schedule_status,
    is_on_schedule: timeline.is_on_schedule,
  };
}
