/**
 * Lead activities in the browser, at desktop and phone size: the sales manager
 * sees their own overdue next steps on the dashboard, logs a call on a lead from the activity logger with the keyboard alone (the
 * lead picked by type-ahead, the outcome chosen by its first letter, Enter
 * saving from the next step), sees it in "Logged just now" with the form empty
 * and ready for the next entry, and finds it on the lead's timeline.
 */
import { expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, signIn, SIZES } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

test.setTimeout(120_000);

/** A lead the sales manager may read: its id and its contact name, as the type-ahead offers it. */
async function aLead(page: Page): Promise<{ headers: Record<string, string>; name: string }> {
  const login = await page.request.post("/auth/login", {
    data: { email: "sales@acme.test", password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
  const read = await page.request.get("/api/records/lead/led_acme_012", { headers });
  expect(read.ok()).toBe(true);
  return { headers, name: (await read.json()).record.name };
}

function card(page: Page, title: string) {
  return page.locator(".card", { has: page.getByRole("heading", { name: title, exact: true }) });
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test("the sales manager logs a call from the keyboard and sees it on the lead's timeline", async ({ page }) => {
      const { headers, name } = await aLead(page);
      const subject = `Pricing call from the logger (${size.name} ${Date.now()})`;
      await signIn(page, "sales@acme.test");
      const overdue = card(page, "Overdue next steps");
      await expect(overdue.getByText("Send a rough estimate")).toBeVisible();
      await expect(overdue.getByText("Confirm the IT contact")).toHaveCount(0);
      await reviewShot(overdue, `lead-activities-dashboard-overdue-${size.name}`);
      await page.goto("/app/activity-logger");
      await expect(page.getByRole("heading", { name: "Activity Logger", level: 1 })).toBeVisible();
      const form = card(page, "Log an activity");
      const lead = form.getByRole("combobox", { name: "Lead" });
      await lead.focus();
      await page.keyboard.type(name);
      // As a person does, Enter once the suggestions show what was typed.
      await expect(form.getByRole("option").first()).toContainText(name);
      await page.keyboard.press("Enter");
      await expect(lead).toHaveValue(new RegExp(name));
      await page.keyboard.press("Tab");
      await expect(form.getByRole("combobox", { name: "Client" })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(form.getByLabel("Type")).toBeFocused();
      await expect(form.getByLabel("Type")).toHaveValue("call");
      await page.keyboard.press("Tab");
      await page.keyboard.type(subject);
      // The date stays today; the keyboard goes on from the duration.
      await form.getByLabel("Duration (minutes)").focus();
      await page.keyboard.type("20");
      await page.keyboard.press("Tab");
      await expect(form.getByLabel("Outcome")).toBeFocused();
      await page.keyboard.press("p");
      await expect(form.getByLabel("Outcome")).toHaveValue("positive");
      await page.keyboard.press("Tab");
      await page.keyboard.type("Asked for the rates of a two-site rollout.");
      await page.keyboard.press("Tab");
      await expect(form.getByLabel("Next step", { exact: true })).toBeFocused();
      await page.keyboard.type("Send the rate card");
      await reviewShot(page, `lead-activities-logger-filled-${size.name}`, { fullPage: true });
      await page.keyboard.press("Enter");

      const logged = card(page, "Logged just now");
      await expect(logged.getByText(subject)).toBeVisible();
      await expect(logged.getByText(name).first()).toBeVisible();
      await expect(lead).toHaveValue("");
      await expect(lead).toBeFocused();
      await expect(form.getByLabel("Next step", { exact: true })).toHaveValue("");
      await reviewShot(page, `lead-activities-logged-${size.name}`, { fullPage: true });

      const found = await page.request.post("/api/records/lead_activity/list", {
        headers,
        data: { search: subject },
      });
      const [activity] = (await found.json()).items;
      expect([activity.activity_type, activity.duration_minutes, activity.outcome]).toEqual([
        "call",
        20,
        "positive",
      ]);
      await page.goto(`/app/lead-detail/${activity.lead}`);
      const timeline = page.locator("section", {
        has: page.getByRole("heading", { name: "Activities", exact: true }),
      }).last();
      await expect(timeline.getByText(subject)).toBeVisible();
      await expect(timeline.getByText("Call", { exact: true }).first()).toBeVisible();
      await timeline.scrollIntoViewIfNeeded();
      await reviewShot(page, `lead-activities-lead-timeline-${size.name}`);
    });
  });
}
