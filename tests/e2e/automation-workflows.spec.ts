/**
 * Edited workflows in the browser, at desktop and phone size: the administrator
 * opens the demo's budget workflow, switches rejecting off, saves, and reads on
 * the Graph tab that Reject is switched off (then allows it again, as the demo
 * has it); a project manager, in a browser of their own, takes a budget of theirs
 * back from Pending approval with the reason the workflow asks for, and sees it
 * back in Draft.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, signIn, SIZES } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

test.setTimeout(120_000);

/** A budget of the project manager's, waiting for approval: its id. */
async function pendingBudget(page: Page, title: string): Promise<string> {
  const login = await page.request.post("/auth/login", {
    data: { email: "pm@acme.test", password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
  const made = await page.request.post("/api/records/budget", {
    headers,
    data: {
      values: {
        title,
        scope: "category",
        category: "marketing",
        period_start: "2027-01-01",
        period_end: "2027-12-31",
        items: [{ month: "2027-01", category: "marketing", amount: 900 }],
      },
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { record } = await made.json();
  const sent = await page.request.post(
    `/api/records/budget/${record.id}/actions/submit_for_approval`,
    { headers, data: { version: record.version } },
  );
  expect(sent.ok(), await sent.text()).toBe(true);
  return record.id;
}

/** Ticks or unticks Allowed on the Reject step, saves, and waits for the save. */
async function allowReject(page: Page, allowed: boolean): Promise<void> {
  await page.getByRole("tab", { name: "Workflow", exact: true }).click();
  const row = page.getByRole("row").filter({
    has: page.locator("option:checked", { hasText: "Budgets: Reject → Rejected" }),
  });
  const box = row.getByRole("checkbox");
  await (allowed ? box.check() : box.uncheck());
  const saved = page.waitForResponse((r) =>
    r.request().method() === "PATCH" && r.url().includes("/api/records/workflow/")
  );
  await page.getByRole("button", { name: "Save", exact: true }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText(/saved/i).first()).toBeVisible();
}

async function asManager(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  return { context, page: await context.newPage() };
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test("the administrator switches a step off and sees it on the graph; a manager takes a budget back with a reason", async ({ page, browser }) => {
      await signIn(page, "admin@acme.test", "/app/automation/workflows");
      await expect(page.getByRole("heading", { name: "Workflows", level: 1 })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Project approval workflows" }))
        .toBeVisible();
      await page.getByRole("main").getByRole("link", { name: "Budget approval", exact: true })
        .click();
      await expect(page).toHaveURL(/\/app\/automation\/workflows\/workflow_acme_budgets$/);

      await allowReject(page, false);
      await page.getByRole("tab", { name: "Graph" }).click();
      const graph = page.getByRole("img", { name: "Workflow graph" });
      await expect(graph).toBeVisible();
      await expect(graph.getByText("Pending approval")).toBeVisible();
      await expect(page.getByText("Reject is switched off: no step allows it.")).toBeVisible();
      await expect(page.getByText("Revise: Pending approval → Draft")).toBeVisible();
      await reviewShot(page, `automation-workflows-graph-${size.name}`, { fullPage: true });
      await allowReject(page, true);
      await page.getByRole("tab", { name: "Graph" }).click();
      await expect(page.getByText("Reject: Pending approval → Rejected")).toBeVisible();
      await expect(page.getByText("Reject is switched off", { exact: false })).toHaveCount(0);

      const title = `Events ${size.name} ${Date.now()}`;
      const manager = await asManager(browser, size.viewport);
      const id = await pendingBudget(manager.page, title);
      await signIn(manager.page, "pm@acme.test", `/app/budget/${id}`);
      await expect(manager.page.getByRole("heading", { name: title })).toBeVisible();
      await manager.page.getByRole("button", { name: "Revise", exact: true }).click();
      const dialog = manager.page.getByRole("dialog");
      await expect(dialog.getByLabel("Comment (required)")).toBeVisible();
      await dialog.getByRole("button", { name: "Revise budget" }).click();
      await expect(dialog.getByText("A comment is required")).toBeVisible();
      await dialog.getByLabel("Comment (required)").fill("Numbers need another look");
      await dialog.getByRole("button", { name: "Revise budget" }).click();
      await expect(dialog).toHaveCount(0);
      await expect(manager.page.getByText("Draft", { exact: true }).first()).toBeVisible();
      await expect(manager.page.getByText("Numbers need another look")).toBeVisible();
      await reviewShot(manager.page, `automation-workflows-revised-${size.name}`, {
        fullPage: true,
      });
      await manager.context.close();
    });
  });
}
