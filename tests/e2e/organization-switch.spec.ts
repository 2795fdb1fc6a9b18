import { expect, test } from "@playwright/test";
import { signIn } from "./support.ts";

test("an admin switches to another organisation from the header and back", async ({ page }) => {
  await signIn(page, "admin@acme.test");
  const switcher = page.getByRole("button", { name: /^Switch organization:/ });
  await expect(switcher).toHaveAccessibleName("Switch organization: Acme Consulting");
  await switcher.click();
  await expect(page.getByRole("menuitemradio", { name: /Acme Consulting/ })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await page.getByRole("menuitemradio", { name: /Globex Partners/ }).click();
  await expect(switcher).toHaveAccessibleName("Switch organization: Globex Partners");
  // In Globex she is a member only: the sidebar follows the new organisation.
  await expect(
    page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", {
      name: "Users",
      exact: true,
    }),
  ).toHaveCount(0);

  await switcher.click();
  await page.getByRole("menuitemradio", { name: /Acme Consulting/ }).click();
  await expect(switcher).toHaveAccessibleName("Switch organization: Acme Consulting");
  await expect(
    page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", {
      name: "Users",
      exact: true,
    }).first(),
  ).toBeVisible();
});

test("after a switch the open screen is checked again for the new organisation", async ({ page }) => {
  await signIn(page, "admin@acme.test", "/app/users");
  await page.getByRole("button", { name: /^Switch organization:/ }).click();
  await page.getByRole("menuitemradio", { name: /Globex Partners/ }).click();
  await expect(page.getByText(/administrator|permission|not allowed/i).first()).toBeVisible();
  await page.getByRole("button", { name: /^Switch organization:/ }).click();
  await page.getByRole("menuitemradio", { name: /Acme Consulting/ }).click();
  await expect(page.getByRole("button", { name: /^Switch organization:/ })).toHaveAccessibleName(
    "Switch organization: Acme Consulting",
  );
});
