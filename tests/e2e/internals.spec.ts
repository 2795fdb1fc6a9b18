/**
 * No internals in end-user screens, in the browser at desktop and phone size:
 * Data care is an administrator's maintenance screen under System Settings (not a
 * project form tab), and the schedule optimiser refuses, with its reason, to
 * propose dates for tasks without estimates — then proposes once defaults are
 * filled in.
 */
import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD, signIn } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

const SIZES = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
];

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("an administrator opens Data care from System Settings, not from the project", async ({ page }) => {
      await signIn(page, "admin@acme.test");
      await page.goto("/app/projects/prj_northwind_erp");
      await expect(page.getByRole("tab", { name: "Schedule" })).toBeVisible();
      await expect(page.getByRole("tab", { name: "Data care" })).toHaveCount(0);

      await page.goto("/app/settings");
      await page.getByRole("tab", { name: "Maintenance" }).click();
      await page.getByRole("button", { name: "Open Data care" }).click();
      await expect(page).toHaveURL(/\/app\/settings\/data-care/);
      await expect(page.getByRole("heading", { name: "Data care", level: 1 })).toBeVisible();
      await page.getByText("Northwind ERP Rollout").first().click();
      await expect(page.getByRole("heading", { name: "Integrity" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Indexes" })).toBeVisible();
      // People are named by name in the findings, never by their ids.
      await expect(page.getByText(/usr_[a-z]/)).toHaveCount(0);
      await reviewShot(page, `e2e-data-care-${size.name}`, { fullPage: true });
    });

    test("the optimiser refuses without estimates, and proposes once defaults are filled in", async ({ page }) => {
      const login = await page.request.post("/auth/login", {
        data: { email: "admin@acme.test", password: DEMO_PASSWORD },
      });
      const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
      const created = await page.request.post("/enterprise-projects", {
        headers,
        data: {
          name: `Unestimated ${size.name}`,
          members: [{ user: "usr_acme_admin", role: "developer", allocation_percent: 50 }],
        },
      });
      expect(created.status()).toBe(201);
      const project = (await created.json()).project;
      for (const title of ["Survey the site", "Draw the plans"]) {
        const res = await page.request.post("/api/records/task", {
          headers,
          data: { values: { title, project: project.id, assignee: "usr_acme_admin" } },
        });
        expect(res.status()).toBe(201);
      }

      await signIn(page, "admin@acme.test");
      await page.goto(`/app/projects/${project.id}`);
      await page.getByRole("tab", { name: "Schedule" }).click();
      await expect(
        page.getByText(/No schedule is proposed: 2 of 2 open tasks have no estimated hours/),
      ).toBeVisible();
      const schedule = page.getByRole("table", {
        name: "Current and proposed dates of the open tasks",
      });
      await expect(schedule.getByRole("row").filter({ hasText: "Survey the site" })).toHaveCount(0);
      await reviewShot(page, `e2e-refusal-${size.name}`, { fullPage: true });

      await page.getByRole("button", { name: "Fill in default estimates (8 hours)" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Fill in estimates" })
        .click();
      await expect(page.getByText("A schedule is proposed from the open tasks")).toBeVisible();
      await expect(schedule.getByRole("row").filter({ hasText: "Survey the site" }))
        .toBeVisible();
      await reviewShot(page, `e2e-proposed-${size.name}`, { fullPage: true });
    });
  });
}
