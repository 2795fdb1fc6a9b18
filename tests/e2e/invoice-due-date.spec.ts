/**
 * An invoice's due date as a finance user meets it, on a desktop and on a phone:
 * once the client is picked it is the issue date plus the client's payment terms
 * (Northwind's 30 days) and follows the issue date as it changes; changed by hand,
 * it stays where it was put, and the saved invoice keeps it.
 */
import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

async function dueDateFollowsThenStays(page: Page, size: string): Promise<void> {
  await signIn(page, "finance@acme.test", "/app/invoices/new");
  const form = page.getByRole("form");
  const issue = form.getByRole("textbox", { name: "Issue date", exact: true });
  const due = form.getByRole("textbox", { name: "Due date", exact: true });
  await expect(due).toBeEditable();

  const client = form.getByRole("combobox", { name: "Client", exact: true });
  await client.fill("North");
  await page.getByRole("option", { name: /^Northwind Traders/ }).first().click();
  await expect(client).toHaveValue("Northwind Traders");
  await issue.fill("2026-03-01");
  await expect(due).toHaveValue("2026-03-31");
  await issue.fill("2026-03-10");
  await expect(due).toHaveValue("2026-04-09");
  await reviewShot(page, `invoice-due-date-${size}`, { fullPage: true });

  await due.fill("2026-04-30");
  await issue.fill("2026-03-12");
  await expect(due).toHaveValue("2026-04-30");

  await form.getByRole("button", { name: "Add row" }).click();
  await form.getByRole("textbox", { name: "Description row 1", exact: true }).fill("Audit");
  await form.getByRole("spinbutton", { name: "Rate row 1", exact: true }).fill("500");
  await form.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(/\/app\/invoices\/(?!new)[^/]+$/);
  await expect(page.getByRole("form").getByText(/^INV-\d{4}-\d{5}$/)).toBeVisible();

  await page.reload();
  const saved = page.getByRole("form");
  await expect(saved.getByRole("textbox", { name: "Issue date", exact: true })).toHaveValue(
    "2026-03-12",
  );
  await expect(saved.getByRole("textbox", { name: "Due date", exact: true })).toHaveValue(
    "2026-04-30",
  );
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test.describe("on a desktop", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("the due date follows the issue date until changed by hand, and is saved as changed", async ({ page }) => {
    await dueDateFollowsThenStays(page, "desktop");
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("the due date follows the issue date until changed by hand, and is saved as changed", async ({ page }) => {
    await dueDateFollowsThenStays(page, "phone");
  });
});
