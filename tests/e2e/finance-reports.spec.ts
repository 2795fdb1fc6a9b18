/**
 * Finance figures in the browser: the finance dashboard shows its figures (each
 * inside its card) and charts (drawn from the demo ledger), an invoice report variant downloads its
 * rows as a CSV file, and the compliance screen lists the obligations under
 * their summary.
 */
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { signIn } from "./support.ts";

test("the finance dashboard shows its figures and charts", async ({ page }) => {
  await signIn(page, "finance@acme.test", "/app/finance-dashboard");
  await expect(page.getByRole("heading", { name: "Finance Dashboard", level: 1 })).toBeVisible();
  // The figures' labels (the overdue table below has an "Outstanding" column too).
  for (const label of ["Invoiced (12 months)", "Collected (12 months)", "Outstanding"]) {
    await expect(page.locator(".stat-label").getByText(label, { exact: true })).toBeVisible();
  }
  const overdue = page.getByRole("table").filter({ hasText: "Days late" });
  await expect(overdue.getByRole("columnheader", { name: "Outstanding" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Invoiced and collected per month" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Outstanding by days past due" })).toBeVisible();
  // The demo claims approved this year are charted by category.
  const expenses = page.getByRole("img", { name: "Approved expenses by category (12 months)" });
  await expect(expenses).toBeVisible();
  expect(await expenses.locator("rect.chart-bar").count()).toBeGreaterThan(0);
  await expect(page.getByRole("columnheader", { name: "Committed" })).toBeVisible();
  // Every figure stays inside its card, the longest amounts included.
  for (const width of [1400, 1100]) {
    await page.setViewportSize({ width, height: 900 });
    const overflows = await page.locator(".stat").evaluateAll((cards) =>
      cards.flatMap((card) => {
        const value = card.querySelector(".stat-value")!.getBoundingClientRect();
        const box = card.getBoundingClientRect();
        return value.right > box.right - 8 ? [card.textContent] : [];
      })
    );
    expect(overflows, `at ${width}px`).toEqual([]);
  }
});

test("an invoice report variant downloads its rows as CSV", async ({ page }) => {
  await signIn(page, "finance@acme.test", "/app/reports/invoice-reports/by-month");
  await expect(page.getByRole("heading", { name: "Invoicing by month" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Invoiced and collected per month" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Payments", exact: true })).toBeVisible();
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("invoice-report-by-month.csv");
  const text = await readFile((await download.path())!, "utf8");
  const lines = text.trim().split("\r\n");
  expect(lines[0]).toBe("month,invoices,invoiced,payments,collected");
  expect(lines.length).toBe(13);
  expect(lines[1]).toMatch(/^\d{4}-\d{2},\d+,-?[\d.]+,\d+,[\d.]+$/);
});

test("the compliance screen lists the obligations under their summary", async ({ page }) => {
  await signIn(page, "finance@acme.test", "/app/compliance");
  await expect(page.getByText("Open obligations", { exact: true })).toBeVisible();
  await expect(page.getByText("Overdue", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("cell", { name: "Trade licence renewal", exact: true }))
    .toBeVisible();
  await expect(page.getByRole("cell", { name: "Data protection review", exact: true }))
    .toBeVisible();
  await expect(page.getByRole("cell", { name: "Tax filing", exact: true }).first()).toBeVisible();
});
