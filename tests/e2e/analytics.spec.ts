import { expect, test } from "@playwright/test";
import { signIn } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

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
  await reviewShot(page, "analytics-overview", { fullPage: true });

  await tab("Velocity").click();
  await expect(page.getByText("Current velocity (points per sprint)")).toBeVisible();
  await expect(page.getByRole("img", { name: /Velocity history/ })).toBeVisible();
  await reviewShot(page, "analytics-velocity", { fullPage: true });

  await tab("Burndown").click();
  await expect(page.getByRole("img", { name: /Remaining tasks/ })).toBeVisible();
  await expect(page.getByText("Sprint tasks completed")).toBeVisible();
  await reviewShot(page, "analytics-burndown", { fullPage: true });

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
  await reviewShot(page, "analytics-forecast", { fullPage: true });

  await tab("Team").click();
  await expect(page.getByText("Collaboration rating")).toBeVisible();
  await expect(page.getByText(/Active|Getting Started/).first()).toBeVisible();
  await reviewShot(page, "analytics-team", { fullPage: true });

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
  await reviewShot(page, "analytics-dashboard", { fullPage: true });
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  expect((await download).suggestedFilename()).toBe("analytics-dashboard.csv");
});

test("every tab shows the same progress, completion rates, trend and schedule status", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, "admin@acme.test", "/app/project-progress-analytics");
  const pick = async (name: string) => {
    await page.getByRole("button", { name: new RegExp(name) }).or(
      page.getByRole("option", { name: new RegExp(name) }),
    ).first().click();
    await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
  };
  const tab = (name: string) => page.getByRole("tab", { name });
  const card = (title: string) =>
    page.locator(".card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
  const stat = (label: string) =>
    page.locator(".stat").filter({ hasText: label }).locator(".stat-value").first();

  await pick("Northwind ERP Rollout");
  const progress = (await card("Overall Progress").locator(".badge").first().innerText()).trim();
  expect(progress).toMatch(/^\d+(\.\d)?%$/);
  await expect(card("Progress analysis")).toContainText(`Overall progress${progress}`);
  await expect(card("Health factors")).toContainText(`Completion rate${progress}`);
  await reviewShot(page, "analytics-figures-overview", { fullPage: true });

  await tab("Velocity").click();
  const current = Number(await stat("Current velocity").innerText());
  const average = Number(await stat("Average velocity").innerText());
  const trend = current > average * 1.1
    ? "Improving"
    : current < average * 0.9
    ? "Declining"
    : "Stable";
  await expect(page.locator(".trend-value").first()).toHaveText(trend);
  await reviewShot(page, "analytics-figures-velocity", { fullPage: true });

  await tab("Forecast").click();
  await expect(stat("Current progress")).toHaveText(progress);
  const estimated = await stat("Estimated completion").innerText();
  await expect(card("Realistic").locator(".stat-value")).toHaveText(estimated);
  await reviewShot(page, "analytics-figures-forecast", { fullPage: true });

  await tab("Team").click();
  const rows = page.getByRole("tabpanel").getByRole("table").first().getByRole("row");
  await expect(rows.nth(1)).toBeVisible();
  for (const row of await rows.all()) {
    const cells = await row.getByRole("cell").allInnerTexts();
    if (cells.length < 4) continue;
    const [total, done, rate] = [Number(cells[1]), Number(cells[2]), cells[3]];
    if (done === 0) continue;
    expect(rate).toBe(`${Math.round((1000 * done) / total) / 10}%`);
  }
  await reviewShot(page, "analytics-figures-team", { fullPage: true });

  await page.getByRole("button", { name: "Back to Projects" }).click();
  await pick("Tailspin Brand Refresh");
  await expect(card("Timeline").getByText("Completed", { exact: true })).toBeVisible();
  await tab("Forecast").click();
  await expect(stat("Completion probability")).toHaveText("100%");
  await expect(card("Timeline context").getByText("Completed", { exact: true })).toBeVisible();
  await expect(page.getByText("Delayed", { exact: true })).toHaveCount(0);
  await reviewShot(page, "analytics-figures-completed", { fullPage: true });
});
