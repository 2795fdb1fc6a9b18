import { expect, test } from "@playwright/test";
import { signIn } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

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

for (
  const [size, viewport] of [
    ["desktop", { width: 1440, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const
) {
  test.describe(`at ${size} size`, () => {
    test.use({ viewport });

    test("the help chat takes the keyboard when opened and closes with Escape", async ({ page }) => {
      await signIn(page, "admin@acme.test");
      const chat = page.getByRole("complementary", { name: "Help Assistant" });
      const launcher = page.getByRole("button", { name: "Open Help Assistant" });
      await launcher.click();
      const message = chat.getByRole("textbox", { name: "Message" });
      await expect(message).toBeFocused();
      await page.keyboard.type("How do I invite");
      await expect(message).toHaveValue("How do I invite");
      await reviewShot(page, `${size}-chat-open`);

      await page.keyboard.press("Escape");
      await expect(chat).toBeHidden();
      await expect(launcher).toBeFocused();
      // Reopened, the words typed are still there and the keyboard is back in the box.
      await page.keyboard.press("Enter");
      await expect(message).toBeFocused();
      await expect(message).toHaveValue("How do I invite");
    });
  });
}
