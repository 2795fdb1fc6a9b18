/**
 * An editable child table (an invoice's lines) on a phone and on a desktop: at
 * 390 px its rows stack as cards, each value under its column's name and the page
 * no wider than the screen; at 1440 px it stays a table, a row on one line.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { signIn } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

function cell(form: Locator, label: string, row: number): Locator {
  return form.getByRole("textbox", { name: `${label} row ${row}`, exact: true })
    .or(form.getByRole("spinbutton", { name: `${label} row ${row}`, exact: true }));
}

async function newInvoiceWithTwoLines(page: Page): Promise<Locator> {
  await signIn(page, "finance@acme.test", "/app/invoices/new");
  const form = page.getByRole("form");
  for (
    const [row, text, quantity, rate] of [[1, "Discovery workshop", "2", "1200"], [
      2,
      "Travel",
      "1",
      "88.88",
    ]] as const
  ) {
    await form.getByRole("button", { name: "Add row" }).click();
    await cell(form, "Description", row).fill(text);
    await cell(form, "Quantity", row).fill(quantity);
    await cell(form, "Rate", row).fill(rate);
  }
  return form;
}

async function documentWidth(page: Page): Promise<number> {
  return await page.evaluate(() => document.documentElement.scrollWidth);
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("an invoice's lines stack as cards and the page fits the screen", async ({ page }) => {
    const form = await newInvoiceWithTwoLines(page);
    const lines = form.getByRole("table", { name: "Lines" });
    expect(await documentWidth(page)).toBeLessThanOrEqual(390);

    const description = (await cell(form, "Description", 1).boundingBox())!;
    const quantity = (await cell(form, "Quantity", 1).boundingBox())!;
    const rate = (await cell(form, "Rate", 1).boundingBox())!;
    // Each value is under the last, quantity and rate side by side, all on screen.
    expect(quantity.y).toBeGreaterThan(description.y + description.height);
    expect(Math.abs(rate.y - quantity.y)).toBeLessThan(2);
    expect(rate.x + rate.width).toBeLessThanOrEqual(390);
    // The column's name is drawn above its value.
    const shownName = await cell(form, "Quantity", 1).evaluate((input) =>
      getComputedStyle(input.closest("td")!, "::before").content
    );
    expect(shownName).toBe('"Quantity"');
    await expect(lines.getByRole("button", { name: "Remove row 2" })).toBeInViewport();
    await expect(lines.locator("tfoot")).toContainText("2,488.88");
    await reviewShot(page, "phone-invoice-lines", { fullPage: true });

    await lines.getByRole("button", { name: "Remove row 1" }).click();
    await expect(cell(form, "Description", 1)).toHaveValue("Travel");
    expect(await documentWidth(page)).toBeLessThanOrEqual(390);
  });
});

test.describe("on a desktop", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("an invoice's lines stay a table with a row on one line", async ({ page }) => {
    const form = await newInvoiceWithTwoLines(page);
    const lines = form.getByRole("table", { name: "Lines" });
    await expect(lines.getByRole("columnheader", { name: "Quantity" })).toBeVisible();
    const description = (await cell(form, "Description", 1).boundingBox())!;
    const quantity = (await cell(form, "Quantity", 1).boundingBox())!;
    expect(Math.abs(quantity.y - description.y)).toBeLessThan(2);
    expect(quantity.x).toBeGreaterThan(description.x + description.width);
    await reviewShot(page, "desktop-invoice-lines");
  });
});
