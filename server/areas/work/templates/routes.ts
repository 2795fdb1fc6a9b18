/**
 * Project template calls: the categories (spec §7 `/project-templates/categories`,
 * the organisation's templates read through the record engine, grouped by
 * category) and the project made from a template.
 */
import {
  TemplateCategoriesRequest,
  TemplateCategoriesResponse,
} from "../../../../schemas/api/records.ts";
import {
  ProjectFromTemplateRequest,
  ProjectFromTemplateResponse,
} from "../../../../schemas/api/project-templates.ts";
import type { Api } from "../../../platform/http/api.ts";
import { requireAuthorized } from "../../../platform/access/authorize.ts";
import { visibleRecord } from "../../../records/engine/record-access.ts";
import { createProjectFromTemplate } from "./project-from-template.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import { offsetPage } from "../../../records/offset-page.ts";

/** Most templates the picker shows. */
const TEMPLATE_LIMIT = 1000;

/** Declares the project template endpoints. */
export function projectTemplateRoutes(api: Api, engine: RecordEngine): void {
  api.route({
    method: "post",
    path: "/project-templates/categories",
    reads: true,
    tag: "Projects",
    summary: "Template categories with their templates",
    audience: "staff",
    body: TemplateCategoriesRequest,
    response: TemplateCategoriesResponse,
  }, async (c, { access }) => {
    const { items } = await offsetPage(engine, access, "project_template", {
      sort: [{ field: "category", dir: "asc" }, { field: "name", dir: "asc" }],
      fields: ["name", "category", "description", "task_count"],
    }, { skip: 0, limit: TEMPLATE_LIMIT });
    const categories = new Map<
      string,
      { id: string; name: string; description: string; task_count: number }[]
    >();
    for (const t of items) {
      const category = t.category as string;
      categories.set(category, [...(categories.get(category) ?? []), {
        id: t.id as string,
        name: t.name as string,
        description: t.description as string,
        task_count: t.task_count as number,
      }]);
    }
    return c.json({
      categories: [...categories].map(([name, templates]) => ({
        name,
        template_count: templates.length,
        templates,
      })),
    });
  });
}

/**
 * Declares the call that makes a project from a template (the spec's
 * project-from-template flow): the project, its team and its tasks with their
 * dependencies, in one transaction. The caller must be able to read templates
 * and create projects and tasks; another organisation's template answers 404.
 */
export function projectFromTemplateRoute(api: Api, engine: RecordEngine): void {
  api.route({
    method: "post",
    path: "/project-templates/:id/projects",
    tag: "Projects",
    summary: "Make a project, its team and its tasks from a template",
    audience: "staff",
    permission: { module: "projects", actions: ["create"] },
    body: ProjectFromTemplateRequest,
    response: ProjectFromTemplateResponse,
    status: 201,
  }, async (c, { access, body }) => {
    requireAuthorized(access, "project-templates", "read");
    requireAuthorized(access, "tasks", "create");
    const requestId = c.get("requestId");
    const made = await engine.db.transaction((tx) =>
      createProjectFromTemplate({
        read: tx,
        access,
        now: new Date(engine.clock()).toISOString(),
        create: (typeId, values, system) =>
          engine.createIn(tx, access, engine.typeFor(access, typeId, "create"), values, {
            requestId,
            system,
          }),
      }, { template: c.req.param("id") ?? "", ...body })
    );
    const project = engine.types.get("project")!;
    const task = engine.types.get("task")!;
    return c.json({
      project: visibleRecord(project, access, made.project),
      tasks: made.tasks.map((t) => visibleRecord(task, access, t)),
    }, 201);
  });
}
