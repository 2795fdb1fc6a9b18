/**
 * The project list (the analytics picker's and the Projects screen's source), read
 * through the record engine: page size 100, total capped at 1000. progress_percentage is the project's progress as
 * every analytics call computes it (weighted by estimated hours), summed in SQL
 * per project of the page — not the last reported figure stored on the project.
 */
import { ProjectsListRequest, ProjectsListResponse } from "../../../../schemas/api/records.ts";
import type { Database } from "../../../db/database.ts";
import type { Filter } from "../../../../schemas/records/meta.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import { aliased, aliasedFields, SPEC_ALIASES } from "../../../records/spec-shapes.ts";
import { offsetPage } from "../../../records/offset-page.ts";
import type { Api } from "../../../platform/http/api.ts";
import { progressOfProjects } from "../../analytics/projects/mod.ts";

/** Page size default and total cap (spec §9). */
export const PROJECT_PAGE_SIZE = 100;
export const PROJECT_TOTAL_CAP = 1000;

/** Declares the project list endpoint; the projects are read through the record engine. */
export function projectRoutes(api: Api, db: Database, engine: RecordEngine): void {
  api.route({
    method: "post",
    path: "/projects/list",
    reads: true,
    tag: "Projects",
    summary: "Projects of the organisation (page size 100, total capped at 1000)",
    audience: "staff",
    body: ProjectsListRequest,
    response: ProjectsListResponse,
  }, async (c, { access, body }) => {
    // A project in cold storage is kept for the record, not picked for work.
    const filters: Filter[] = [{ field: "archive_status", op: "ne", value: "cold_storage" }];
    if (body.status) filters.push({ field: "status", op: "eq", value: body.status });
    if (body.client_id) filters.push({ field: "client", op: "eq", value: body.client_id });
    if (body.project_manager_id) {
      filters.push({ field: "manager", op: "eq", value: body.project_manager_id });
    }
    const skip = body.skip ?? 0;
    const limit = Math.min(body.limit ?? PROJECT_PAGE_SIZE, Math.max(PROJECT_TOTAL_CAP - skip, 0));
    const { items, total } = await offsetPage(engine, access, "project", {
      filters,
      sort: [{ field: "name", dir: "asc" }],
      fields: aliasedFields(SPEC_ALIASES.project),
    }, { skip, limit });
    const progress = await progressOfProjects(db, items.map((p) => p.id as string));
    return c.json({
      projects: items.map((p) => ({
        ...aliased(SPEC_ALIASES.project, p),
        organization_id: access.organizationId,
        progress_percentage: progress.get(p.id as string),
      })),
      total: Math.min(total, PROJECT_TOTAL_CAP),
      skip,
      limit,
    });
  });
}
