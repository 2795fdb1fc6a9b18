/**
 * The project list (the analytics picker's and the Projects screen's source): page
 * size 100, total capped at 1000. progress_percentage is the project's progress as
 * every analytics call computes it (weighted by estimated hours), summed in SQL
 * per project of the page — not the last reported figure stored on the project.
 */
import { ProjectsListRequest, ProjectsListResponse } from "../../../schemas/api/records.ts";
import type { Database, SqlValue } from "../../db/database.ts";
import type { Api } from "../../platform/http/api.ts";
import { progressOfProjects } from "../project-analytics/mod.ts";

/** Page size default and total cap (spec §9). */
export const PROJECT_PAGE_SIZE = 100;
export const PROJECT_TOTAL_CAP = 1000;

/** Declares the project list endpoint. */
export function projectRoutes(api: Api, db: Database): void {
  api.route({
    method: "post",
    path: "/projects/list",
    tag: "Projects",
    summary: "Projects of the organisation (page size 100, total capped at 1000)",
    audience: "staff",
    body: ProjectsListRequest,
    response: ProjectsListResponse,
  }, async (c, { access, body }) => {
    const where = ["p.organization_id = ?"];
    const params: SqlValue[] = [access.organizationId];
    if (body.status) (where.push("p.status = ?"), params.push(body.status));
    if (body.client_id) (where.push("p.client_id = ?"), params.push(body.client_id));
    if (body.project_manager_id) {
      (where.push("p.project_manager_id = ?"), params.push(body.project_manager_id));
    }
    const clause = where.join(" AND ");
    const skip = body.skip ?? 0;
    const limit = Math.min(body.limit ?? PROJECT_PAGE_SIZE, Math.max(PROJECT_TOTAL_CAP - skip, 0));
    const total = await db.get<{ n: number }>(
      `SELECT COUNT(*) AS n FROM projects p WHERE ${clause}`,
      params,
    );
    const projects = limit === 0 ? [] : await db.all<Record<string, unknown>>(
      `SELECT p.id, p.name, p.status, p.project_type, p.client_id, c.name AS client_name, p.organization_id,
              p.start_date, p.end_date, p.project_manager_id
         FROM projects p LEFT JOIN clients c ON c.id = p.client_id
        WHERE ${clause} ORDER BY p.name, p.id LIMIT ? OFFSET ?`,
      [...params, limit, skip],
    );
    const progress = await progressOfProjects(db, projects.map((p) => p.id as string));
    return c.json({
      projects: projects.map((p) => ({ ...p, progress_percentage: progress.get(p.id as string) })),
      total: Math.min(total?.n ?? 0, PROJECT_TOTAL_CAP),
      skip,
      limit,
    });
  });
}
