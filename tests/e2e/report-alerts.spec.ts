/**
 * Real-time alerts in the browser, at desktop and phone size: the finance manager
 * opens Real-time alerts, sees the demo's alert in words, sets a new one on the
 * demo's "Outstanding invoices total" just above where it stands, then an invoice
 * is issued that takes the total over: the bell counts the notice without a
 * reload, the notice links to the report, and the alert shows as triggered.
 */
import { expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, signIn } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

const SIZES = [
  { name: "desktop", viewport: { width: 1440, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
];

const REPORT = "rpt_outstanding_total";

// Signing in, filling a form and waiting for a live notice take a while on a loaded machine.
test.setTimeout(120_000);

/** The finance manager's API headers (a session of their own, beside the browser's). */
async function financeHeaders(page: Page): Promise<Record<string, string>> {
  const login = await page.request.post("/auth/login", {
    data: { email: "finance@acme.test", password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  return { authorization: `Bearer ${(await login.json()).access_token}` };
}

/** What clients owe in all now, as the report computes it for the finance manager. */
async function outstanding(page: Page, headers: Record<string, string>): Promise<number> {
  const res = await page.request.post(`/api/records/report/${REPORT}/run`, { headers, data: {} });
  expect(res.ok()).toBe(true);
  return Number((await res.json()).rows[0]?.sum_outstanding ?? 0);
}

/** Issues an invoice of 1,000 owed (made and submitted through the API). */
async function issueInvoice(page: Page, headers: Record<string, string>): Promise<void> {
  const made = await page.request.post("/api/records/invoice", {
    headers,
    data: {
      values: {
        client: "cli_northwind",
        issue_date: new Date().toISOString().slice(0, 10),
        lines: [{ description: "Alert check", quantity: 1, rate: 1000 }],
      },
    },
  });
  expect(made.status()).toBe(201);
  const { record } = await made.json();
  const submitted = await page.request.post(`/api/records/invoice/${record.id}/actions/submit`, {
    headers,
    data: { version: record.version },
  });
  expect(submitted.ok()).toBe(true);
}

/** The unread count the bell says. */
async function unread(page: Page): Promise<number> {
  const name = await page.getByRole("button", { name: /^Notifications/ }).getAttribute(
    "aria-label",
  ) ?? await page.getByRole("button", { name: /^Notifications/ }).innerText();
  return Number(/(\d+) unread/.exec(name)?.[1] ?? 0);
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test("an alert set on a report fires live when an invoice takes the total over", async ({ page }) => {
      const title = `Outstanding over the line (${size.name})`;
      await signIn(page, "finance@acme.test", "/app/real-time-alerts");
      await expect(page.getByRole("heading", { name: "Real-time Alerts", level: 1 })).toBeVisible();
      const demo = page.getByRole("row").filter({ hasText: "Overdue invoices above 750,000" });
      await expect(demo).toContainText("Goes above");
      await expect(demo).toContainText("Overdue invoices total");
      await expect(demo).toContainText(/Not triggered|Triggered/);
      await expect(page.getByText("above", { exact: true })).toHaveCount(0);
      await reviewShot(page, `report-alerts-tab-${size.name}`, { fullPage: true });

      const headers = await financeHeaders(page);
      const threshold = Math.floor(await outstanding(page, headers)) + 500;
      await page.getByRole("link", { name: "New alert" }).click();
      await expect(page).toHaveURL(/\/app\/report-alerts\/new$/);
      const form = page.getByRole("form");
      await form.getByRole("textbox", { name: "Name", exact: true }).fill(title);
      const report = form.getByRole("combobox", { name: "Report", exact: true });
      await report.fill("Outstanding invoices");
      await page.getByRole("option", { name: /^Outstanding invoices total/ }).first().click();
      await expect(report).toHaveValue("Outstanding invoices total");
      await expect(form.getByRole("combobox", { name: "Condition", exact: true }))
        .toHaveValue("above");
      await form.getByRole("spinbutton", { name: "Threshold", exact: true }).fill(
        String(threshold),
      );
      await form.getByRole("checkbox", { name: "Also by mail" }).check();
      await reviewShot(page, `report-alerts-form-${size.name}`, { fullPage: true });
      await form.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page).toHaveURL(/\/app\/report-alerts\/(?!new)[^/]+$/);

      await page.goto("/app/real-time-alerts");
      const mine = page.getByRole("row").filter({ hasText: title });
      await expect(mine).toContainText("Not triggered");
      const before = await unread(page);

      await issueInvoice(page, headers);
      // No reload: the alert's change reaches the open page, the bell and the table.
      await expect.poll(() => unread(page), { timeout: 20_000 }).toBeGreaterThan(before);
      await expect(mine).toContainText("Triggered");
      await expect(mine).not.toContainText("Not triggered");
      await page.getByRole("button", { name: /^Notifications/ }).click();
      const notice = page.getByRole("dialog").getByRole("link", {
        name: new RegExp(`Alert: ${title.replace(/[()]/g, "\\$&")}`),
      });
      await expect(notice).toContainText(
        `Outstanding invoices total is now`,
      );
      await expect(notice).toContainText(`Your alert: goes above`);
      await expect(notice).toHaveAttribute("href", `/app/report-builder/${REPORT}`);
      await reviewShot(page, `report-alerts-notice-${size.name}`, { fullPage: true });
    });
  });
}
