/**
 * Finance figures in the browser: the finance dashboard shows its figures (each
 * inside its card) and charts (drawn from the demo ledger), an invoice report variant downloads its
 * rows as a CSV file (a client name that reads as a formula made inert), and the
 * compliance screen lists the obligations under their summary.
 */
import { readFile } from "node:fs/promises";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { DEMO_PASSWORD, signIn } from "./support.ts";

/** A run-unique word, so this run's records are found in a seeded database. */
const RUN = Date.now().toString(36);

/** Posts to the record API as `email` (signed in through the API, not the page). */
async function apiAs(request: APIRequestContext, email: string) {
  const login = await request.post("/auth/login", { data: { email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
  return async (path: string, data: Record<string, unknown>) => {
    const answer = await request.post(`/api/records${path}`, { headers, data });
    expect(answer.ok(), await answer.text()).toBe(true);
    return (await answer.json()).record as Record<string, unknown>;
  };
}

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

test("the aging report's CSV download makes a client name that reads as a formula inert", async ({ page, request }) => {
  const admin = await apiAs(request, "admin@acme.test");
  const finance = await apiAs(request, "finance@acme.test");
  const name = `=HYPERLINK("http://evil.test/${RUN}","Pay here")`;
  const client = await admin("/client", { values: { name } });
  const draft = await finance("/invoice", {
    values: {
      client: client.id,
      issue_date: new Date().toISOString().slice(0, 10),
      lines: [{ description: "Retainer", quantity: 1, rate: 777 }],
    },
  });
  await finance(`/invoice/${draft.id}/actions/submit`, { version: draft.version });

  await signIn(page, "finance@acme.test", "/app/reports/invoice-reports/aging");
  await expect(page.getByRole("cell", { name, exact: true }).first()).toBeVisible();
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("invoice-report-aging.csv");
  const text = await readFile((await download.path())!, "utf8");
  const row = text.split("\r\n").find((line) => line.includes(RUN));
  expect(row, text).toBeDefined();
  // The cell starts with a quote mark inside its CSV quotes: a spreadsheet shows it as text.
  expect(row!.startsWith(`"'=HYPERLINK(""http://evil.test/${RUN}"",""Pay here"")"`), row).toBe(
    true,
  );
  expect(text.split("\r\n").some((line) => /^"?[=+@]/.test(line)), text).toBe(false);
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
