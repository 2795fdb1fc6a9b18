/**
 * A list seen as groups, at desktop and phone size: the salesperson shows their
 * leads by stage with each stage's count and value and a totals row, then by stage
 * and source; the address keeps the groups, so a reload shows the same.
 */
import { expect, test } from "@playwright/test";
import { signIn, SIZES } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test("leads are grouped by stage, then by stage and source, with counts, values and totals", async ({ page }) => {
      await signIn(page, "sales@acme.test", "/app/leads");
      await page.getByRole("group", { name: "Show as" }).getByRole("button", { name: "Groups" })
        .click();
      await page.getByLabel("Groups by").selectOption({ label: "Stage" });
      const groups = page.getByRole("region", { name: "Leads by stage" });
      const table = groups.getByRole("table");
      await expect(table.getByRole("columnheader", { name: "Stage" })).toBeVisible();
      await expect(table.getByRole("columnheader", { name: "Count" })).toBeVisible();
      await expect(table.getByRole("columnheader", { name: "Sum of estimated value" }))
        .toBeVisible();
      await expect(table.getByRole("cell", { name: "Won", exact: true })).toBeVisible();
      await expect(table.getByRole("cell", { name: "Total", exact: true })).toBeVisible();

      await page.getByLabel("then by").selectOption({ label: "Source" });
      const both = page.getByRole("region", { name: "Leads by stage and source" });
      await expect(both.getByRole("columnheader", { name: "Source" })).toBeVisible();
      await expect(both.getByRole("cell", { name: "Referral" }).first()).toBeVisible();
      await expect(page).toHaveURL(
        /layout=groups&group=stage%2Csource|layout=groups&group=stage,source/,
      );
      await reviewShot(page, `lead-groups-${size.name}`, { fullPage: true });

      await page.reload();
      await expect(page.getByRole("region", { name: "Leads by stage and source" })).toBeVisible();
    });
  });
}
