/**
 * Project template categories (spec §7 `/project-templates/categories`): the
 * organisation's templates, read through the record engine, grouped by category.
 */
import {
  TemplateCategoriesRequest,
  TemplateCategoriesResponse,
} from "../../../../schemas/api/records.ts";
import type { Api } from "../../../platform/http/api.ts";
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
