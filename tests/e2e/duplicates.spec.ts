/**
 * Duplicate leads in the browser, at desktop and phone size: the sales manager
 * opens Duplicate Detection, finds two leads of one person among the candidate
 * pairs, opens their merge, picks the duplicate's email, merges, and lands on the
 * kept lead, which now shows the duplicate's email and its activity.
 */
import { expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, signIn, SIZES } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

test.setTimeout(120_000);

/** Two leads of one person, each with an activity, made through the API. */
async function twoLeads(page: Page, tag: string) {
  const login = await page.request.post("/auth/login", {
    data: { email: "sales@acme.test", password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
  const name = `Winifred Ashdown-${tag}`;
  const leads: { id: string; email: string; subject: string }[] = [];
  for (const [n, email] of [[1, `winifred.${tag}@ashdown.test`], [2, `w.${tag}@ashdown.test`]]) {
    const made = await page.request.post("/api/records/lead", {
      headers,
      data: {
        values: {
          name: n === 1 ? name : name.toUpperCase(),
          company: n === 1 ? `Ashdown ${tag} Mills` : `Ashdown ${tag} Mills Ltd`,
          email,
          phone: "+44 20 7946 " + tag.slice(-4),
          source: "website",
        },
      },
    });
    expect(made.status()).toBe(201);
    const id = (await made.json()).record.id as string;
    const subject = `Call with lead ${n} (${tag})`;
    const activity = await page.request.post("/api/records/lead_activity", {
      headers,
      data: { values: { lead: id, activity_type: "call", subject, date: "2026-11-20" } },
    });
    expect(activity.status()).toBe(201);
    leads.push({ id, email: String(email), subject });
  }
  return { name, leads };
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test("the sales manager merges two duplicate leads and sees the moved activity on the kept one", async ({ page }) => {
      const tag = `${size.name}${Date.now() % 10_000}`.padEnd(8, "0");
      const { name, leads } = await twoLeads(page, tag);
      await signIn(page, "sales@acme.test", "/app/duplicate-detection");
      await expect(page.getByRole("heading", { name: "Duplicate Detection", level: 1 }))
        .toBeVisible();
      const row = page.getByRole("row").filter({ hasText: name }).first();
      await expect(row).toBeVisible();
      await expect(row).toContainText("Phone, Name, Company");
      await reviewShot(page, `duplicates-list-${size.name}`);
      await row.getByRole("button", { name: "Merge" }).click();
      await expect(page).toHaveURL(/\/app\/duplicate-detection\/merge\?/);
      const url = new URL(page.url());
      const kept = leads.find((l) => l.id === url.searchParams.get("a"))!;
      const duplicate = leads.find((l) => l.id === url.searchParams.get("b"))!;
      await expect(page.getByRole("heading", { name: "Merge duplicates", level: 1 })).toBeVisible();
      const email = page.getByLabel("Email", { exact: true });
      await expect(email).toHaveValue("survivor");
      await email.selectOption({ label: `${duplicate.email} (duplicate)` });
      await reviewShot(page, `duplicates-merge-${size.name}`);
      await page.getByRole("button", { name: "Merge", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/app/lead-detail/${kept.id}$`));
      await expect(page.getByLabel("Email", { exact: true })).toHaveValue(duplicate.email);
      await expect(page.getByText(duplicate.subject)).toBeVisible();
      await expect(page.getByText(kept.subject)).toBeVisible();
      await reviewShot(page, `duplicates-survivor-${size.name}`);
    });
  });
}
