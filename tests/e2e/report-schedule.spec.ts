/**
 * "Email me this report" in the browser, at desktop and phone size: the
 * administrator opens one of the demo's saved reports, sees their weekly
 * subscription in words, subscribes daily at 8 and stops that subscription again.
 */
import { expect, test } from "@playwright/test";
import { signIn, SIZES } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test("a saved report is subscribed to daily at an hour, and the subscription stopped", async ({ page }) => {
      await signIn(page, "admin@acme.test", "/app/report-builder/rpt_invoices_by_status");
      const section = page.getByRole("region", { name: "Email me this report" });
      const weekly = section.getByRole("listitem").filter({ hasText: "Weekly on Monday at 07:00" });
      await expect(weekly).toBeVisible();
      await section.getByLabel("How often").selectOption({ label: "Daily" });
      await section.getByLabel(/^At/).selectOption({ label: "08:00" });
      await section.getByRole("button", { name: "Subscribe" }).click();
      const daily = section.getByRole("listitem").filter({ hasText: "Daily at 08:00" });
      await expect(daily).toBeVisible();
      await reviewShot(page, `report-schedule-${size.name}`, { fullPage: true });
      await daily.getByRole("button", { name: "Stop" }).click();
      await expect(daily).toHaveCount(0);
      await expect(weekly).toBeVisible();
    });
  });
}
