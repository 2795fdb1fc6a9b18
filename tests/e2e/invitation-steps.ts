/** Steps of the invitation and password flows: creating invitations and opening emailed links. */
import { expect, type Page } from "@playwright/test";

/** The path and query of a link as mailed (its host is PUBLIC_URL, not the test server). */
export function appPathOf(link: string): string {
  const url = new URL(link);
  return url.pathname + url.search;
}

/** Invites a staff member from the admin users screen; returns the one-time link. */
export async function inviteStaff(admin: Page, email: string): Promise<string> {
  await admin.goto("/app/users");
  const form = admin.locator("form").filter({ hasText: "Create invitation" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("First name").fill("Robin");
  await form.getByLabel("Last name").fill("Newcomer");
  await form.getByLabel("Role").selectOption("member");
  await form.getByRole("button", { name: "Create invitation" }).click();
  const link = admin.locator(".form-result-value");
  await expect(link).toContainText("/accept-invitation?token=");
  return (await link.textContent())!;
}

/**
 * Opens an invitation link, enters a password (a new one, or the account's own when
 * the address has one) and lands on sign-in.
 */
export async function acceptInvitation(
  page: Page,
  link: string,
  password: string,
  organization = "Acme Consulting",
): Promise<void> {
  await page.goto(appPathOf(link));
  await expect(page.getByRole("heading", { name: "Welcome! Choose your password" })).toBeVisible();
  await expect(page.getByText(organization)).toBeVisible();
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Accept invitation" }).click();
  await expect(page).toHaveURL(/\/login$/);
}
