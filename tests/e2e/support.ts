/** Shared steps of the browser flows. */
import { expect, type Page } from "@playwright/test";

/** The demo password of every seeded account. */
export const DEMO_PASSWORD = "demo-password";

/** The two sizes every user-facing flow is tried at: a desktop and a phone. */
export const SIZES = [
  { name: "desktop", viewport: { width: 1440, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
];

/** Fills the sign-in form on the current page and submits it. */
export async function submitSignIn(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Signs in from /login and waits for the shell (its user menu: at every width). */
export async function signIn(page: Page, email: string, landing = "/app/dashboard"): Promise<void> {
  await page.goto(`/login?next=${encodeURIComponent(landing)}`);
  await submitSignIn(page, email);
  await expect(page).toHaveURL(new RegExp(`${landing.replace(/[/?]/g, "\\$&")}$`));
  await expect(page.getByRole("button", { name: /^User menu for/ })).toBeVisible();
}

/** The sidebar's link to a module, by its name. */
export function sidebarLink(page: Page, name: string) {
  return page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", {
    name,
    exact: true,
  }).first();
}

/** On Organization Management, the modules table's row of the module `name`, found by searching. */
export async function moduleRow(page: Page, name: string) {
  await page.getByPlaceholder("Search modules", { exact: true }).fill(name);
  return page.getByRole("table").getByRole("row").filter({
    has: page.getByRole("cell", { name, exact: true }),
  });
}

/**
 * On Roles & Permissions, the box of `permission` in the permission matrix of the
 * role listed as `role` (picked first; the matrix then names it in its heading).
 */
export async function permissionBox(page: Page, role: string, permission: string) {
  await page.locator(".selectable-list").getByRole("button", { name: new RegExp(`^${role}`) })
    .click();
  await expect(page.getByRole("heading", { name: `Permissions of ${role}`, exact: true }))
    .toBeVisible();
  const escaped = permission.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return page.getByRole("checkbox", { name: new RegExp(`\\(${escaped}\\)$`) });
}
