/**
 * Lead nurturing in the browser, at desktop and phone size: the administrator
 * opens Lead Nurturing, opens the demo's "Website welcome" sequence, sees its
 * steps and the leads at each step, and enrols a new lead from the sequence's
 * panel (the sequence filled in, the lead picked by type-ahead); the lead then
 * shows in the panel at step 1. Each run enrols its own lead.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, signIn, SIZES } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

const RUN = Date.now().toString(36);

test.setTimeout(120_000);

/** The panel (a titled section) of a form, by its title. */
function panel(page: Page, title: string): Locator {
  return page.locator("section.section").filter({
    has: page.getByRole("heading", { name: title, exact: true }),
  });
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test("the administrator opens a sequence, sees who is at which step and enrols a lead", async ({ page, request }) => {
      const login = await request.post("/auth/login", {
        data: { email: "admin@acme.test", password: DEMO_PASSWORD },
      });
      const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
      const name = `Nia Nurture ${size.name} ${RUN}`;
      const made = await request.post("/api/records/lead", {
        headers,
        data: {
          values: { name, email: `nia.${size.name}.${RUN}@lead.example`, source: "partner" },
        },
      });
      expect(made.status(), await made.text()).toBe(201);
      const enrolled = await request.post("/api/records/nurture_enrollment/list", {
        headers,
        data: {
          filters: [
            { field: "sequence", op: "eq", value: "nseq_org_acme_welcome" },
            { field: "state", op: "eq", value: "active" },
          ],
        },
      });
      const seeded = (await enrolled.json()).items as { lead__title?: string }[];
      expect(seeded.length).toBeGreaterThan(0);

      await signIn(page, "admin@acme.test", "/app/lead-nurturing");
      await expect(page.getByRole("heading", { name: "Nurturing sequences", level: 1 }))
        .toBeVisible();
      await expect(page.getByText("Event follow-up").first()).toBeVisible();
      await reviewShot(page, `lead-nurturing-list-${size.name}`, { fullPage: true });
      await page.getByText("Website welcome").first().click();
      const form = page.getByRole("form", { name: "Website welcome" });
      await expect(form).toBeVisible();
      const leads = panel(page, "Leads in this sequence");
      await expect(leads).toContainText("Step");
      if (seeded[0].lead__title) await expect(leads).toContainText(seeded[0].lead__title);
      await leads.scrollIntoViewIfNeeded();
      await reviewShot(page, `lead-nurturing-sequence-${size.name}`, { fullPage: true });

      await leads.getByRole("button", { name: "New" }).click();
      const enrol = page.getByRole("form");
      await expect(enrol.getByRole("combobox", { name: "Sequence", exact: true }))
        .toHaveValue("Website welcome");
      const lead = enrol.getByRole("combobox", { name: "Lead", exact: true });
      await lead.fill(name);
      await expect(enrol.getByRole("option").first()).toContainText(name);
      await enrol.getByRole("option").first().click();
      await reviewShot(page, `lead-nurturing-enrol-${size.name}`, { fullPage: true });
      await enrol.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page).toHaveURL(/\/app\/lead-nurturing\/enrollments\/(?!new)[^/?]+$/);
      await expect(page.getByRole("form")).toContainText("Active");

      await page.goto("/app/lead-nurturing");
      await page.getByText("Website welcome").first().click();
      const after = panel(page, "Leads in this sequence");
      await expect(after.getByText(name)).toBeVisible();
      await after.getByText(name).scrollIntoViewIfNeeded();
      await reviewShot(page, `lead-nurturing-enrolled-${size.name}`, { fullPage: true });
    });
  });
}
