/**
 * A manual rule's button in the browser, at desktop and phone size: the
 * administrator opens a lead, clicks the demo's "Run: Send welcome pack", is told
 * the rule was queued for that lead, and sees the run in the lead's timeline in
 * words, linked to the run's own page, which says it succeeded.
 */
import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD, signIn, SIZES } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

const RUN = Date.now().toString(36);

test.setTimeout(120_000);

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test("a lead's form runs the welcome pack rule and its timeline shows the run", async ({ page, request }) => {
      const leadName = `Wendy ${size.name} ${RUN}`;
      const login = await request.post("/auth/login", {
        data: { email: "admin@acme.test", password: DEMO_PASSWORD },
      });
      expect(login.status()).toBe(200);
      const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
      const created = await request.post("/api/records/lead", {
        headers,
        data: { values: { name: leadName, source: "website" } },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { record: lead } = await created.json();

      await signIn(page, "admin@acme.test", `/app/lead-detail/${lead.id}`);
      const button = page.getByRole("button", { name: "Run: Send welcome pack" });
      await expect(button).toBeVisible();
      await reviewShot(page, `automation-manual-button-${size.name}`);
      await button.click();
      await expect(page.getByText(`Rule "Send welcome pack" queued for ${leadName}`))
        .toBeVisible();
      await reviewShot(page, `automation-manual-queued-${size.name}`);

      const timeline = page.getByRole("region", { name: "Timeline" });
      const entry = timeline.getByRole("listitem").filter({
        hasText: 'Rule "Send welcome pack" (Button on the record)',
      });
      await expect(entry).toBeVisible();
      await expect(entry).toContainText("Automation");
      // The runner carries the run out in the background: the timeline says so once it has.
      await expect(async () => {
        await page.reload();
        await expect(entry).toContainText("Succeeded", { timeout: 2_000 });
      }).toPass({ timeout: 45_000 });
      await reviewShot(page, `automation-manual-timeline-${size.name}`, { fullPage: true });

      await entry.getByRole("link", { name: /^RUN-/ }).click();
      await expect(page).toHaveURL(/\/app\/automation\/executions\/[^/]+$/);
      await expect(page.getByText("Succeeded", { exact: true })).toBeVisible();
      await expect(page.getByText(/Created task/)).toBeVisible();
    });
  });
}
