/**
 * axe-core over every kind of staff screen (dashboard, list, form and
 * administration, analytics, settings) and the portal home, in the light and the
 * dark theme: no violations at the WCAG 2.1 AA rules.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { submitSignIn } from "./support.ts";

const SCREENS = [
  { path: "/app/dashboard", ready: "Open tasks" },
  { path: "/app/tasks", ready: "Every task of the organisation" },
  { path: "/app/users", ready: "Invite" },
  { path: "/app/organization-management", ready: "Search modules" },
  { path: "/app/project-progress-analytics", ready: "Select a Project to Analyze" },
  { path: "/app/settings", ready: "System Settings" },
];

async function violations(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return result.violations.map((v) => ({
    id: v.id,
    help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")}: ${n.failureSummary}`),
  }));
}

async function chooseTheme(page: Page, theme: "light" | "dark"): Promise<void> {
  await page.evaluate((t) => localStorage.setItem("theme", t), theme);
}

async function signInAs(page: Page, email: string, theme: "light" | "dark", entry: string) {
  await page.goto(entry);
  await chooseTheme(page, theme);
  await page.reload();
  await submitSignIn(page, email);
  await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
}

for (const theme of ["light", "dark"] as const) {
  for (const screen of SCREENS) {
    test(`${screen.path} has no axe violations in the ${theme} theme`, async ({ page }) => {
      await signInAs(page, "admin@acme.test", theme, `/login?next=${screen.path}`);
      await expect(page).toHaveURL(new RegExp(`${screen.path}$`));
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await expect(page.getByText(screen.ready, { exact: false }).first()).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  }

  test(`analytics tabs and the command palette have no axe violations in the ${theme} theme`, async ({ page }) => {
    test.setTimeout(120_000);
    await signInAs(page, "pm@acme.test", theme, "/login?next=/app/project-progress-analytics");
    await page.getByRole("button", { name: /Northwind ERP Rollout/ }).or(
      page.getByRole("option", { name: /Northwind ERP Rollout/ }),
    ).first().click();
    await expect(page.getByRole("heading", { name: "Overall Progress" })).toBeVisible();
    const found: Record<string, unknown> = {};
    for (const tab of ["Overview", "Velocity", "Forecast", "Team"]) {
      await page.getByRole("tab", { name: tab }).click();
      await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
      await page.waitForTimeout(500);
      const problems = await violations(page);
      if (problems.length > 0) found[tab] = problems;
    }
    await page.keyboard.press("Control+k");
    await expect(page.getByRole("dialog", { name: "Go to" })).toBeVisible();
    const palette = await violations(page);
    if (palette.length > 0) found["command palette"] = palette;
    expect(found).toEqual({});
  });

  test(`the portal home has no axe violations in the ${theme} theme`, async ({ page }) => {
    await signInAs(page, "client@northwind.test", theme, "/client-portal");
    await expect(page).toHaveURL(/\/client-portal\/dashboard$/);
    await expect(page.getByRole("cell", { name: "Northwind ERP Rollout" })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test(`the sign-in page has no axe violations in the ${theme} theme`, async ({ page }) => {
    await page.goto("/login");
    await chooseTheme(page, theme);
    await page.reload();
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
}
