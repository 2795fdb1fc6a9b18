/**
 * The public landing page claims only what the product has: its feature cards name
 * projects, sales, finance, clients, approvals and the portal, never HR or legal
 * work, at desktop and phone size.
 */
import { expect, test } from "@playwright/test";
import { reviewShot } from "./review-shot.ts";

for (
  const [size, viewport] of [
    ["desktop", { width: 1440, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const
) {
  test(`the landing page claims only what exists (${size})`, async ({ browser }) => {
    const page = await (await browser.newContext({ viewport })).newPage();
    await page.goto("/");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: "Run your whole firm in one place" }))
      .toBeVisible();
    for (const claim of ["Projects and tasks", "Sales pipeline", "Finance", "Approvals"]) {
      await expect(main.getByRole("heading", { name: claim, exact: true })).toBeVisible();
    }
    await expect(main).not.toContainText(/HR|payroll|Legal|contracts/);
    await reviewShot(page, `${size}-landing`, { fullPage: true });
  });
}
