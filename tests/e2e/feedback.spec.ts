/**
 * Feedback on every action, as people see it (issue 24): an invoice submitted and
 * cancelled through the product's own confirmation (its buttons naming what each
 * does), each step told in a toast that covers neither the header nor the form's
 * action bar; a bulk edit of a dozen leads that asks with the count and is undone
 * from its toast; the lead list's figure cards following a lead made elsewhere;
 * and the progress bar of a slow navigation (and none on a fast one). At desktop
 * width and on a phone.
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, sidebarLink, signIn } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

/** A run-unique word, so this run's records are found in a seeded database. */
const RUN = Date.now().toString(36);

/** Calls the records API as `email` (signed in through the API, not the page). */
async function apiAs(request: APIRequestContext, email: string) {
  const login = await request.post("/auth/login", { data: { email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
  return {
    post: async (path: string, data: Record<string, unknown>) => {
      const answer = await request.post(`/api/records${path}`, { headers, data });
      expect(answer.ok(), await answer.text()).toBe(true);
      return (await answer.json()).record as Record<string, unknown>;
    },
    get: async (path: string) => {
      const answer = await request.get(`/api/records${path}`, { headers });
      expect(answer.ok(), await answer.text()).toBe(true);
      return (await answer.json()).record as Record<string, unknown>;
    },
  };
}

/** A draft invoice for a new client of this run. */
async function draftInvoice(request: APIRequestContext, suffix: string) {
  const finance = await apiAs(request, "finance@acme.test");
  const admin = await apiAs(request, "admin@acme.test");
  const client = await admin.post("/client", { values: { name: `Contoso ${suffix} ${RUN}` } });
  return await finance.post("/invoice", {
    values: {
      client: client.id,
      issue_date: new Date().toISOString().slice(0, 10),
      lines: [{ description: "Discovery workshop", quantity: 2, rate: 300 }],
    },
  });
}

/** The toasts' region. */
function notices(page: Page): Locator {
  return page.getByRole("region", { name: "Notices" });
}

/** Whether two boxes overlap. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (x === null || y === null) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height &&
    y.y < x.y + x.height;
}

/** The toast saying `text` is on screen and covers neither the header nor the action bar. */
async function expectToastClear(page: Page, text: string | RegExp): Promise<void> {
  const toast = notices(page).getByRole("listitem").filter({ hasText: text });
  await expect(toast).toBeVisible();
  const header = page.locator("header.header");
  expect(await overlap(toast, header), "the toast covers the header").toBe(false);
  const bar = page.locator(".record-form-actions");
  if (await bar.count() > 0) {
    expect(await overlap(toast, bar.first()), "the toast covers the action bar").toBe(false);
  }
}

/** Submits then cancels a draft invoice through its form, checking what each step says. */
async function submitAndCancel(page: Page, request: APIRequestContext, suffix: string) {
  const draft = await draftInvoice(request, suffix);
  await signIn(page, "finance@acme.test", `/app/invoices/${draft.id}`);
  const form = page.getByRole("form");

  await form.getByRole("button", { name: "Submit", exact: true }).click();
  const submitting = page.getByRole("alertdialog", { name: "Submit invoice" });
  await expect(submitting).toContainText("Submit this invoice? It can no longer be edited.");
  await submitting.getByRole("button", { name: "Submit invoice" }).click();
  const submitted = new RegExp(`^Invoice INV-\\d{4}-\\d+ submitted`);
  await expectToastClear(page, submitted);
  const name = (await notices(page).getByText(submitted).innerText()).split(" ")[1];

  await form.getByRole("button", { name: "Cancel", exact: true }).click();
  const cancelling = page.getByRole("dialog", { name: "Cancel invoice" });
  await expect(cancelling).toContainText("Cancel this invoice? It stays on file, cancelled.");
  // Each button says what it does: never two buttons both called "Cancel".
  await expect(cancelling.getByRole("button", { name: "Cancel", exact: true })).toHaveCount(0);
  await expect(cancelling.getByRole("button", { name: "Keep invoice" })).toBeVisible();
  await reviewShot(page, `feedback-cancel-dialog-${suffix}`);
  await cancelling.getByRole("button", { name: "Cancel invoice" }).click();
  await expectToastClear(page, `Invoice ${name} cancelled`);
  await expect(form.getByText("Cancelled", { exact: true }).first()).toBeVisible();
  // The dialog's form took the action only: the invoice's form saved nothing stale.
  await expect(page.locator(".record-conflict")).toHaveCount(0);
  await reviewShot(page, `feedback-cancelled-toast-${suffix}`);
}

test("an invoice is submitted and cancelled through the product's dialog, each step told", async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await submitAndCancel(page, request, "desk");
});

test("a bulk edit of a dozen leads asks with the count, and is undone from its toast", async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const admin = await apiAs(request, "admin@acme.test");
  const leads = [];
  for (let i = 1; i <= 12; i++) {
    leads.push(
      await admin.post("/lead", {
        values: {
          name: `Pat Doe ${i} ${RUN}`,
          company: `Bulkco ${RUN}`,
          stage: "new",
          source: "website",
        },
      }),
    );
  }
  await signIn(page, "admin@acme.test", "/app/leads");
  await page.getByRole("searchbox", { name: "Search Leads" }).fill(`Bulkco ${RUN}`);
  await expect(page.getByRole("row").filter({ hasText: `Bulkco ${RUN}` })).toHaveCount(12);

  // Renaming asks even for two, and "Go back" changes nothing.
  await page.getByRole("checkbox", { name: `Select Pat Doe 1 ${RUN}`, exact: true }).check();
  await page.getByRole("checkbox", { name: `Select Pat Doe 2 ${RUN}`, exact: true }).check();
  const bar = page.getByRole("region", { name: "Selected records" });
  await bar.getByRole("button", { name: "Bulk edit" }).click();
  const edit = bar.getByRole("form", { name: "Bulk edit" });
  // No field is chosen for the person.
  await expect(edit.getByLabel("Field")).toHaveValue("");
  await expect(edit.getByRole("button", { name: "Apply to 2 leads" })).toBeDisabled();
  await edit.getByLabel("Field").selectOption({ label: "Contact name" });
  await edit.getByRole("textbox", { name: "New value" }).fill("Same Name");
  await edit.getByRole("button", { name: "Apply to 2 leads" }).click();
  const renaming = page.getByRole("alertdialog", { name: "Rename 2 leads" });
  await expect(renaming).toContainText("Rename Contact name on 2 leads?");
  await renaming.getByRole("button", { name: "Go back" }).click();
  await expect(renaming).toBeHidden();
  expect((await admin.get(`/lead/${leads[0].id}`)).name).toBe(`Pat Doe 1 ${RUN}`);

  // More than ten asks with the count; the toast offers Undo.
  await page.getByRole("checkbox", { name: "Select all" }).check();
  await expect(bar).toContainText("12 selected");
  // The form stays open, its field as chosen.
  await edit.getByLabel("Field").selectOption({ label: "Stage" });
  await edit.getByRole("combobox", { name: "New value" }).selectOption({ label: "Contacted" });
  await edit.getByRole("button", { name: "Apply to 12 leads" }).click();
  const changing = page.getByRole("alertdialog", { name: "Change 12 leads" });
  await expect(changing).toContainText("Change Stage on 12 leads?");
  await changing.getByRole("button", { name: "Change 12 leads" }).click();

  const done = notices(page).getByRole("listitem").filter({ hasText: "12 updated" });
  await expect(done).toBeVisible();
  await expect(
    page.getByRole("row").filter({ hasText: "Contacted" }).filter({
      hasText: `Bulkco ${RUN}`,
    }),
  ).toHaveCount(12);
  expect((await admin.get(`/lead/${leads[5].id}`)).stage).toBe("contacted");
  await reviewShot(page, "feedback-bulk-undo-toast");

  await done.getByRole("button", { name: "Undo" }).click();
  await expect(notices(page).getByText("12 restored")).toBeVisible();
  await expect(
    page.getByRole("row").filter({ hasText: "Contacted" }).filter({
      hasText: `Bulkco ${RUN}`,
    }),
  ).toHaveCount(0);
  for (const lead of leads) expect((await admin.get(`/lead/${lead.id}`)).stage).toBe("new");
  await reviewShot(page, "feedback-bulk-undone");
});

test("the lead list's figure cards follow a lead made elsewhere, without a reload", async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, "admin@acme.test", "/app/leads");
  const total = page.locator(".stat").filter({ hasText: "Total leads" }).locator(".stat-value");
  await expect(total).toHaveText(/^\d[\d,]*$/);
  const before = Number((await total.innerText()).replace(/,/g, ""));
  let reloaded = false;
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  });

  const admin = await apiAs(request, "admin@acme.test");
  await admin.post("/lead", {
    values: { name: `Figure Watcher ${RUN}`, stage: "new", source: "website" },
  });
  await expect(total).toHaveText((before + 1).toLocaleString("en-US"));
  expect(reloaded).toBe(false);
});

test("a slow navigation shows its progress after a moment; a fast one shows none", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, "admin@acme.test");
  // Whether the progress bar ever appeared, however briefly.
  await page.evaluate(() => {
    const seen = globalThis as unknown as { progressSeen: boolean };
    seen.progressSeen = false;
    new MutationObserver(() => {
      if (document.querySelector("[role=progressbar][aria-label='Loading the page']")) {
        seen.progressSeen = true;
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  const progressSeen = () =>
    page.evaluate(() => (globalThis as unknown as { progressSeen: boolean }).progressSeen);

  await sidebarLink(page, "Tasks").click();
  await expect(page).toHaveURL(/\/app\/tasks$/);
  await expect(page.getByRole("heading", { name: "Tasks", level: 1 })).toBeVisible();
  expect(await progressSeen()).toBe(false);

  // The next screen's descriptor takes two seconds to come.
  await page.route("**/ui/screens/**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  await sidebarLink(page, "Clients").click();
  const bar = page.getByRole("progressbar", { name: "Loading the page" });
  await expect(bar).toBeVisible();
  await reviewShot(page, "feedback-navigation-progress");
  await expect(page.getByRole("heading", { name: "Clients", level: 1 })).toBeVisible();
  await expect(bar).toBeHidden();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("an invoice is submitted and cancelled, its toasts clear of the header and actions", async ({ page, request }) => {
    await submitAndCancel(page, request, "phone");
  });

  test("a saved task says so, by its title, clear of the form's buttons", async ({ page }) => {
    const title = `Phone toast ${RUN}`;
    await signIn(page, "admin@acme.test", "/app/tasks/new");
    const form = page.getByRole("form");
    await form.getByRole("textbox", { name: "Title", exact: true }).fill(title);
    await form.getByRole("button", { name: "Save", exact: true }).click();
    await expectToastClear(page, `Task ${title} created`);
    await expect(page).toHaveURL(/\/app\/tasks\/(?!new)[^/]+$/);
    const saved = page.getByRole("form", { name: title });
    await saved.getByRole("textbox", { name: "Title", exact: true }).fill(`${title} renamed`);
    await saved.getByRole("button", { name: "Save", exact: true }).click();
    await expectToastClear(page, `Task ${title} renamed saved`);
    await reviewShot(page, "feedback-phone-saved");
  });
});
