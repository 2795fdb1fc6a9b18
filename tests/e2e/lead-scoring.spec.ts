/**
 * Lead scoring and account plans in the browser, at desktop and phone size: the
 * administrator adds a scoring rule on its form, and a lead it concerns shows
 * the new score with the rule in its explanation (scored again in the
 * background a moment after the save); the sales manager opens the Contoso
 * account plan and reads its stakeholders with their influence and stance.
 * Each run makes its own lead and rule, so the shared demo data keeps its scores.
 */
import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD, signIn, SIZES } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

const RUN = Date.now().toString(36);

test.setTimeout(120_000);

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test("the administrator adds a scoring rule and the lead shows its new score and why", async ({ page, request }) => {
      const company = `Scored Ltd ${size.name} ${RUN}`;
      const login = await request.post("/auth/login", {
        data: { email: "admin@acme.test", password: DEMO_PASSWORD },
      });
      const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
      const made = await request.post("/api/records/lead", {
        headers,
        data: { values: { name: `Sam Score ${size.name}`, company, source: "website" } },
      });
      expect(made.status(), await made.text()).toBe(201);
      const lead = (await made.json()).record;
      expect([lead.score, lead.score_explanation]).toEqual([0, "No scoring rule applies"]);

      const words = `named company ${size.name} ${RUN}`;
      await signIn(page, "admin@acme.test", "/app/lead-scoring");
      await expect(page.getByRole("heading", { name: "Scoring rules", level: 1 })).toBeVisible();
      await expect(page.getByText("met in person").first()).toBeVisible();
      await reviewShot(page, `lead-scoring-rules-${size.name}`, { fullPage: true });
      await page.goto("/app/lead-scoring/new");
      const form = page.getByRole("form");
      await form.getByLabel("Explanation").fill(words);
      await form.getByLabel("Points").fill("35");
      await form.getByLabel("Condition").fill(`company == '${company}'`);
      await reviewShot(page, `lead-scoring-rule-form-${size.name}`, { fullPage: true });
      await form.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByText(/saved/i).first()).toBeVisible();

      await expect(async () => {
        const read = await request.get(`/api/records/lead/${lead.id}`, { headers });
        expect((await read.json()).record.score).toBe(35);
      }).toPass({ timeout: 15_000 });
      await page.goto(`/app/lead-detail/${lead.id}`);
      const leadForm = page.getByRole("form");
      await expect(leadForm).toContainText(/Score\s*35/);
      await expect(leadForm.getByText(`+35 ${words}`)).toBeVisible();
      await leadForm.getByText(`+35 ${words}`).scrollIntoViewIfNeeded();
      await reviewShot(page, `lead-scoring-lead-${size.name}`, { fullPage: true });

      // The rule is switched off so later runs and other specs see the demo scores.
      const rules = await request.post("/api/records/lead_scoring_rule/list", {
        headers,
        data: { search: words },
      });
      const [rule] = (await rules.json()).items;
      const off = await request.patch(`/api/records/lead_scoring_rule/${rule.id}`, {
        headers,
        data: { version: rule.version, values: { active: false } },
      });
      expect(off.status(), await off.text()).toBe(200);
    });

    test("the sales manager opens an account plan and reads its stakeholders", async ({ page }) => {
      await signIn(page, "sales@acme.test", "/app/strategic-account-planning");
      await expect(page.getByRole("heading", { name: "Account plans", level: 1 }))
        .toBeVisible();
      await reviewShot(page, `account-plans-list-${size.name}`, { fullPage: true });
      await page.getByText("Contoso growth plan").first().click();
      await expect(page.getByRole("form")).toBeVisible();
      await page.getByRole("tab", { name: "Stakeholders" }).click();
      const plan = page.getByRole("form");
      await expect(plan.getByLabel("Name row 1")).toHaveValue("Dana Whitfield");
      await expect(plan.getByLabel("Influence row 1")).toHaveValue("high");
      await expect(plan.getByLabel("Stance row 1")).toHaveValue("champion");
      await expect(plan.getByLabel("Stance row 4")).toHaveValue("detractor");
      await reviewShot(page, `account-plan-stakeholders-${size.name}`, { fullPage: true });
    });
  });
}
