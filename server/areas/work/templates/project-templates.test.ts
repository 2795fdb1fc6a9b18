import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestApp } from "../../../testing/test-app.ts";
import { assertInvalidFields, jsonOf } from "../../../testing/http-assertions.ts";

interface CategoriesBody {
  categories: {
    name: string;
    template_count: number;
    templates: { id: string; name: string; description: string; task_count: number }[];
  }[];
}

Deno.test("POST /project-templates/categories answers template categories with their templates", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("pm@acme.test");
    const body = await jsonOf<CategoriesBody>(
      await t.call("POST", "/project-templates/categories", { token, body: {} }),
    );
    assertEquals(
      body.categories.map((c) => [c.name, c.template_count, c.templates.map((x) => x.name)]),
      [
        ["Consulting", 2, ["Due diligence", "Operations review"]],
        ["Internal", 1, ["Onboarding"]],
        ["Marketing", 1, ["Brand refresh"]],
        ["Software", 2, ["Data migration", "Web application"]],
      ],
    );
    const onboarding = body.categories[1].templates[0];
    assertEquals(
      onboarding.description,
      "Everything a new colleague needs in the first month.",
    );
    const stored = await t.db.get<{ task_count: number }>(
      "SELECT task_count FROM project_templates WHERE id = ?",
      [onboarding.id],
    );
    assertEquals(onboarding.task_count, stored?.task_count);
  } finally {
    await t.close();
  }
});

Deno.test("POST /project-templates/categories answers 400 naming an unknown field", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("pm@acme.test");
    await assertInvalidFields(
      await t.call("POST", "/project-templates/categories", { token, body: { category: "x" } }),
      "category",
    );
  } finally {
    await t.close();
  }
});
