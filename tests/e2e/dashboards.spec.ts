/**
 * Dashboards in the browser, at desktop and phone size: the executive dashboard
 * draws the demo's cards for the administrator, and tells a salesperson in words
 * which cards their role may not read; a dashboard of 30 cards runs only the
 * reports of the cards in view at first, and the others as they scroll into view.
 */
import { expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, signIn, SIZES } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

/** Makes a dashboard of `count` cards (each its own report) through the API; returns its id. */
async function bigDashboard(page: Page, count: number, tag: string): Promise<string> {
  const login = await page.request.post("/auth/login", {
    data: { email: "admin@acme.test", password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
  const cards = [];
  for (let i = 1; i <= count; i++) {
    const res = await page.request.post("/api/records/report", {
      headers,
      data: {
        values: {
          name: `Tasks by status ${tag} ${i}`,
          record_type: "task",
          chart: "number",
          definition: JSON.stringify({ aggregates: [{ fn: "count", as: "count" }] }),
        },
      },
    });
    expect(res.status()).toBe(201);
    cards.push({ report: (await res.json()).record.id, width: "narrow" });
  }
  const res = await page.request.post("/api/records/dashboard", {
    headers,
    data: { values: { name: `Thirty cards ${tag}`, cards } },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).record.id;
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test("the executive dashboard draws its cards, each with its reader's permissions", async ({ page, browser }) => {
      await signIn(page, "admin@acme.test", "/app/executive-dashboard");
      await expect(page.getByRole("heading", { name: "Executive Dashboard", level: 1 }))
        .toBeVisible();
      const revenue = page.getByRole("article", { name: "Revenue by month" });
      await expect(revenue.getByRole("img", { name: "Revenue by month" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Edit dashboard" })).toBeVisible();
      await reviewShot(page, `executive-dashboard-${size.name}`, { fullPage: true });

      const sales = await browser.newPage({ viewport: size.viewport });
      try {
        await signIn(sales, "sales@acme.test", "/app/executive-dashboard");
        await expect(sales.getByText("Shared with you")).toBeVisible();
        await expect(
          sales.getByRole("article", { name: "Revenue by month" })
            .getByText("Your role may not read the records this report counts."),
        ).toBeVisible();
        const pipeline = sales.getByRole("article", { name: "Open pipeline value" });
        await expect(pipeline.getByText(/^\d{1,3}(,\d{3})*$/)).toBeVisible();
        await expect(sales.getByRole("link", { name: "Edit dashboard" })).toHaveCount(0);
      } finally {
        await sales.close();
      }
    });

    test("the legal dashboard shows the obligations overdue, by kind and falling due, in words", async ({ page }) => {
      await signIn(page, "admin@acme.test", "/app/legal-dashboard");
      await expect(page.getByRole("heading", { name: "Legal Dashboard", level: 1 })).toBeVisible();
      const overdue = page.getByRole("article", { name: "Overdue obligations" });
      await expect(overdue.getByText(/^\d+$/)).toBeVisible();
      const byKind = page.getByRole("article", { name: "Open obligations by kind" });
      await expect(byKind.getByRole("img", { name: "Open obligations by kind" })).toBeVisible();
      // Counts are read on whole ticks only.
      const ticks = await byKind.locator(".visx-axis-left .chart-tick").allTextContents();
      expect(ticks.length).toBeGreaterThan(1);
      expect(ticks.every((t) => /^\d+$/.test(t))).toBe(true);
      const soon = page.getByRole("article", { name: "Obligations due in the next 30 days" });
      const table = soon.getByRole("table");
      await expect(table.getByRole("columnheader", { name: "Authority" })).toBeVisible();
      // Dates as people read them, owners by their names: no stored codes.
      await expect(table.getByRole("cell", { name: /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/ }).first())
        .toBeVisible();
      await expect(table.getByText(/^\d{4}-\d{2}-\d{2}$/)).toHaveCount(0);
      await expect(table.getByText(/^usr_/)).toHaveCount(0);
      await reviewShot(page, `legal-dashboard-${size.name}`, { fullPage: true });
    });

    test("a dashboard of 30 cards runs only the cards in view, then the rest as they scroll in", async ({ page }) => {
      test.setTimeout(120_000);
      const id = await bigDashboard(page, 30, `${size.name} ${Date.now().toString(36)}`);
      const runs: string[] = [];
      page.on("request", (r) => {
        if (/\/api\/records\/report\/[^/]+\/run$/.test(new URL(r.url()).pathname)) {
          runs.push(r.url());
        }
      });
      await signIn(page, "admin@acme.test", `/app/dashboards/${id}`);
      const cards = page.getByRole("article");
      await expect(cards).toHaveCount(30);
      await expect(cards.first().getByText(/^\d+$/)).toBeVisible();
      await page.waitForLoadState("networkidle");
      const first = runs.length;
      expect(first).toBeGreaterThan(0);
      expect(first).toBeLessThan(15);
      await cards.last().scrollIntoViewIfNeeded();
      await expect(cards.last().getByText(/^\d+$/)).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect(runs.length).toBeGreaterThan(first);
      console.log(`dashboard of 30 cards (${size.name}): ${first} reports run at first paint`);
    });
  });
}
