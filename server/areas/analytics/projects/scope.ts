/**
 * The project a call is about. Both ids are required (document 2, §5): a missing
 * project id is a 400 naming it; an organisation id other than the caller's
 * current organisation, or a project outside it, is a 404 — another tenant's ids
 * are indistinguishable from ids that do not exist.
 */
import type { Queryable } from "../../../db/database.ts";
import type { Access } from "../../../platform/access/access.ts";
import { invalidInput, notFound } from "../../../platform/errors/app-error.ts";
import { findProject, type ProjectRow } from "./repo.ts";

/** Resolves the project from the path id and/or the body's project_id. */
export async function projectInScope(
  db: Queryable,
  access: Access,
  ids: { organizationId: string; pathId?: string; bodyId?: string },
): Promise<ProjectRow> {
  const id = ids.pathId ?? ids.bodyId;
  if (!id) {
    throw invalidInput("Invalid request body: project_id (project_id is required)", {
      project_id: "project_id is required",
    });
  }
  if (ids.pathId && ids.bodyId && ids.pathId !== ids.bodyId) {
    throw invalidInput(
      "Invalid request body: project_id (does not match the project in the path)",
      { project_id: "Does not match the project in the path" },
    );
  }
  if (ids.organizationId !== access.organizationId) throw notFound("Organization");
  const project = await findProject(db, access.organizationId, id);
  if (!project) throw notFound("Project");
  return project;
}
