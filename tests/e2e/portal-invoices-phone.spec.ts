/**
 * The portal's invoices on a phone and on a desktop: at 390 px each invoice is a
 * card whose total, status and Download come first, on screen without sliding
 * sideways; at 1440 px they stay a table with its columns in order.
 */
import { expect, type Page, test } from "@playwright/test";
import { submitSignIn } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

async function openInvoices(page: Page) {
  await page.goto("/client-portal");
  await submitSignIn(page, "client@northwind.test");
  await expect(page).toHaveURL(/\/client-portal\/dashboard$/);
  await page.getByRole("navigation", { name: "Portal navigation" }).getByRole("link", {
    name: "Invoices",
  }).click();
  const first = page.getByRole("main").getByRole("row").filter({ hasText: /INV-/ }).first();
  await expect(first).toBeVisible();
  return first;
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("each invoice shows its total, status and Download first", async ({ page }) => {
    const card = await openInvoices(page);
    const total = card.locator("td[data-label='Total']");
    const status = card.locator("td[data-label='Status']");
    const download = card.getByRole("button", { name: "Download PDF" });
    const issued = card.locator("td[data-label='Issued']");
    for (const shown of [total, status, download]) {
      await expect(shown).toBeInViewport({ ratio: 1 });
    }
    const below = async (upper: typeof total, lower: typeof total) =>
      expect((await lower.boundingBox())!.y).toBeGreaterThan((await upper.boundingBox())!.y);
    await below(total, download);
    await below(download, issued);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await reviewShot(page, "phone-portal-invoices");

    const file = page.waitForEvent("download");
    await download.click();
    expect((await file).suggestedFilename()).toMatch(/^INV-.*\.pdf$/);
  });
});

test.describe("on a desktop", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("the invoices are a table with every column in view", async ({ page }) => {
    const row = await openInvoices(page);
    const headers = page.getByRole("main").getByRole("columnheader");
    await expect(headers).toHaveText([
      /Invoice/,
      /Issued/,
      /Due/,
      "Total",
      "Outstanding",
      "Status",
      "Actions",
    ]);
    await expect(row.getByRole("button", { name: "Download PDF" })).toBeInViewport({ ratio: 1 });
    await reviewShot(page, "desktop-portal-invoices");
  });
});
