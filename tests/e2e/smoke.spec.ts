import { expect, test } from "@playwright/test";
import { sidebarLink, signIn } from "./support.ts";

test("the landing page renders from its descriptor and links to sign-in", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Run your whole firm in one place" }))
    .toBeVisible();
  await page.getByRole("button", { name: "Sign in" }).first().click();
  await expect(page).toHaveURL(/\/login$/);
});

test("the Acme admin signs in and sees the dashboard with figures from the database", async ({ page }) => {
  await signIn(page, "admin@acme.test");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  for (const label of ["Open tasks", "Active projects", "Overdue tasks", "Unread notifications"]) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(sidebarLink(page, "Users")).toBeVisible();
  await expect(page.getByText("Acme Consulting").first()).toBeVisible();
});
