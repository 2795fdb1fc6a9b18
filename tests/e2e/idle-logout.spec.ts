import { expect, test } from "@playwright/test";
import { submitSignIn } from "./support.ts";

// This server runs with IDLE_TIMEOUT_SECONDS=12 and IDLE_WARNING_SECONDS=8.
const base = process.env.E2E_SHORT_URL!;

test("an idle session shows the warning, 'Stay Logged In' keeps it, and it ends on its own", async ({ page }) => {
  await page.goto(`${base}/login`);
  await submitSignIn(page, "finance@acme.test");
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  const dialog = page.getByRole("alertdialog", { name: "Are you still there?" });
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  await dialog.getByRole("button", { name: "Stay Logged In" }).click();
  await expect(dialog).toBeHidden();
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  await expect(page).toHaveURL(/\/login/, { timeout: 15_000 });
  expect(await page.evaluate(() => localStorage.getItem("access_token"))).toBeNull();
  await expect(page.getByText("You were signed out after 12 seconds without activity."))
    .toBeVisible();
});

test("'Logout Now' signs out at once", async ({ page }) => {
  await page.goto(`${base}/login`);
  await submitSignIn(page, "finance@acme.test");
  const dialog = page.getByRole("alertdialog", { name: "Are you still there?" });
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  await dialog.getByRole("button", { name: "Logout Now" }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText(/without activity/)).toHaveCount(0);
});
