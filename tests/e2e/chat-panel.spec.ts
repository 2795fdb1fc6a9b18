import { expect, test } from "@playwright/test";
import { signIn } from "./support.ts";

for (const path of ["/app/dashboard", "/app/tasks", "/app/project-progress-analytics"]) {
  test(`the help chat closes and minimises on ${path}`, async ({ page }) => {
    await signIn(page, "admin@acme.test", path);
    const chat = page.getByRole("complementary", { name: "Help Assistant" });
    await page.getByRole("button", { name: "Open Help Assistant" }).click();
    await expect(chat).toBeVisible();

    await chat.getByRole("button", { name: "Minimize Help Assistant" }).click();
    await expect(chat).toBeHidden();
    await expect(page.getByRole("button", { name: "Restore Help Assistant" })).toBeVisible();

    await page.getByRole("button", { name: "Restore Help Assistant" }).click();
    await expect(chat).toBeVisible();
    await chat.getByRole("button", { name: "Close Help Assistant" }).click();
    await expect(chat).toBeHidden();
    await expect(page.getByRole("button", { name: "Open Help Assistant" })).toBeVisible();
  });
}
