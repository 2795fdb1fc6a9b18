/**
 * The firm admin reads Lead Analytics and Sales Forecasting, at desktop and phone
 * size: the funnel by stage in the organisation's order with its conversion and
 * days in stage, the query cards by source and loss reason; the forecast's months
 * from the current one with weighted pipeline, commit, best case and won value,
 * per owner, and the accuracy of the three past months the demo snapshotted. Values
 * read in words and formatted money, never as codes. Nothing is changed.
 */
import { expect, test } from "@playwright/test";
import { signIn, SIZES } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

test.setTimeout(120_000);

const monthLabel = (offset: number) => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1)).toLocaleString(
    "en",
    { month: "long", year: "numeric", timeZone: "UTC" },
  );
};

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test("the admin reads the lead funnel and the sales forecast with its accuracy", async ({ page }) => {
      await signIn(page, "admin@acme.test", "/app/lead-analytics");
      await expect(page.getByRole("heading", { name: "Lead Analytics", level: 1 })).toBeVisible();
      await expect(
        page.getByRole("cell", { name: "Proposal sent" }).or(
          page.getByText("Proposal sent", { exact: true }),
        ).first(),
      ).toBeVisible();
      await reviewShot(page, `lead-analytics-${size.name}-funnel`);
      await expect(page.getByRole("heading", { name: "Funnel by stage" })).toBeVisible();
      for (const stage of ["New", "Contacted", "Qualified", "Proposal sent", "Won"]) {
        await expect(page.getByText(stage, { exact: true }).first()).toBeVisible();
      }
      await expect(page.getByText("Conversion", { exact: true }).first()).toBeVisible();
      await expect(page.getByText(/\d+(\.\d)?%/).first()).toBeVisible();
      await expect(page.getByRole("heading", { name: "Leads by source" })).toBeVisible();
      await page.getByRole("heading", { name: "Loss reasons" }).scrollIntoViewIfNeeded();
      await expect(page.getByRole("heading", { name: "Loss reasons" })).toBeVisible();
      await reviewShot(page, `lead-analytics-${size.name}-losses`);
      await expect(page.getByText("proposal", { exact: true })).toHaveCount(0);
      await expect(page.getByText("cold_outreach")).toHaveCount(0);
      await reviewShot(page, `lead-analytics-${size.name}`, { fullPage: true });

      await page.goto("/app/sales-forecasting");
      await expect(page.getByRole("heading", { name: "Sales Forecasting", level: 1 }))
        .toBeVisible();
      await expect(page.getByRole("heading", { name: "Forecast by expected close month" }))
        .toBeVisible();
      await expect(page.getByText(monthLabel(0)).first()).toBeVisible();
      await expect(page.getByText(monthLabel(5)).first()).toBeVisible();
      for (const heading of ["Weighted pipeline", "Commit", "Best case", "Won"]) {
        await expect(page.getByText(heading, { exact: true }).first()).toBeVisible();
      }
      await expect(page.getByText(/\d{1,3}(,\d{3})+(\.\d{2})?/).first()).toBeVisible();
      await reviewShot(page, `sales-forecasting-${size.name}-months`);
      const accuracy = page.getByRole("heading", { name: "Forecast accuracy in past months" });
      await accuracy.scrollIntoViewIfNeeded();
      await expect(accuracy).toBeVisible();
      await expect(page.getByText(monthLabel(-1)).first()).toBeVisible();
      await expect(page.getByText("Commit accuracy").first()).toBeVisible();
      await expect(page.getByText(/^\d+(\.\d)?%$/).first()).toBeVisible();
      await reviewShot(page, `sales-forecasting-${size.name}-accuracy`);
      await expect(page.getByText("best_case")).toHaveCount(0);
      await reviewShot(page, `sales-forecasting-${size.name}`, { fullPage: true });
    });
  });
}
