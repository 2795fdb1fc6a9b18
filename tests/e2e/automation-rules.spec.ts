/**
 * Automation rules in the browser, at desktop and phone size: the administrator
 * builds "when a lead's stage becomes Qualified, create a task for its owner" in
 * the rules screen; the salesperson, in another browser, moves a lead to
 * Qualified on its form; the task appears for its owner and the run is in the
 * log, succeeded, saying what it did.
 */
import { type APIRequestContext, expect, test } from "@playwright/test";
import { DEMO_PASSWORD, signIn } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

const SIZES = [
  { name: "desktop", viewport: { width: 1440, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
];

const RUN = Date.now().toString(36);

// Two browsers, a form each and a run in the background take a while on a loaded machine.
test.setTimeout(150_000);

async function apiAs(request: APIRequestContext, email: string) {
  const login = await request.post("/auth/login", { data: { email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
  return async (path: string, data?: Record<string, unknown>) => {
    const answer = data
      ? await request.post(`/api/records${path}`, { headers, data })
      : await request.get(`/api/records${path}`, { headers });
    expect(answer.ok(), await answer.text()).toBe(true);
    return await answer.json();
  };
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test("a rule built on screen creates a task when another person qualifies a lead", async ({ page, browser, request }) => {
      const ruleName = `Qualified leads get a call (${size.name} ${RUN})`;
      const taskTitle = `Call ${size.name} ${RUN}`;
      const leadName = `Quinn ${size.name} ${RUN}`;
      await signIn(page, "admin@acme.test", "/app/automation/rules/new");
      const form = page.getByRole("form");
      await form.getByRole("textbox", { name: "Name", exact: true }).fill(ruleName);
      await form.getByLabel("Record type").selectOption({ label: "Leads" });
      await form.getByLabel("When").selectOption({ label: "Field changed to a value" });
      await form.getByLabel("Only when these fields change").fill("stage");
      await form.getByLabel("To value").fill("qualified");
      // Only this test's lead: the other size's test runs beside it on the same data.
      await form.getByLabel("Only if").fill(`name == '${leadName}'`);
      await form.getByRole("button", { name: "Add row" }).click();
      const actions = form.getByRole("table", { name: "Actions" });
      await actions.getByLabel("Action row 1").selectOption({ label: "Create a record" });
      await actions.getByLabel("Settings row 1").fill(
        JSON.stringify({
          type: "task",
          values: { title: `${taskTitle} {{ name }}`, assignee: "{{ owner }}" },
        }),
      );
      await reviewShot(page, `automation-rule-form-${size.name}`, { fullPage: true });
      await form.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page).toHaveURL(/\/app\/automation\/rules\/(?!new)[^/]+$/);
      await expect(page.getByRole("heading", { name: ruleName, level: 2 })).toBeVisible();

      // Another person, in another browser, qualifies a lead of theirs on its form.
      const sales = await apiAs(request, "sales@acme.test");
      const { record: lead } = await sales("/lead", {
        values: { name: leadName, source: "website" },
      });
      const other = await browser.newContext({ viewport: size.viewport });
      try {
        const seller = await other.newPage();
        await signIn(seller, "sales@acme.test", `/app/lead-detail/${lead.id}`);
        const leadForm = seller.getByRole("form");
        await leadForm.getByLabel("Stage").selectOption({ label: "Qualified" });
        await leadForm.getByRole("button", { name: "Save", exact: true }).click();
        await expect(seller.getByText(/saved/i).first()).toBeVisible();
      } finally {
        await other.close();
      }

      // The task appears for the lead's owner, made by the rule.
      await expect(async () => {
        const found = await sales("/task/list", {
          filters: [{ field: "title", op: "contains", value: taskTitle }],
        });
        expect(found.items.length).toBe(1);
        expect(found.items[0].assignee).toBe(lead.owner);
      }).toPass({ timeout: 30_000 });

      // And the run is in the log, succeeded, saying what it did.
      await page.goto("/app/automation/executions");
      await page.getByPlaceholder(/Search automation runs/).fill(leadName);
      const row = page.getByRole("row").filter({ hasText: leadName }).filter({ hasText: ruleName });
      await expect(row).toContainText("Succeeded");
      await expect(row).toContainText(ruleName);
      await reviewShot(page, `automation-runs-${size.name}`, { fullPage: true });
      await row.getByRole("link").first().click();
      await expect(page.getByText(/Created task/)).toBeVisible();
      await expect(page.getByText("Succeeded", { exact: true })).toBeVisible();
      await reviewShot(page, `automation-run-${size.name}`, { fullPage: true });
    });
  });
}
