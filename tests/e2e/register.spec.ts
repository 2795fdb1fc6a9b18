/** Creating an account from the public registration page, then signing in with it. */
import { expect, test } from "@playwright/test";
import { submitSignIn } from "./support.ts";

test("a new account is created from /register and signs in with the chosen password", async ({ page }) => {
  const email = `rosa.${Date.now()}@initrode.test`;
  const password = "a-long-enough-password";
  await page.goto("/register");
  await page.getByLabel("First name").fill("Rosa");
  await page.getByLabel("Last name").fill("Diaz");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByLabel("Organization name").fill("Initrode Advisory");
  await page.getByRole("button", { name: "Create account" }).click();

  // The same message whether or not the email had an account.
  await expect(page.getByText("Sign in with your email and password.", { exact: false }))
    .toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await submitSignIn(page, email, password);
  await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
});
