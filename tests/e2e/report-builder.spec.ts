/**
 * The report builder in the browser, at desktop and phone size: the administrator
 * builds invoices by client and month with a bar chart, saves it, shares it with
 * the finance role; the finance user finds it among the reports, opens it (shared,
 * read only for them, computed with their permissions), drills into a group,
 * downloads it as CSV and pins it to a new dashboard of their own.
 */
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { signIn, SIZES } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

async function buildInvoicesByClientAndMonth(page: Page, title: string): Promise<void> {
  await page.getByLabel("Report on").selectOption({ label: "Invoices" });
  await page.getByRole("button", { name: "Add group" }).click();
  await page.getByLabel("Group 1", { exact: true }).selectOption({ label: "Client" });
  await page.getByRole("button", { name: "Add group" }).click();
  await page.getByLabel("Group 2", { exact: true }).selectOption({ label: "Issue date" });
  await expect(page.getByLabel("Period of group 2")).toHaveValue("month");
  await page.getByRole("button", { name: "Add figure" }).click();
  await expect(page.getByLabel("Figure 2", { exact: true })).toHaveValue("sum");
  await page.getByLabel("Field of figure 2").selectOption({ label: "Grand total" });
  await page.getByLabel("Chart").selectOption({ label: "Bar chart" });
  await page.getByLabel("Name", { exact: true }).fill(title);
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test("a report of invoices by client and month is built, saved, shared with finance and read by them", async ({ page, browser }) => {
      test.setTimeout(120_000);
      const title = `Invoices by client and month ${size.name} ${Date.now().toString(36)}`;
      await signIn(page, "admin@acme.test", "/app/report-builder");
      await expect(page.getByRole("heading", { name: "Report Builder", level: 1 })).toBeVisible();
      await buildInvoicesByClientAndMonth(page, title);
      const preview = page.getByRole("region", { name: "Preview" });
      const table = preview.getByRole("table");
      await expect(table.getByRole("columnheader", { name: "Client" })).toBeVisible();
      await expect(table.getByRole("columnheader", { name: "Issue date (month)" })).toBeVisible();
      await expect(table.getByRole("columnheader", { name: "Sum of grand total" })).toBeVisible();
      await expect(table.getByRole("cell", { name: "Total", exact: true })).toBeVisible();
      // A month reads as a month, a client by name.
      await expect(table.getByRole("cell", { name: /^[A-Z][a-z]{2} \d{4}$/ }).first())
        .toBeVisible();
      await expect(preview.getByRole("img", { name: title })).toBeVisible();
      expect(await preview.locator("rect.chart-bar").count()).toBeGreaterThan(1);
      await reviewShot(page, `report-builder-${size.name}`, { fullPage: true });

      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page).toHaveURL(/\/app\/report-builder\/[^/]+$/);
      await expect(page.getByText(`Saved "${title}"`)).toBeVisible();
      const url = page.url();

      await page.getByLabel("Shared with").selectOption({ label: "Roles" });
      await page.getByRole("checkbox", { name: "Finance" }).check();
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByText(`Saved "${title}"`).last()).toBeVisible();

      // The finance user finds it among the reports and opens it.
      const finance = await browser.newPage({ viewport: size.viewport });
      try {
        await signIn(finance, "finance@acme.test", "/app/reports");
        await finance.getByRole("link", { name: title }).click();
        await expect(finance).toHaveURL(url);
        await expect(finance.getByText(/Shared with you\. Only its owner changes this report/))
          .toBeVisible();
        await expect(finance.getByRole("button", { name: "Save", exact: true })).toHaveCount(0);
        const theirs = finance.getByRole("region", { name: "Preview" });
        await expect(theirs.getByRole("img", { name: title })).toBeVisible();
        await expect(theirs.getByRole("cell", { name: "Total", exact: true })).toBeVisible();
        await reviewShot(finance, `report-shared-${size.name}`, { fullPage: true });

        const download = finance.waitForEvent("download");
        await finance.getByRole("button", { name: "Download CSV" }).click();
        const file = await download;
        const text = await readFile(await file.path(), "utf8");
        expect(text.split(/\r\n/)[0].replace(/^\uFEFF/, "")).toBe(
          "Client,Issue date (month),Count,Sum of grand total",
        );

        // A group's row opens its records, and the groups come back.
        const firstClient = theirs.getByRole("table").getByRole("button").first();
        const client = (await firstClient.textContent())!;
        await firstClient.click();
        await expect(theirs.getByRole("columnheader", { name: "Client" })).toBeVisible();
        const cells = theirs.getByRole("table").locator("tbody tr td:nth-child(2)");
        await expect(cells.first()).toHaveText(client);
        await theirs.getByRole("button", { name: "Back to the groups" }).click();
        await expect(theirs.getByRole("cell", { name: "Total", exact: true })).toBeVisible();

        // They pin it to a dashboard of their own, and it is drawn there as a chart.
        const board = `Finance figures ${size.name} ${Date.now().toString(36)}`;
        await finance.getByRole("button", { name: "Pin to dashboard" }).click();
        const dialog = finance.getByRole("dialog", { name: `Pin “${title}”` });
        await dialog.getByRole("radio", { name: "A new dashboard" }).check();
        await dialog.getByLabel("Its name").fill(board);
        await dialog.getByRole("button", { name: "Pin", exact: true }).click();
        await expect(dialog.getByText(`Pinned to ${board}.`)).toBeVisible();
        await dialog.getByRole("link", { name: `Open ${board}` }).click();
        await expect(finance).toHaveURL(/\/app\/dashboards\/[^/]+$/);
        await expect(finance.getByRole("heading", { name: board })).toBeVisible();
        const card = finance.getByRole("article", { name: title });
        await expect(card.getByRole("img", { name: title })).toBeVisible();
        expect(await card.locator("rect.chart-bar").count()).toBeGreaterThan(1);
        await expect(finance.getByRole("link", { name: "Edit dashboard" })).toBeVisible();
        await reviewShot(finance, `dashboard-pinned-${size.name}`, { fullPage: true });
      } finally {
        await finance.close();
      }
    });
  });
}
