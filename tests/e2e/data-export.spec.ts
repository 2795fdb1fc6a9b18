/**
 * The analytics entries for exporting and forecasting, at desktop and phone size:
 * Data export opens on its own tab, where a saved report downloads its whole result
 * and a list every record of it, as CSV; Forecasting opens on its tab of forward
 * figures drawn from the records.
 */
import { expect, test } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { signIn, SIZES } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test("a saved report and a list download as CSV from the data export tab", async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, "pm@acme.test", "/app/data-export");
      await expect(page.getByRole("tab", { name: "Data export" })).toHaveAttribute(
        "aria-selected",
        "true",
      );
      const row = page.getByRole("row").filter({ hasText: "Tasks by status" });
      const report = page.waitForEvent("download");
      await row.getByRole("button", { name: "Download CSV" }).click();
      const file = await readFile(await (await report).path(), "utf8");
      const [heading, ...lines] = file.trim().split(/\r?\n/);
      expect(heading).toContain("Status");
      expect(lines.length).toBeGreaterThan(0);
      // Labels, never stored codes.
      expect(file).not.toContain("in_progress");

      const list = page.waitForEvent("download");
      await page.getByRole("button", { name: "Tasks (CSV)" }).click();
      const tasks = await readFile(await (await list).path(), "utf8");
      expect(tasks.trim().split(/\r?\n/).length).toBeGreaterThan(5);
      await reviewShot(page, `data-export-${size.name}`, { fullPage: true });
    });

    test("forecasting opens on its own tab of forward figures", async ({ page }) => {
      await signIn(page, "admin@acme.test", "/app/forecasting");
      await expect(page.getByRole("tab", { name: "Forecasting" })).toHaveAttribute(
        "aria-selected",
        "true",
      );
      for (
        const title of [
          "Receivables by due month",
          "Invoiced per month, last 12 months (net)",
          "Open task hours due per week",
          "Projects ending per month",
        ]
      ) {
        await expect(page.getByRole("heading", { name: title })).toBeVisible();
      }
      await expect(page.getByRole("cell", { name: "Jan 2027" })).toBeVisible();
      await reviewShot(page, `forecasting-${size.name}`, { fullPage: true });
    });
  });
}
