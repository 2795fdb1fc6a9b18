/** Tasks with their project and assignee (spec §7 `/tasks/list-with-details`). */
import {
  PRIORITY_NAMES,
  TasksListRequest,
  TasksListResponse,
} from "../../../schemas/api/records.ts";
import type { Database, SqlValue } from "../../db/database.ts";
import { containsMatch, containsPattern } from "../../db/dialect.ts";
import type { Api } from "../../platform/http/api.ts";

interface Row {
  id: string;
  title: string;
  description: string;
  status: string;
  priority: number;
  project_id: string | null;
  project_name: string | null;
  assignee_id: string | null;
  assignee_name: string | null;
  estimated_hours: number;
  actual_hours: number;
  story_points: number;
  progress_percentage: number;
  due_date: string | null;
  started_at: string | null;
  completed_at: string | null;
  tags: string;
  is_milestone: number;
  is_billable: number;
  custom_fields: string;
  created_at: string;
  updated_at: string;
}

/** Default labels of the spec (§3 Task). */
export const UNASSIGNED = "Unassigned";
export const NO_PROJECT = "No Project";

/** Declares the task endpoints. */
export function taskRoutes(api: Api, db: Database, clock: () => number): void {
  api.route({
    method: "post",
    path: "/tasks/list-with-details",
    tag: "Tasks",
    summary: "Tasks with project and assignee, by due date",
    description:
      'Priority is stored 1–4 (low, medium, high, critical; default 2). `assignee_id: "me"` means the caller. is_overdue: due before today and not completed.',
    audience: "staff",
    body: TasksListRequest,
    response: TasksListResponse,
  }, async (c, { access, body }) => {
    const today = new Date(clock()).toISOString().slice(0, 10);
    const where = ["t.organization_id = ?"];
    const params: SqlValue[] = [access.organizationId];
    if (body.status) (where.push("t.status = ?"), params.push(body.status));
    if (body.project_id) (where.push("t.project_id = ?"), params.push(body.project_id));
    if (body.assignee_id) {
      where.push("t.assignee_id = ?");
      params.push(body.assignee_id === "me" ? access.user.id : body.assignee_id);
    }
    if (body.due_before) (where.push("t.due_date < ?"), params.push(body.due_before));
    if (body.due_after) (where.push("t.due_date >= ?"), params.push(body.due_after));
    if (body.open_only) where.push("t.status <> 'completed'");
    if (body.search) {
      where.push(containsMatch("t.title"));
      params.push(containsPattern(body.search));
    }
    const clause = where.join(" AND ");
    const total = await db.get<{ n: number }>(
      `SELECT COUNT(*) AS n FROM tasks t WHERE ${clause}`,
      params,
    );
    const rows = await db.all<Row>(
      `SELECT t.id, t.title, t.description, t.status, t.priority, t.project_id, p.name AS project_name,
              t.assignee_id, CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS assignee_name,
              t.estimated_hours, t.actual_hours, t.story_points, t.progress_percentage, t.due_date,
              t.started_at, t.completed_at, t.tags, t.is_milestone, t.is_billable,
              t.custom_fields, t.created_at, t.updated_at
         FROM tasks t LEFT JOIN projects p ON p.id = t.project_id LEFT JOIN users u ON u.id = t.assignee_id
        WHERE ${clause}
        ORDER BY t.due_date IS NULL, t.due_date, t.priority DESC, t.id LIMIT ? OFFSET ?`,
      [...params, body.limit ?? 100, body.skip ?? 0],
    );
    const dependencies = await dependenciesOf(db, rows.map((r) => r.id));
    const tasks = rows.map((r) => ({
      ...r,
      priority_label: PRIORITY_NAMES[r.priority - 1],
      project: r.project_id && r.project_name ? { id: r.project_id, name: r.project_name } : null,
      project_name: r.project_name ?? NO_PROJECT,
      assignee: r.assignee_id && r.assignee_name
        ? { id: r.assignee_id, full_name: r.assignee_name }
        : null,
      assignee_name: r.assignee_name ?? UNASSIGNED,
      tags: r.tags.split(",").map((tag) => tag.trim()).filter((tag) => tag !== ""),
      dependencies: dependencies.get(r.id) ?? [],
      is_milestone: r.is_milestone === 1,
      is_billable: r.is_billable === 1,
      is_overdue: r.due_date !== null && r.due_date < today && r.status !== "completed",
      custom_fields: JSON.parse(r.custom_fields),
    }));
    return c.json({ tasks, total: total?.n ?? 0 });
  });
}

/** The tasks each of these tasks depends on, in row order. */
async function dependenciesOf(db: Database, ids: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (ids.length === 0) return out;
  const rows = await db.all<{ task_id: string; depends_on: string | null }>(
    `SELECT task_id, depends_on FROM task_dependencies
      WHERE task_id IN (${ids.map(() => "?").join(", ")}) ORDER BY task_id, idx`,
    ids,
  );
  for (const row of rows) {
    if (row.depends_on) out.set(row.task_id, [...(out.get(row.task_id) ?? []), row.depends_on]);
  }
  return out;
}
