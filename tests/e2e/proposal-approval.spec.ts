/**
 * Internal approval and paper, at desktop and phone size: the administrator sees
 * Acme's approval thresholds under the proposals; a salesperson writes a proposal
 * with a line discounted beyond them, cannot send it, and asks for approval; the
 * administrator approves it and opens its printable page, with its lines and the
 * PDF download; the salesperson then sends it.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { signIn, SIZES } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

const RUN = Date.now().toString(36);

test.setTimeout(150_000);

function cell(form: Locator, label: string, row: number): Locator {
  return form.getByRole("textbox", { name: `${label} row ${row}`, exact: true })
    .or(form.getByRole("spinbutton", { name: `${label} row ${row}`, exact: true }));
}

/** The text a read-only value shows in the form, by its label. */
function shown(page: Page, label: string): Locator {
  return page.getByRole("form").getByText(label, { exact: true }).locator("..").first();
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test("a proposal over the thresholds is approved, printed, then sent", async ({ page, browser }) => {
      await signIn(page, "admin@acme.test", "/app/proposals");
      await expect(page.getByRole("heading", { name: "Approval thresholds" })).toBeVisible();
      const card = page.getByRole("main");
      await expect(card.getByLabel("Largest line discount allowed (%)")).toHaveValue("20");
      await expect(card.getByLabel("Largest total allowed")).toHaveValue("50000");
      await reviewShot(page, `proposal-thresholds-${size.name}`, { fullPage: true });

      const title = `Discounted ${size.name} ${RUN}`;
      const sales = await (await browser.newContext({ viewport: size.viewport })).newPage();
      await signIn(sales, "sales@acme.test", "/app/proposals/new");
      const form = sales.getByRole("form");
      await form.getByLabel("Title").fill(title);
      const client = form.getByRole("combobox", { name: "Client", exact: true });
      await client.fill("North");
      await sales.getByRole("option", { name: /^Northwind Traders/ }).first().click();
      await form.getByRole("button", { name: "Add row" }).click();
      await cell(form, "Section", 1).fill("Build");
      await cell(form, "Description", 1).fill("Platform build");
      await cell(form, "Quantity", 1).fill("4");
      await cell(form, "Rate", 1).fill("1000");
      await cell(form, "Discount %", 1).fill("25");
      await form.getByRole("button", { name: "Save", exact: true }).click();
      await expect(sales).toHaveURL(/\/app\/proposals\/edit\/(?!new)[^/]+$/);
      const saved = sales.getByRole("form");
      await expect(shown(sales, "Why approval")).toContainText("A discount of 25% is above 20%");
      await saved.getByRole("button", { name: "Ask for approval" }).click();
      await expect(saved.getByText("Awaiting approval", { exact: true }).first()).toBeVisible();
      await expect(saved.getByRole("button", { name: "Approve", exact: true })).toHaveCount(0);
      await reviewShot(sales, `proposal-awaiting-approval-${size.name}`, { fullPage: true });
      const path = new URL(sales.url()).pathname;

      await page.goto(path);
      const waiting = page.getByRole("form");
      await waiting.getByRole("button", { name: "Approve", exact: true }).click();
      const confirm = page.getByRole("alertdialog");
      if (await confirm.isVisible()) await confirm.getByRole("button", { name: "Approve" }).click();
      await expect(waiting.getByText("Approved", { exact: true }).first()).toBeVisible();
      await expect(shown(page, "Approved by")).toContainText("Alice Morgan");

      await page.getByRole("button", { name: "Printable proposal" }).click();
      await expect(page).toHaveURL(/\/app\/proposals\/print\/[^/]+$/);
      const paper = page.getByRole("article").or(page.locator(".printed-document")).first();
      await expect(paper.getByText("Proposal", { exact: true }).first()).toBeVisible();
      await expect(paper.getByText("Platform build")).toBeVisible();
      await expect(paper.getByText("Northwind Traders").first()).toBeVisible();
      // 4 × 1,000 less 25%.
      await expect(paper.getByText("3,000.00").first()).toBeVisible();
      await expect(page.getByRole("button", { name: "Download PDF" })).toBeVisible();
      await reviewShot(page, `proposal-printable-${size.name}`, { fullPage: true });

      await sales.reload();
      const approved = sales.getByRole("form");
      await approved.getByRole("button", { name: "Send", exact: true }).click();
      await sales.getByRole("alertdialog").getByRole("button", { name: "Send" }).click();
      await expect(approved.getByText("Sent", { exact: true }).first()).toBeVisible();
    });
  });
}
