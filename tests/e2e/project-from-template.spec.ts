/**
 * A project manager makes a project from a template, at desktop and phone size:
 * on the template's form they read its plan, then on its New project tab name the
 * project, pick its client and its start date, and create it. The new project
 * opens with the plan's tasks at working-day dates from that start, and a task
 * waits on the one the plan says it depends on. Each run names its own project,
 * so the demo data is left as it is.
 */
import { expect, test } from "@playwright/test";
import { signIn, SIZES } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

const RUN = Date.now().toString(36);

test.setTimeout(120_000);

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test("a project made from a template has the plan's tasks, dates and dependencies", async ({ page }) => {
      const name = `Website ${size.name} ${RUN}`;
      await signIn(page, "pm@acme.test", "/app/project-templates");
      await expect(page.getByRole("heading", { name: "Project Templates", level: 1 }))
        .toBeVisible();
      await page.getByRole("link", { name: "Web application" }).first().click();
      await expect(page).toHaveURL(/\/app\/project-templates\/[^/]+$/);

      await page.getByRole("tab", { name: "Plan" }).click();
      const plan = page.getByRole("table", { name: "Plan" });
      await expect(plan.getByRole("textbox", { name: "Title row 4" })).toHaveValue(
        "Build the application",
      );
      await expect(plan.getByRole("textbox", { name: "Depends on row 4" })).toHaveValue("T3");
      await reviewShot(page, `project-template-plan-${size.name}`, { fullPage: true });

      await page.getByRole("tab", { name: "New project" }).click();
      const form = page.getByRole("tabpanel", { name: "New project" });
      await form.getByLabel("Project name").fill(name);
      const client = form.getByRole("combobox", { name: "Client", exact: true });
      await client.fill("Northwind");
      await page.getByRole("option", { name: /^Northwind Traders/ }).first().click();
      // A Monday: the plan's working days run from it.
      await form.getByLabel("Start date").fill("2027-03-01");
      await reviewShot(page, `project-from-template-form-${size.name}`, { fullPage: true });
      await form.getByRole("button", { name: "Create project" }).click();

      await expect(page).toHaveURL(/\/app\/projects\/[^/]+$/);
      await expect(page.getByRole("form").getByLabel("Project name")).toHaveValue(name);
      const tasks = page.locator('section.record-list[aria-label="Tasks"]');
      await tasks.scrollIntoViewIfNeeded();
      for (const title of ["Kick-off and discovery", "Design sign-off", "Launch"]) {
        await expect(tasks.getByText(title)).toBeVisible();
      }
      // Launch: 28 working days after Monday 1 March 2027 is Thursday 8 April.
      await expect(tasks.getByRole("row", { name: /Launch/ })).toContainText("Apr 8, 2027");
      // Build the application: working days 8 to 22, due Wednesday 31 March.
      const build = tasks.getByRole("row", { name: /Build the application/ });
      await expect(build).toContainText("Mar 31, 2027");
      await reviewShot(page, `project-from-template-project-${size.name}`, { fullPage: true });

      await build.getByRole("link").first().click();
      await expect(page).toHaveURL(/\/app\/tasks\/[^/]+$/);
      await page.getByRole("tab", { name: "Planning" }).click();
      await expect(
        page.getByRole("table", { name: "Depends on" }).getByRole("combobox", {
          name: "Task row 1",
        }),
      ).toHaveValue("Design sign-off");
      await reviewShot(page, `project-from-template-dependency-${size.name}`, { fullPage: true });
    });
  });
}
