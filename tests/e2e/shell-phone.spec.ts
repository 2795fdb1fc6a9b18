/**
 * Phones (390×844): every screen fits the width, the sidebar is a drawer closed on
 * load and after a navigation, Sign Out and the help chat are on screen.
 */
import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, hasTouch: true });

async function fitsTheWidth(page: Page): Promise<void> {
  const sizes = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: globalThis.innerWidth,
  }));
  expect(sizes.inner).toBe(PHONE.width);
  expect(sizes.scroll).toBeLessThanOrEqual(sizes.inner);
}

async function inView(page: Page, name: string): Promise<void> {
  const button = page.getByRole("button", { name });
  await expect(button).toBeInViewport({ ratio: 1 });
}

for (
  const [path, ready] of [
    ["/app/dashboard", "Open tasks"],
    ["/app/tasks", "Tasks"],
    ["/app/project-progress-analytics", "Select a Project to Analyze"],
  ] as const
) {
  test(`${path} fits a phone, with Sign Out and the chat in reach`, async ({ page }) => {
    await signIn(page, "admin@acme.test", path);
    await expect(page.getByText(ready, { exact: true }).first()).toBeVisible();
    const sidebar = page.getByRole("navigation", { name: "Main navigation" });
    await expect(sidebar).toBeHidden();
    await fitsTheWidth(page);
    await inView(page, "Open Help Assistant");
    await reviewShot(page, `", "-")}`);

    await page.getByRole("button", { name: /^User menu for/ }).click();
    await expect(page.getByRole("menuitem", { name: "Sign Out" })).toBeInViewport({ ratio: 1 });
    await page.keyboard.press("Escape");
  });
}

test("the phone sidebar opens from the header and closes after a link is tapped", async ({ page }) => {
  await signIn(page, "admin@acme.test");
  const sidebar = page.getByRole("navigation", { name: "Main navigation" });
  await expect(sidebar).toBeHidden();
  await page.getByRole("button", { name: "Expand sidebar" }).click();
  await expect(sidebar).toBeInViewport();
  await reviewShot(page, "phone-sidebar-open");
  await sidebar.getByRole("link", { name: "Tasks", exact: true }).first().click();
  await expect(page).toHaveURL(/\/app\/tasks$/);
  await expect(sidebar).toBeHidden();
  await page.reload();
  await expect(page.getByRole("button", { name: "Expand sidebar" })).toBeVisible();
  await expect(sidebar).toBeHidden();
});

test("the phone header's More menu reaches help and the theme", async ({ page }) => {
  await signIn(page, "admin@acme.test");
  await page.getByRole("button", { name: "More" }).click();
  await page.getByRole("menuitem", { name: "Switch to dark theme" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await fitsTheWidth(page);
});

test("every analytics tab of a project fits a phone", async ({ page }) => {
  await signIn(page, "pm@acme.test", "/app/project-progress-analytics");
  await page.getByRole("button", { name: /Northwind ERP Rollout/ }).or(
    page.getByRole("option", { name: /Northwind ERP Rollout/ }),
  ).first().click();
  await expect(page.getByRole("heading", { name: "Overall Progress" })).toBeVisible();
  for (const tab of ["Overview", "Velocity", "Burndown", "Forecast", "Team"]) {
    await page.getByRole("tab", { name: tab }).click();
    await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
    await page.waitForTimeout(300);
    await fitsTheWidth(page);
    await reviewShot(page, `phone-analytics-${tab}`, { fullPage: true });
  }
});
