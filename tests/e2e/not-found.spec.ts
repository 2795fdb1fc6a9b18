import { expect, test } from "@playwright/test";
import { signIn } from "./support.ts";

test("an unknown app path says Page not found, not Access Denied", async ({ page }) => {
  await signIn(page, "admin@acme.test");
  await page.goto("/app/no-such-page");
  await expect(page.getByRole("heading", { name: "Page not found" }).first()).toBeVisible();
  await expect(page.getByText("Access Denied")).toHaveCount(0);
});
