/**
 * SQL of the enterprise project calls: a project's row in the caller's
 * organisation, and its tasks, dependencies and members for many projects at
 * once (one query each, never one per task), as versions, exports and the
 * `include` parts need them.
 */
import type { Queryable } from "../../db/database.ts";
import { notFound } from "../../platform/errors/app-error.ts";

/** The project columns the enterprise calls read besides the engine. */
export interface ProjectHead {
  id: string;
  name: string;
  version: number;
  archive_status: string;
  status: string;
  start_date: string;
  end_date: string;
}

/** The project of the caller's organisation, or 404 (another tenant's ids look unknown). */
export async function projectHead(
  q: Queryable,
  organizationId: string,
  projectId: string,
): Promise<ProjectHead> {
  const row = await q.get<ProjectHead>(
    `SELECT id, name, version, archive_status, status, start_date, end_date
       FROM projects WHERE id = ? AND organization_id = ?`,
    [projectId, organizationId],
  );
  if (!row) throw notFound("Project");
  return row;
}

/** A task as versions, exports and the include parts carry it (field ids of the task type). */
export interface TaskRow {
  id: string;
  project_id: string;
  name: string;
  title: string;
  status: string;
  priority: number;
  assignee: string | null;
  start_date: string | null;
  due_date: string | null;
  estimated_hours: number;
  story_points: number;
  description: string;
  phase: string;
  depends_on: string[];
}

function placeholders(values: readonly unknown[]): string {
  return values.map(() => "?").join(", ");
}

/** The tasks of the projects, oldest first, each with the ids it depends on. */
export async function tasksOfProjects(
  q: Queryable,
  organizationId: string,
  projectIds: readonly string[],
): Promise<TaskRow[]> {
  if (projectIds.length === 0) return [];
  const tasks = await q.all<Omit<TaskRow, "depends_on">>(
    `SELECT id, project_id, name, title, status, priority, assignee_id AS assignee, start_date,
            due_date, estimated_hours, story_points, description, phase_id AS phase
       FROM tasks WHERE organization_id = ? AND project_id IN (${placeholders(projectIds)})
      ORDER BY project_id, created_at, name, id`,
    [organizationId, ...projectIds],
  );
  const links = await q.all<{ task_id: string; depends_on: string }>(
    `SELECT d.task_id, d.depends_on FROM task_dependencies d
       JOIN tasks t ON t.id = d.task_id
      WHERE t.organization_id = ? AND t.project_id IN (${placeholders(projectIds)})
      ORDER BY d.task_id, d.idx`,
    [organizationId, ...projectIds],
  );
  const byTask = new Map<string, string[]>();
  for (const link of links) {
    const list = byTask.get(link.task_id) ?? [];
    list.push(link.depends_on);
    byTask.set(link.task_id, list);
  }
  return tasks.map((t) => ({
    ...t,
    priority: Number(t.priority),
    estimated_hours: Number(t.estimated_hours),
    story_points: Number(t.story_points),
    depends_on: byTask.get(t.id) ?? [],
  }));
}

/** A member's allocation, with their open work on the project. */
export interface MemberLoad {
  user_id: string;
  user_name: string;
  role: string;
  allocation_percent: number;
  capacity_hours: number;
  open_tasks: number;
  open_estimated_hours: number;
}

/** The project's members, in team order, with their open tasks and hours on it. */
export function memberLoads(
  q: Queryable,
  organizationId: string,
  projectId: string,
): Promise<MemberLoad[]> {
  return q.all<MemberLoad>(
    `SELECT m.user_id, TRIM(COALESCE(u.first_name, '') || ' ' || COALESCE(u.last_name, '')) AS user_name,
            m.role, m.allocation_percent, m.capacity_hours,
            (SELECT COUNT(*) FROM tasks t WHERE t.project_id = m.project_id
                AND t.assignee_id = m.user_id AND t.status <> 'completed') AS open_tasks,
            (SELECT COALESCE(SUM(t.estimated_hours), 0) FROM tasks t WHERE t.project_id = m.project_id
                AND t.assignee_id = m.user_id AND t.status <> 'completed') AS open_estimated_hours
       FROM project_members m LEFT JOIN users u ON u.id = m.user_id
      WHERE m.organization_id = ? AND m.project_id = ?
      ORDER BY m.idx`,
    [organizationId, projectId],
  );
}

/** Display names of users by id. */
export async function userNames(
  q: Queryable,
  ids: readonly (string | null)[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await q.all<{ id: string; first_name: string; last_name: string }>(
    `SELECT id, first_name, last_name FROM users WHERE id IN (${placeholders(wanted)})`,
    wanted,
  );
  return new Map(rows.map((r) => [r.id, `${r.first_name} ${r.last_name}`.trim()]));
}
