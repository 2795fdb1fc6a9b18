/**
 * Errors in the user's words, at desktop and phone width: an expense line saved
 * without a date is refused with "Line 1: Date is required" in its grid cell (and
 * focused there); a line is dated today and takes its own receipt; a submitted
 * claim reads as read-only to its claimant, saying why, while its approver may
 * change only the sanctioned amounts. A lead import names the file's own column
 * headings, offers its template and columns, and its failed rows download as a CSV
 * with an "Error" column.
 */
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

/** A run-unique word, so this run's records are found in a seeded database. */
const RUN = Date.now().toString(36);

const SIZES = [
  { name: "desktop", viewport: { width: 1440, height: 900 }, hasTouch: false },
  { name: "phone", viewport: { width: 390, height: 844 }, hasTouch: true },
];

/** Picks `title` in the link type-ahead labelled `label`, typing `text` first. */
async function pickLink(page: Page, label: string, text: string, title: string): Promise<void> {
  const box = page.getByRole("combobox", { name: label, exact: true });
  await box.fill(text);
  await page.getByRole("option", { name: new RegExp(`^${title}`) }).first().click();
  await expect(box).toHaveValue(title);
}

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport, hasTouch: size.hasTouch });

    test("a bad expense line is named at its cell, and a submitted claim reads read-only", async ({ page, browser }) => {
      await signIn(page, "pm@acme.test", "/app/expenses/new");
      const form = page.getByRole("form");
      const purpose = `Site visit ${size.name} ${RUN}`;
      await form.getByRole("textbox", { name: "Purpose", exact: true }).fill(purpose);
      await pickLink(page, "Approver", "Frank", "Frank Chen");
      await form.getByRole("button", { name: "Add row" }).click();
      const lines = form.getByRole("table", { name: "Expenses" });
      const date = lines.getByLabel("Date row 1");
      const today = await page.evaluate(() => {
        const now = new Date();
        const pad = (n: number) => String(n).padStart(2, "0");
        return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
      });
      await expect(date).toHaveValue(today);
      await date.fill("");
      await lines.getByLabel("Category row 1").selectOption({ label: "Travel" });
      await lines.getByLabel("Amount row 1").fill("86.40");
      await form.getByRole("button", { name: "Save", exact: true }).click();

      const cell = lines.locator("td").filter({ has: page.getByLabel("Date row 1") });
      await expect(cell).toContainText("Line 1: Date is required");
      await expect(date).toBeFocused();
      await expect(date).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByText("lines[0]")).toHaveCount(0);
      await reviewShot(page, `errors-line-date-${size.name}`);

      await date.fill("2026-11-02");
      await expect(cell).not.toContainText("Date is required");
      await lines.getByLabel("Receipt row 1").setInputFiles({
        name: "taxi-receipt.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("%PDF-1.4 taxi receipt\n"),
      });
      await expect(lines.getByText("taxi-receipt.pdf")).toBeVisible();
      await form.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page).toHaveURL(/\/app\/expenses\/(?!new)[^/]+$/);
      const saved = page.getByRole("form");
      await saved.getByRole("button", { name: "Submit", exact: true }).click();
      await expect(saved.getByText("Submitted", { exact: true }).first()).toBeVisible();
      await expect(saved.getByText("Only a draft can be changed: this expense claim is submitted."))
        .toBeVisible();
      await expect(saved.getByRole("button", { name: "Save", exact: true })).toHaveCount(0);
      await expect(saved.getByRole("textbox", { name: "Purpose" })).toHaveCount(0);
      const readLines = saved.getByRole("table", { name: "Expenses" });
      await expect(readLines.getByRole("textbox")).toHaveCount(0);
      await expect(saved.getByRole("button", { name: "Add row" })).toHaveCount(0);
      const downloading = page.waitForEvent("download");
      await readLines.getByRole("button", { name: "Download Receipt row 1" }).click();
      const receipt = await downloading;
      expect(await readFile((await receipt.path())!, "utf8")).toBe("%PDF-1.4 taxi receipt\n");
      await reviewShot(page, `errors-submitted-claimant-${size.name}`);

      const path = new URL(page.url()).pathname;
      const approverContext = await browser.newContext({
        viewport: size.viewport,
        hasTouch: size.hasTouch,
      });
      try {
        const approver = await approverContext.newPage();
        await signIn(approver, "finance@acme.test", path);
        const review = approver.getByRole("form");
        await expect(review.getByRole("heading", { name: purpose })).toBeVisible();
        await expect(
          review.getByText(
            "Only a draft can be changed: this expense claim is submitted. Only the fields still open can be changed.",
          ),
        ).toBeVisible();
        const reviewLines = review.getByRole("table", { name: "Expenses" });
        await expect(reviewLines.getByLabel("Sanctioned row 1")).toBeEditable();
        await expect(reviewLines.getByLabel("Amount row 1")).toHaveCount(0);
        await expect(reviewLines).toContainText("86.40");
        await expect(review.getByRole("textbox", { name: "Purpose" })).toHaveCount(0);
        await reviewShot(approver, `errors-submitted-approver-${size.name}`);
      } finally {
        await approverContext.close();
      }
    });

    test("a bad lead import names the file's columns, and its failed rows download to fix", async ({ page }) => {
      await signIn(page, "admin@acme.test", "/app/leads");
      await page.getByRole("button", { name: "Import", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Import Leads" });

      const template = page.waitForEvent("download");
      await dialog.getByRole("button", { name: "Download template" }).click();
      const templateFile = await template;
      expect(templateFile.suggestedFilename()).toBe("leads-import-template.csv");
      const [heading, example] = (await readFile((await templateFile.path())!, "utf8"))
        .replace(/^\uFEFF/, "").split("\r\n");
      expect(heading).toContain("Contact name");
      expect(heading).toContain("Estimated value");
      expect(example).not.toBe("");

      await dialog.getByText(/^Columns \(\d+\)$/).click();
      const stage = dialog.getByRole("row").filter({
        has: page.getByRole("rowheader", { name: "Stage", exact: true }),
      });
      await expect(stage).toContainText("New, Contacted, Qualified, Proposal sent, Won, Lost");
      await expect(
        dialog.getByRole("row").filter({
          has: page.getByRole("rowheader", { name: "Contact name", exact: true }),
        }),
      ).toContainText("Required");

      const csv = "Contact name,Source,Stage,Estimated value\r\n" +
        `Ada ${RUN},Website,New,1200\r\n` +
        `Bob ${RUN},Website,Won,lots\r\n`;
      await dialog.getByLabel("CSV file").setInputFiles({
        name: "leads.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(csv, "utf8"),
      });
      await dialog.getByRole("button", { name: "Check file" }).click();
      const result = dialog.locator(".import-errors");
      await expect(result).toContainText("1 problem found in 1 row; nothing was imported.");
      await expect(result.getByRole("row").nth(1)).toHaveText(
        '3Estimated valueEstimated value: "lots" is not a number',
      );
      await expect(result).not.toContainText("estimated_value");
      await reviewShot(page, `errors-import-${size.name}`);

      const failed = page.waitForEvent("download");
      await dialog.getByRole("button", { name: "Download failed rows" }).click();
      const failedFile = await failed;
      expect(failedFile.suggestedFilename()).toBe("leads-failed-rows.csv");
      const rows = (await readFile((await failedFile.path())!, "utf8")).replace(/^\uFEFF/, "")
        .split("\r\n").filter((line) => line !== "");
      expect(rows).toEqual([
        "Contact name,Source,Stage,Estimated value,Error",
        `Bob ${RUN},Website,Won,lots,"Estimated value: ""lots"" is not a number"`,
      ]);
    });
  });
}
