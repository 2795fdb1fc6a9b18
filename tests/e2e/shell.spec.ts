import { expect, test } from "@playwright/test";
import { signIn } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

test("the help chatbot answers from its script and takes feedback", async ({ page }) => {
  await signIn(page, "pm@acme.test");
  await page.getByRole("button", { name: "Open Help Assistant" }).click();
  const chat = page.getByRole("complementary", { name: "Help Assistant" });
  const input = chat.getByLabel("Message");
  const send = chat.getByRole("button", { name: "Send" });
  await expect(send).toBeDisabled();
  await input.fill("How do I invite a user?");
  const feedback = page.waitForRequest((r) =>
    r.url().endsWith("/ui/chat-feedback") && r.method() === "POST"
  );
  await send.click();
  await expect(send).toBeDisabled();
  await expect(chat.getByText("User management needs administrator privileges", { exact: false }))
    .toBeVisible({ timeout: 5000 });
  await chat.getByRole("button", { name: "Helpful", exact: true }).last().click();
  const body = (await feedback).postDataJSON();
  expect(body.helpful).toBe(true);
  await input.focus();
  await page.keyboard.press("ArrowUp");
  await expect(input).toHaveValue("How do I invite a user?");
});

test("the contact form rejects bad input with field messages and accepts good input", async ({ page }) => {
  await page.goto("/contact");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Enter your name")).toBeVisible();
  await expect(page.getByText("Email is required")).toBeVisible();
  await page.getByLabel("Name").fill("Dana Reyes");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Message").fill("short");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Enter a valid email address")).toBeVisible();
  await expect(page.getByText("Tell us a little more (at least 10 characters)")).toBeVisible();
  await page.getByLabel("Email").fill("dana@example.com");
  await page.getByLabel("Message").fill("We would like to see the analytics module.");
  const stored = page.waitForResponse((r) => r.url().endsWith("/public/contact"));
  await page.getByRole("button", { name: "Send message" }).click();
  expect((await stored).status()).toBe(201);
  await expect(page.getByText("Thanks! Your message has been sent.")).toBeVisible();
});

test("the dashboard in light and dark", async ({ page }) => {
  await signIn(page, "admin@acme.test");
  await page.evaluate(() => localStorage.setItem("theme", "light"));
  await page.reload();
  await expect(page.getByText("Open tasks", { exact: true })).toBeVisible();
  await reviewShot(page, "dashboard-light", { fullPage: true });
  await page.evaluate(() => localStorage.setItem("theme", "dark"));
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await reviewShot(page, "dashboard-dark", { fullPage: true });
});
