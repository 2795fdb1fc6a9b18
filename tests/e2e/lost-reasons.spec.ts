/**
 * A salesperson loses a lead on its form, at desktop and phone size: moving it to
 * Lost asks for the reason (the form shows Lost reason and Lost to only then, and
 * refuses to save without a reason); they pick one and the competitor it went to
 * and save. Competitive intelligence then counts the deal against that competitor,
 * and the competitor's page lists the lead among those lost to it.
 * Each run makes its own competitor and lead through the API, so the shared demo
 * data is left as it is.
 */
import { type APIRequestContext, expect, test } from "@playwright/test";
import { DEMO_PASSWORD, signIn, SIZES } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

const RUN = Date.now().toString(36);

test.setTimeout(120_000);

async function createAs(request: APIRequestContext, email: string) {
  const login = await request.post("/auth/login", { data: { email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
  return async (type: string, values: Record<string, unknown>) => {
    const answer = await request.post(`/api/records/${type}`, { headers, data: { values } });
    expect(answer.status(), await answer.text()).toBe(201);
    return (await answer.json()).record as { id: string; name: string };
  };
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test("a lead moved to Lost on its form asks for the reason, and competitive intelligence counts it", async ({ page, request }) => {
      const create = await createAs(request, "sales@acme.test");
      const rival = await create("competitor", {
        name: `Rival ${size.name} ${RUN}`,
        threat_level: "high",
      });
      const lead = await create("lead", {
        name: `Lee Lost ${size.name} ${RUN}`,
        company: "Graphic Design Institute",
        source: "referral",
        stage: "proposal",
        // Far above any seeded loss, so it leads the competitors by value lost.
        estimated_value: 950_000,
      });

      await signIn(page, "sales@acme.test", `/app/lead-detail/${lead.id}`);
      const form = page.getByRole("form");
      await expect(form.getByLabel("Stage")).toBeVisible();
      await expect(form.getByLabel("Lost reason")).toHaveCount(0);
      await form.getByLabel("Stage").selectOption({ label: "Lost" });
      const reason = form.getByLabel("Lost reason");
      await expect(reason).toBeVisible();
      await form.getByRole("button", { name: "Save", exact: true }).click();
      await expect(form.getByText("Lost reason is required").first()).toBeVisible();
      await reviewShot(page, `lost-reason-asked-${size.name}`, { fullPage: true });

      await reason.selectOption({ label: "Chose a competitor" });
      const lostTo = form.getByRole("combobox", { name: "Lost to", exact: true });
      await lostTo.fill("Rival");
      await page.getByRole("option", { name: new RegExp(`^${rival.name}`) }).first().click();
      await expect(lostTo).toHaveValue(rival.name);
      await reviewShot(page, `lost-reason-picked-${size.name}`, { fullPage: true });
      await form.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByText(/saved/i).first()).toBeVisible();

      await page.goto("/app/competitive-intelligence");
      await expect(page.getByRole("heading", { name: "Competitive Intelligence", level: 1 }))
        .toBeVisible();
      const card = page.getByRole("article", { name: "Deals lost by competitor" });
      await card.scrollIntoViewIfNeeded();
      const row = card.getByRole("row", { name: new RegExp(rival.name) });
      await expect(row).toBeVisible();
      await expect(row.getByRole("cell").nth(1)).toHaveText("1");
      await expect(row.getByRole("cell").nth(2)).toHaveText("950,000.00");
      await expect(page.getByRole("article", { name: "Deals lost by reason" }))
        .toContainText("Chose a competitor");
      await expect(page.getByRole("article", { name: "Won and lost deals" })).toContainText(
        "Lost",
      );
      await reviewShot(page, `competitive-intelligence-${size.name}`, { fullPage: true });

      // The competitor's own page lists the lead it took.
      await page.getByRole("link", { name: "Competitors", exact: true }).click();
      await expect(page).toHaveURL(/\/app\/competitor-management/);
      await page.getByRole("link", { name: rival.name, exact: true }).first().click();
      await expect(page.getByRole("heading", { name: rival.name })).toBeVisible();
      await expect(page.getByRole("link", { name: lead.name })).toBeVisible();
      await reviewShot(page, `competitor-form-${size.name}`, { fullPage: true });
    });
  });
}
