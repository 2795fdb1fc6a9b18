/** Project template categories (spec §7 `/project-templates/categories`). */
import {
  TemplateCategoriesRequest,
  TemplateCategoriesResponse,
} from "../../../schemas/api/records.ts";
import type { Database } from "../../db/database.ts";
import type { Api } from "../../platform/http/api.ts";

/** Declares the project template endpoints. */
export function projectTemplateRoutes(api: Api, db: Database): void {
  api.route({
    method: "post",
    path: "/project-templates/categories",
    tag: "Projects",
    summary: "Template categories with their templates",
    audience: "staff",
    body: TemplateCategoriesRequest,
    response: TemplateCategoriesResponse,
  }, async (c, { access }) => {
    const rows = await db.all<
      { id: string; name: string; category: string; description: string; task_count: number }
    >(
      "SELECT id, name, category, description, task_count FROM project_templates WHERE organization_id = ? ORDER BY category, name",
      [access.organizationId],
    );
    const categories = new Map<
      string,
      { id: string; name: string; description: string; task_count: number }[]
    >();
    for (const { category, ...template } of rows) {
      categories.set(category, [...(categories.get(category) ?? []), template]);
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
