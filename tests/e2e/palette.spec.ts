import { expect, test } from "@playwright/test";
import { signIn } from "./support.ts";

test("Ctrl+K opens the command palette and Enter goes to the module", async ({ page }) => {
  await signIn(page, "admin@acme.test");
  // Typed at once: what arrives while the palette's code loads is kept.
  await page.keyboard.press("Control+k");
  await page.keyboard.type("lead sources");
  const palette = page.getByRole("dialog", { name: "Go to module" });
  await expect(palette.getByRole("combobox", { name: "Search modules" })).toBeFocused();
  await expect(palette.getByRole("combobox", { name: "Search modules" })).toHaveValue(
    "lead sources",
  );
  await expect(palette.getByRole("option").first()).toContainText("Lead Sources");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/app\/lead-sources$/);
  await expect(palette).toBeHidden();
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  await expect(nav.locator("a[aria-current='page']").first()).toHaveAttribute(
    "href",
    "/app/lead-sources",
  );
  await expect(nav.locator("a[aria-current='page']:not([href='/app/lead-sources'])"))
    .toHaveCount(0);
});

test("/ opens the palette from the icon rail", async ({ page }) => {
  await signIn(page, "admin@acme.test");
  await page.getByRole("button", { name: "Collapse sidebar" }).first().click();
  await page.getByRole("link", { name: "Tasks", exact: true }).hover();
  await expect(page.locator(".rail-tooltip")).toHaveText("Tasks");
  await page.locator("body").click({ position: { x: 600, y: 300 } });
  await page.keyboard.press("/");
  await expect(page.getByRole("dialog", { name: "Go to module" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Go to module" })).toBeHidden();
});

test("the analytics screen keeps its project and tab across reload and Back", async ({ page }) => {
  await signIn(page, "pm@acme.test", "/app/project-progress-analytics");
  await page.getByRole("button", { name: /Northwind ERP Rollout/ }).or(
    page.getByRole("option", { name: /Northwind ERP Rollout/ }),
  ).first().click();
  const tab = (name: string) => page.getByRole("tab", { name });
  await tab("Burndown").click();
  await expect(page).toHaveURL(/projectId=.*tab=burndown|tab=burndown.*projectId=/);
  await page.reload();
  await expect(tab("Burndown")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("img", { name: /Remaining tasks/ })).toBeVisible();

  await tab("Forecast").click();
  await expect(tab("Forecast")).toHaveAttribute("aria-selected", "true");
  await page.goBack();
  await expect(tab("Burndown")).toHaveAttribute("aria-selected", "true");

  await page.goto("/app/dashboard");
  await page.goBack();
  await expect(tab("Burndown")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("heading", { name: "Northwind ERP Rollout" })).toBeVisible();
});
