/**
 * Invoices as people use them: a finance user fills an invoice with three lines
 * (discount, added tax, included tax) and watches the totals follow the typing,
 * saves and submits it, and downloads its PDF, whose text says what the invoice
 * says; the Northwind portal user downloads one of their invoices.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { signIn, submitSignIn } from "./support.ts";
import { pdfText } from "../../server/testing/pdf-text.ts";

async function pickLink(scope: Locator, label: string, text: string, title: string) {
  const box = scope.getByRole("combobox", { name: label, exact: true });
  await box.fill(text);
  await scope.page().getByRole("option", { name: new RegExp(`^${title}`) }).first().click();
  await expect(box).toHaveValue(title);
}

/** The text a read-only total shows in the form. */
function total(page: Page, label: string): Locator {
  return page.getByRole("form").getByText(label, { exact: true }).locator("..");
}

test("an invoice's totals follow the typing; submitted, its PDF says what it says", async ({ page }) => {
  await signIn(page, "finance@acme.test");
  await page.goto("/app/invoices/new");
  const form = page.getByRole("form");
  await pickLink(form, "Client", "North", "Northwind Traders");
  const cell = (label: string, row: number) =>
    form.getByRole("textbox", { name: `${label} row ${row}`, exact: true })
      .or(form.getByRole("spinbutton", { name: `${label} row ${row}`, exact: true }));

  await form.getByRole("button", { name: "Add row" }).click();
  await cell("Description", 1).fill("Discovery workshop");
  await cell("Quantity", 1).fill("2");
  await cell("Rate", 1).fill("1200");
  await expect(total(page, "Grand total")).toContainText("2,400.00");
  await cell("Discount %", 1).fill("10");
  await expect(total(page, "Grand total")).toContainText("2,160.00");
  await pickLink(form, "Tax rate row 1", "VAT 20%", "VAT 20%");
  await expect(total(page, "Grand total")).toContainText("2,592.00");

  await form.getByRole("button", { name: "Add row" }).click();
  await cell("Description", 2).fill("Dashboard licence");
  await cell("Quantity", 2).fill("3");
  await cell("Rate", 2).fill("45");
  await pickLink(form, "Tax rate row 2", "included", "VAT 20% included");
  await expect(total(page, "Grand total")).toContainText("2,727.00");

  await form.getByRole("button", { name: "Add row" }).click();
  await cell("Description", 3).fill("Travel");
  await cell("Quantity", 3).fill("1");
  await cell("Rate", 3).fill("88.88");
  await expect(total(page, "Net total")).toContainText("2,361.38");
  await expect(total(page, "Tax total")).toContainText("454.50");
  await expect(total(page, "Grand total")).toContainText("2,815.88");

  await form.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(/\/app\/invoices\/(?!new)[^/]+$/);
  const saved = page.getByRole("form");
  await expect(saved.getByText(/^INV-\d{4}-\d{5}$/)).toBeVisible();
  await expect(total(page, "Grand total")).toContainText("2,815.88");
  await saved.getByRole("button", { name: "Submit", exact: true }).click();
  await page.getByRole("alertdialog", { name: "Submit invoice" })
    .getByRole("button", { name: "Submit invoice" }).click();
  await expect(saved.getByText("Unpaid", { exact: true }).first()).toBeVisible();
  const name = (await saved.getByText(/^INV-\d{4}-\d{5}$/).first().textContent())!.trim();

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download PDF" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${name}.pdf`);
  const bytes = new Uint8Array(
    await (await file.createReadStream()).toArray().then((c) => Buffer.concat(c)),
  );
  // The PDF's words (a long text wraps onto lines of its own).
  const text = pdfText(bytes).join(" ").replace(/\s+/g, " ");
  for (
    const expected of [
      name,
      "Northwind Traders",
      "Discovery workshop",
      "Travel",
      "$2,815.88",
      "Unpaid",
    ]
  ) {
    expect(text).toContain(expected);
  }

  // The printable invoice says the same, and offers the browser's print.
  await page.getByRole("button", { name: "Printable invoice" }).click();
  await expect(page).toHaveURL(/\/app\/invoices\/print\/[^/]+$/);
  await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
  await expect(page.getByText("Northwind Traders", { exact: true })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Discovery workshop" })).toBeVisible();
  // Grand total and outstanding: nothing is paid yet.
  await expect(page.getByText("$2,815.88", { exact: true })).toHaveCount(2);
  await expect(page.getByRole("button", { name: "Print", exact: true })).toBeVisible();
});

test("the portal user downloads their invoice", async ({ page }) => {
  await page.goto("/client-portal");
  await submitSignIn(page, "client@northwind.test");
  await page.getByRole("navigation", { name: "Portal navigation" }).getByRole("link", {
    name: "Invoices",
  }).click();
  const first = page.getByRole("row").filter({ hasText: /INV-\d{4}-\d{5}/ }).first();
  await expect(first).toBeVisible();
  const name = (await first.getByText(/^INV-\d{4}-\d{5}$/).textContent())!.trim();
  const download = page.waitForEvent("download");
  await first.getByRole("button", { name: "Download PDF" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${name}.pdf`);
  const bytes = new Uint8Array(
    await (await file.createReadStream()).toArray().then((c) => Buffer.concat(c)),
  );
  const text = pdfText(bytes);
  expect(text).toContain(name);
  expect(text).toContain("Northwind Traders");
});
