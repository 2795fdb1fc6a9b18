import { expect, test } from "@playwright/test";
import { signIn } from "./support.ts";

test("pick a project, read every analytics tab, and go back to the picker", async ({ page }) => {
  await signIn(page, "pm@acme.test", "/app/project-progress-analytics");
  await expect(page.getByText("Select a Project to Analyze")).toBeVisible();
  await page.getByRole("button", { name: /Northwind ERP Rollout/ }).or(
    page.getByRole("option", { name: /Northwind ERP Rollout/ }),
  ).first().click();

  const tab = (name: string) => page.getByRole("tab", { name });
  await expect(tab("Overview")).toHaveAttribute("aria-selected", "true");
  for (const card of ["Overall Progress", "Project Health", "Risk Assessment", "Timeline"]) {
    await expect(page.getByRole("heading", { name: card, exact: true })).toBeVisible();
  }
  await expect(page.getByText(/On Schedule|Behind Schedule/).first()).toBeVisible();
  await page.screenshot({ path: "test-results/screens/analytics-overview.png", fullPage: true });

  await tab("Velocity").click();
  await expect(page.getByText("Current velocity (points per sprint)")).toBeVisible();
  await expect(page.getByRole("img", { name: /Velocity history/ })).toBeVisible();
  await page.screenshot({ path: "test-results/screens/analytics-velocity.png", fullPage: true });

  await tab("Burndown").click();
  await expect(page.getByRole("img", { name: /Remaining tasks/ })).toBeVisible();
  await expect(page.getByText("Sprint tasks completed")).toBeVisible();
  await page.screenshot({ path: "test-results/screens/analytics-burndown.png", fullPage: true });

  await tab("Forecast").click();
  for (const scenario of ["Optimistic", "Realistic", "Pessimistic"]) {
    await expect(page.getByRole("heading", { name: scenario, exact: true })).toBeVisible();
  }
  const listAfter = (heading: string) =>
    page.getByRole("heading", { name: heading }).locator("xpath=following::ul[1]");
  await expect(listAfter("Key assumptions").getByRole("listitem")).toHaveCount(3);
  await expect(listAfter("Key assumptions")).not.toContainText("—");
  const firstAssumption = await listAfter("Key assumptions").getByRole("listitem").first()
    .innerText();
  await expect(listAfter("Risk factors")).not.toContainText(firstAssumption);
  await expect(page.getByText(/On Track|Delayed/).first()).toBeVisible();
  await page.screenshot({ path: "test-results/screens/analytics-forecast.png", fullPage: true });

  await tab("Team").click();
  await expect(page.getByText("Collaboration rating")).toBeVisible();
  await expect(page.getByText(/Active|Getting Started/).first()).toBeVisible();
  await page.screenshot({ path: "test-results/screens/analytics-team.png", fullPage: true });

  await page.getByRole("button", { name: "Back to Projects" }).click();
  await expect(page.getByText("Select a Project to Analyze")).toBeVisible();
  await page.getByRole("button", { name: /Northwind BI Dashboards/ }).or(
    page.getByRole("option", { name: /Northwind BI Dashboards/ }),
  ).first().click();
  await expect(tab("Overview")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("heading", { name: "Northwind BI Dashboards" })).toBeVisible();
});

test("a failing data source leaves only its section empty", async ({ page }) => {
  await page.route(
    "**/projects/*/velocity",
    (route) => route.fulfill({ status: 503, body: "busy" }),
  );
  await signIn(page, "admin@acme.test", "/app/progress-analytics");
  await expect(page.getByRole("heading", { name: "Overall Progress" })).toBeVisible();
  await expect(page.getByText("Northwind ERP Rollout").first()).toBeVisible();
  await page.getByRole("tab", { name: "Velocity" }).click();
  await expect(page.getByText("API Error: 503", { exact: false }).first()).toBeVisible();
  await page.getByRole("tab", { name: "Burndown" }).click();
  await expect(page.getByRole("img", { name: /Remaining tasks/ })).toBeVisible();
});

test("the analytics dashboard switches period presets", async ({ page }) => {
  await signIn(page, "admin@acme.test", "/app/analytics-dashboard");
  await expect(page.getByText("Tasks completed", { exact: true })).toBeVisible();
  const request = page.waitForRequest((r) =>
    r.url().endsWith("/api/v1/analytics/dashboard") && r.postDataJSON().start_date
  );
  await page.getByRole("button", { name: "Last 7 days" }).click();
  const body = (await request).postDataJSON();
  const days = (Date.parse(body.end_date) - Date.parse(body.start_date)) / 86_400_000;
  expect(days).toBe(7);
  await expect(page.getByRole("img", { name: /Tasks created and completed per day/ }))
    .toBeVisible();
  // Counts by status arrive as an object; each status is a bar, named by its label.
  const byStatus = page.getByRole("img", { name: "Projects by status" });
  await expect(byStatus).toBeVisible();
  await expect(byStatus.locator(".chart-bar")).not.toHaveCount(0);
  await expect(page.getByRole("table", { name: "Projects by status" })).toContainText("Active");
  await page.screenshot({ path: "test-results/screens/analytics-dashboard.png", fullPage: true });
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  expect((await download).suggestedFilename()).toBe("analytics-dashboard.csv");
});
