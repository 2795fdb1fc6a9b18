/**
 * Dark theme contrast: axe-core's color-contrast rule (4.5:1 for text, 3:1 for large
 * text) over the key screens in the dark theme, at desktop and phone size: lists,
 * new and saved record forms with their Delete button, the dashboards, the
 * settings' outgoing mail, the portal and the public pages.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { submitSignIn } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

/** Screens of an administrator; `:task` and `:invoice` are the first of their kind. */
const STAFF = [
  "/app/dashboard",
  "/app/invoices",
  "/app/invoices/new",
  "/app/invoices/:invoice",
  "/app/tasks/:task",
  "/app/expenses/new",
  "/app/budget-dashboard",
  "/app/finance-dashboard",
  "/app/notifications",
  "/app/settings",
];
const PORTAL = ["/client-portal/dashboard", "/client-portal/invoices"];
const PUBLIC = ["/", "/pricing", "/login", "/register"];

/** The contrast failures on the page, each with what fails and its figures. */
async function contrastFailures(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withRules(["color-contrast"]).analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => `${n.target.join(" ")}: ${n.any[0]?.message ?? n.failureSummary}`)
  );
}

async function settle(page: Page): Promise<void> {
  await expect(page.locator("main").first()).toBeVisible();
  await expect(page.locator("[aria-busy='true'], .skeleton, .record-loading")).toHaveCount(0, {
    timeout: 15_000,
  });
  await page.evaluate(() => document.fonts.ready);
  // Transitions (a toast, a hover colour) end before the colours are read.
  await page.waitForTimeout(400);
}

async function darkSignIn(page: Page, entry: string, email: string): Promise<void> {
  await page.goto(entry);
  await page.evaluate(() => localStorage.setItem("theme", "dark"));
  await page.reload();
  await submitSignIn(page, email);
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
}

/** The id of the first record of `type` the signed-in person may read. */
async function firstId(page: Page, type: string): Promise<string> {
  return await page.evaluate(async (t) => {
    const answer = await fetch(`/api/records/${t}/list`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${localStorage.getItem("access_token")}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ limit: 1 }),
    });
    return (await answer.json()).items[0].id as string;
  }, type);
}

async function walk(page: Page, paths: string[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await page.goto(path);
    await settle(page);
    const failures = await contrastFailures(page);
    if (failures.length > 0) found[path] = failures;
  }
  return found;
}

for (
  const [size, viewport] of [
    ["desktop", { width: 1440, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const
) {
  test.describe(`dark theme at ${size} size`, () => {
    test.use({ viewport });

    test("the staff screens keep 4.5:1 contrast, the Delete button too", async ({ page }) => {
      test.setTimeout(240_000);
      await darkSignIn(page, "/login", "admin@acme.test");
      await expect(page).toHaveURL(/\/app\/dashboard$/);
      const task = encodeURIComponent(await firstId(page, "task"));
      const invoice = encodeURIComponent(await firstId(page, "invoice"));
      const paths = STAFF.map((p) => p.replace(":task", task).replace(":invoice", invoice));
      const found = await walk(page, paths);

      // The task's form carries the danger button (Delete), so its colours were read too.
      await page.goto(`/app/tasks/${task}`);
      await expect(page.getByRole("button", { name: "Delete", exact: true })).toBeVisible();
      await reviewShot(page, `${size}-dark-task`);
      expect(found).toEqual({});
    });

    test("the portal and the public pages keep 4.5:1 contrast", async ({ page }) => {
      test.setTimeout(180_000);
      await page.goto("/");
      await page.evaluate(() => localStorage.setItem("theme", "dark"));
      const found = await walk(page, PUBLIC);
      await darkSignIn(page, "/client-portal", "client@northwind.test");
      await expect(page).toHaveURL(/\/client-portal\/dashboard$/);
      Object.assign(found, await walk(page, PORTAL));
      expect(found).toEqual({});
    });
  });
}
