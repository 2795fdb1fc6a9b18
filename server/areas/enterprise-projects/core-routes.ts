/**
 * The enterprise project's own calls: create with the enterprise defaults (spec
 * 001 §3: current_phase planning, project_type software_development,
 * complexity_score 5, risk_level medium, approval_status not_submitted, archive_status
 * active, version 1, start today, end today + 90 days; the body may override any
 * of them), read with included parts, and the versioned update, which records a
 * version. Writes go through the record engine (validated, audited, announced).
 * The calls on fixed paths (bulk update, export, import) are declared first, so
 * `/:id` never takes them for an id.
 */
import * as S from "../../../schemas/api/enterprise-projects/core.ts";
import { requireAuthorized } from "../../platform/access/authorize.ts";
import type { Api } from "../../platform/http/api.ts";
import type { EnterpriseDeps } from "./mod.ts";
import { projectHead } from "./core-repo.ts";
import { includedParts, projectParts } from "./core-parts.ts";
import { readableTasks } from "./project-visibility.ts";
import { recordVersion } from "./versions-snapshot.ts";
import { withEnterpriseDefaults } from "./core-defaults.ts";
import { bulkUpdateRoutes } from "./core-bulk.ts";
import { transferRoutes } from "./transfer-routes.ts";
import { versionRoutes } from "./versions-routes.ts";
import { archiveRoutes } from "./archive-routes.ts";

/** A tag shared by every enterprise project call. */
export const TAG = "Enterprise projects";

/** Declares the ep-core calls of the enterprise project service. */
export function coreProjectRoutes(api: Api, deps: EnterpriseDeps): void {
  const { db, records, clock } = deps;
  const today = () => new Date(clock()).toISOString().slice(0, 10);
  const now = () => new Date(clock()).toISOString();

  bulkUpdateRoutes(api, deps);
  transferRoutes(api, deps);

  api.route({
    method: "post",
    path: "/enterprise-projects",
    tag: TAG,
    summary: "Creates a project with the enterprise defaults (any of which the body may override)",
    description:
      "Defaults: current_phase planning, project_type software_development, complexity_score 5, risk_level medium, approval_status not_submitted, archive_status active, version 1, start_date today, end_date today + 90 days. Records version 1 of the project.",
    audience: "staff",
    body: S.CreateProjectRequest,
    response: S.ProjectResponse,
    status: 201,
  }, async (c, { access, body }) => {
    const type = records.typeFor(access, "project", "create");
    const { approval_status, archive_status, ...values } = body;
    const project = await db.transaction(async (tx) => {
      let created = await records.createIn(
        tx,
        access,
        type,
        withEnterpriseDefaults(values, today()),
        {
          requestId: c.get("requestId"),
        },
      );
      const statuses = {
        ...(approval_status ? { approval_status } : {}),
        ...(archive_status ? { archive_status } : {}),
      };
      if (Object.keys(statuses).length > 0) {
        // Both are read-only on the form; a create may still start a project in another state.
        created = await records.updateIn(
          tx,
          access,
          type,
          created.id as string,
          created.version as number,
          statuses,
          { trusted: true, auditAction: "create" },
        );
      }
      await recordVersion(tx, {
        organizationId: access.organizationId,
        projectId: created.id as string,
        changeSummary: "Created",
        userId: access.user.id,
        now: now(),
      });
      return created;
    });
    return c.json(
      { project: (await records.get(access, "project", project.id as string)).record },
      201,
    );
  });

  api.route({
    method: "get",
    path: "/enterprise-projects/:id",
    tag: TAG,
    summary:
      "A project with the parts asked for: phases (with their tasks), tasks, resources, analytics",
    audience: "staff",
    query: S.IncludeQuery,
    response: S.ProjectWithParts,
  }, async (c, { access, query }) => {
    requireAuthorized(access, "projects", "read");
    const parts = includedParts(query.include);
    const id = c.req.param("id")!;
    await projectHead(db, access.organizationId, id);
    const { record } = await records.get(access, "project", id);
    const included = await projectParts(
      db,
      { organizationId: access.organizationId, projectId: id, today: today() },
      parts,
    );
    // The project's tasks only as far as the caller may read each (members: their own).
    if (included.tasks) included.tasks = await readableTasks(records, access, included.tasks);
    if (included.phases) {
      for (const phase of included.phases) {
        phase.tasks = await readableTasks(records, access, phase.tasks);
      }
    }
    return c.json({ project: record, ...included });
  });

  api.route({
    method: "put",
    path: "/enterprise-projects/:project_id",
    tag: TAG,
    summary: "Updates a project at the version read (stale: 409) and records a version",
    audience: "staff",
    body: S.UpdateProjectRequest,
    response: S.UpdateProjectResponse,
  }, async (c, { access, body }) => {
    const type = records.typeFor(access, "project", "update");
    const id = c.req.param("project_id")!;
    await projectHead(db, access.organizationId, id);
    const { version, change_summary, ...values } = body;
    const result = await db.transaction(async (tx) => {
      const project = await records.updateIn(tx, access, type, id, version, values, {
        requestId: c.get("requestId"),
        auditAction: "update",
      });
      const number = await recordVersion(tx, {
        organizationId: access.organizationId,
        projectId: id,
        changeSummary: change_summary ?? `Updated ${Object.keys(values).join(", ") || "nothing"}`,
        userId: access.user.id,
        now: now(),
      });
      return { project, number };
    });
    return c.json({
      project: (await records.get(access, "project", id)).record,
      version_number: result.number,
    });
  });

  versionRoutes(api, deps);
  archiveRoutes(api, deps);
}
