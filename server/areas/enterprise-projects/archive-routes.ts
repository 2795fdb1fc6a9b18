/**
 * Deleting a project by archive strategy (`DELETE /enterprise-projects/{id}`),
 * the strategies with what each does and whether it applies now plus the
 * project's archive records (`GET /{id}/archive-strategies`), and executing one,
 * restore included (`POST /{id}/archive-strategies/{sid}/execute`). Archiving
 * and restoring need projects.delete; reading them, projects.read.
 */
import * as S from "../../../schemas/api/enterprise-projects/core.ts";
import { requireAuthorized } from "../../platform/access/authorize.ts";
import { conflict, invalidInput } from "../../platform/errors/app-error.ts";
import type { Api } from "../../platform/http/api.ts";
import type { EnterpriseDeps } from "./mod.ts";
import { archivesOf, archiveState, executeStrategy, strategiesFor } from "./archive-service.ts";

const TAG = "Enterprise projects";

/** Declares the archive calls. */
export function archiveRoutes(api: Api, { db, records, clock }: EnterpriseDeps): void {
  const now = () => new Date(clock()).toISOString();

  api.route({
    method: "delete",
    path: "/enterprise-projects/:id",
    tag: TAG,
    summary:
      "Deletes a project by archive strategy: archive_in_place (default), export_then_delete or cold_storage",
    audience: "staff",
    query: S.DeleteQuery,
    response: S.ArchiveOutcome,
  }, async (c, { access, query }) => {
    requireAuthorized(access, "projects", "delete");
    const id = c.req.param("id")!;
    if (query.version !== undefined) {
      const { project } = await archiveState(db, access.organizationId, id);
      if (project && Number(project.version) !== Number(query.version)) {
        throw conflict(`Project ${project.name} was changed by someone else`, {
          current_version: project.version,
        });
      }
    }
    return c.json(
      await executeStrategy(db, records, access, {
        projectId: id,
        strategy: query.archive_strategy,
        now: now(),
      }),
    );
  });

  api.route({
    method: "get",
    path: "/enterprise-projects/:id/archive-strategies",
    tag: TAG,
    summary:
      "The archive strategies, what each does, which apply now, and the project's archive records",
    audience: "staff",
    response: S.ArchiveStrategiesResponse,
  }, async (c, { access }) => {
    requireAuthorized(access, "projects", "read");
    const id = c.req.param("id")!;
    const { status, archives } = await archiveState(db, access.organizationId, id);
    return c.json({
      project_id: id,
      archive_status: status,
      strategies: strategiesFor(status, archives),
      archives: (await archivesOf(db, access.organizationId, id)).map(({ payload, ...a }) => ({
        ...a,
        has_payload: payload !== "",
      })),
    });
  });

  api.route({
    method: "post",
    path: "/enterprise-projects/:id/archive-strategies/:sid/execute",
    tag: TAG,
    summary:
      "Executes an archive strategy on the project, or `restore` to undo the latest archiving",
    audience: "staff",
    body: S.ExecuteStrategyRequest,
    response: S.ArchiveOutcome,
  }, async (c, { access, body }) => {
    requireAuthorized(access, "projects", "delete");
    const sid = S.ArchiveStrategyId.safeParse(c.req.param("sid"));
    if (!sid.success) {
      throw invalidInput(`sid: unknown strategy (use ${S.ArchiveStrategyId.options.join(", ")})`, {
        sid: "Unknown strategy",
      });
    }
    return c.json(
      await executeStrategy(db, records, access, {
        projectId: c.req.param("id")!,
        strategy: sid.data,
        archiveId: body.archive_id,
        now: now(),
      }),
    );
  });
}
