import { expect, test } from "@playwright/test";
import { signIn } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

test("Ctrl+K opens the command palette and Enter goes to the module", async ({ page }) => {
  await signIn(page, "admin@acme.test");
  // Typed at once: what arrives while the palette's code loads is kept.
  await page.keyboard.press("Control+k");
  await page.keyboard.type("lead sources");
  const palette = page.getByRole("dialog", { name: "Go to" });
  await expect(palette.getByRole("combobox", { name: "Search modules, records and actions" }))
    .toBeFocused();
  await expect(palette.getByRole("combobox", { name: "Search modules, records and actions" }))
    .toHaveValue(
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
  await expect(page.getByRole("dialog", { name: "Go to" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Go to" })).toBeHidden();
});

for (
  const [size, viewport] of [
    ["desktop", { width: 1440, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const
) {
  test.describe(`at ${size} size`, () => {
    test.use({ viewport });

    test("Ctrl+K finds a record by its title and an action by its name", async ({ page }) => {
      await signIn(page, "finance@acme.test");
      await page.keyboard.press("Control+k");
      const palette = page.getByRole("dialog", { name: "Go to" });
      const search = palette.getByRole("combobox", { name: "Search modules, records and actions" });
      await expect(search).toBeFocused();
      await search.fill("northwind");
      const records = palette.getByRole("group", { name: "Records" });
      const client = records.getByRole("option").filter({ hasText: "Client" }).first();
      await expect(client).toContainText("Northwind");
      await expect(records.getByRole("option").filter({ hasText: "Northwind ERP Rollout" }))
        .toContainText("Project");
      await reviewShot(page, `${size}-palette-records`);
      await client.click();
      await expect(page).toHaveURL(/\/app\/clients\/[^/]+$/);
      await expect(page.getByRole("heading", { name: /Northwind/ }).first()).toBeVisible();

      await page.keyboard.press("Control+k");
      await search.fill("new inv");
      const action = palette.getByRole("group", { name: "Actions" }).getByRole("option", {
        name: "New invoice",
      });
      await expect(action).toHaveAttribute("aria-selected", "true");
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/app\/invoices\/new$/);
    });
  });
}

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
