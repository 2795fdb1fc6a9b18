import { expect, type Page, test } from "@playwright/test";
import { submitSignIn } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

async function signInToPortal(page: Page): Promise<void> {
  await page.goto("/client-portal");
  await submitSignIn(page, "client@northwind.test");
  await expect(page).toHaveURL(/\/client-portal\/dashboard$/);
}

async function expectNoStaffChrome(page: Page): Promise<void> {
  const nav = page.getByRole("navigation", { name: "Portal navigation" });
  await expect(nav.getByRole("link", { name: "Your projects" })).toBeVisible();
  await expect(page.getByText("Northwind Traders").first()).toBeVisible();
  await expect(page.getByText("Pro Plan Active")).toHaveCount(0);
  await expect(page.getByRole("searchbox")).toHaveCount(0);
  await expect(page.getByPlaceholder(/Search modules/)).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Expand all|Collapse all/ })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Main navigation" })).toHaveCount(0);
}

test("the portal sign-in page promises only what the portal offers", async ({ page }) => {
  await page.goto("/client-portal");
  await expect(page.getByRole("heading", { name: "Client Portal" })).toBeVisible();
  await expect(page.getByText(/progress and milestones/)).toBeVisible();
  await expect(page.getByText(/proposals|invoices/i)).toHaveCount(0);
});

test("the portal home has the portal's own frame, with no staff chrome", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInToPortal(page);
  await expectNoStaffChrome(page);
  await expect(page.getByRole("cell", { name: "Northwind ERP Rollout" })).toBeVisible();
  await reviewShot(page, `home-desktop`, { fullPage: true });
});

test("on a 390 px phone the portal frame fits and Sign Out is reachable", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInToPortal(page);
  await expectNoStaffChrome(page);
  await expect(page.getByRole("cell", { name: "Northwind ERP Rollout" })).toBeVisible();
  await reviewShot(page, `home-phone`, { fullPage: true });
  const scroll = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  // Wide tables scroll inside their own box, never the page.
  expect(scroll.width).toBeLessThanOrEqual(scroll.viewport);
  // Every menu entry is in sight, none cut off at the edge.
  const links = page.getByRole("navigation", { name: "Portal navigation" }).getByRole("link");
  expect(await links.count()).toBeGreaterThanOrEqual(4);
  for (const link of await links.all()) {
    const box = (await link.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await page.getByRole("button", { name: /User menu/ }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/client-portal$/);
});

test("Help opens the portal's own help page with the firm's contact", async ({ page }) => {
  await signInToPortal(page);
  await page.getByRole("link", { name: "Help", exact: true }).click();
  await expect(page).toHaveURL(/\/client-portal\/help$/);
  await expect(page.getByRole("heading", { name: "Reach the firm" })).toBeVisible();
  await expect(page.getByText("Acme Consulting").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Send a message" })).toBeVisible();
  await reviewShot(page, `help-desktop`, { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await reviewShot(page, `help-phone`, { fullPage: true });
});

test("upcoming milestones leave out completed ones, and the schedule says what it means", async ({ page }) => {
  await signInToPortal(page);
  const upcoming = page.locator(".card").filter({
    has: page.getByRole("heading", { name: "Upcoming milestones" }),
  });
  await expect(upcoming.getByRole("listitem").first()).toBeVisible();
  await expect(upcoming.getByText("Completed", { exact: true })).toHaveCount(0);
  await expect(upcoming.getByText(/^(To do|In progress|In review|Blocked)$/).first())
    .toBeVisible();

  await page.getByRole("cell", { name: "Northwind ERP Rollout" }).click();
  await expect(page).toHaveURL(/\/client-portal\/projects\/prj_northwind_erp$/);
  const schedule = page.locator(".stat").filter({ hasText: "Schedule" });
  await expect(schedule).toContainText(/On schedule|Behind schedule/);
  await expect(schedule).not.toContainText(/true|false/);
});
