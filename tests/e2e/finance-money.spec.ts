/**
 * Money through its screens: an expense claim submitted by one person and approved
 * by another in a second browser (each signed in on their own), and a partial
 * payment recorded against a submitted invoice, which then reads Partly Paid.
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, signIn } from "./support.ts";

/** A run-unique word, so this run's records are found in a seeded database. */
const RUN = Date.now().toString(36);

/** Picks `title` in the link type-ahead labelled `label`, typing `text` first. */
async function pickLink(page: Page, label: string, text: string, title: string): Promise<void> {
  const box = page.getByRole("combobox", { name: label, exact: true });
  await box.fill(text);
  await page.getByRole("option", { name: new RegExp(`^${title}`) }).first().click();
  await expect(box).toHaveValue(title);
}

/** Calls the API as `email` (signed in through the API, not the page). */
async function apiAs(request: APIRequestContext, email: string) {
  const login = await request.post("/auth/login", { data: { email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
  return async (path: string, data: Record<string, unknown>) => {
    const answer = await request.post(`/api/records${path}`, { headers, data });
    expect(answer.ok(), await answer.text()).toBe(true);
    return (await answer.json()).record as Record<string, unknown>;
  };
}

test("a partial payment recorded against a submitted invoice makes it Partly Paid", async ({ page, request }) => {
  const post = await apiAs(request, "finance@acme.test");
  const admin = await apiAs(request, "admin@acme.test");
  const client = await admin("/client", { values: { name: `Tailspin ${RUN}` } });
  const draft = await post("/invoice", {
    values: {
      client: client.id,
      issue_date: new Date().toISOString().slice(0, 10),
      lines: [{ description: "Discovery workshop", quantity: 4, rate: 250 }],
    },
  });
  const invoice = await post(`/invoice/${draft.id}/actions/submit`, {
    version: draft.version,
  });

  await signIn(page, "finance@acme.test", "/app/payments");
  await page.getByRole("button", { name: "New", exact: true }).click();
  await expect(page).toHaveURL(/\/app\/payments\/new$/);
  const form = page.getByRole("form");
  await pickLink(page, "Client", "Tailspin", `Tailspin ${RUN}`);
  await form.getByRole("spinbutton", { name: "Amount", exact: true }).fill("400");
  await form.getByRole("textbox", { name: "Reference", exact: true }).fill(`Wire ${RUN}`);
  await form.getByRole("button", { name: "Add row" }).click();
  const allocations = form.getByRole("table", { name: "Allocations" });
  const invoiceBox = allocations.getByRole("combobox", { name: "Invoice row 1" });
  await invoiceBox.fill(String(invoice.name));
  await page.getByRole("option", { name: new RegExp(String(invoice.name)) }).first().click();
  await allocations.getByLabel("Amount row 1").fill("400");
  await form.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(/\/app\/payments\/(?!new)[^/]+$/);
  const saved = page.getByRole("form");
  await saved.getByRole("button", { name: "Submit", exact: true }).click();
  await page.getByRole("alertdialog", { name: "Submit payment" })
    .getByRole("button", { name: "Submit payment" }).click();
  await expect(saved.getByRole("button", { name: "Cancel", exact: true })).toBeVisible();

  await page.goto(`/app/invoices/${invoice.id}`);
  const read = page.getByRole("form");
  await expect(read.getByText("Partly Paid", { exact: true }).first()).toBeVisible();
  await expect(read).toContainText("600.00");
});

test("an expense claim is submitted by its claimant and approved by another person", async ({ browser }) => {
  const claimantContext = await browser.newContext();
  const approverContext = await browser.newContext();
  try {
    const claimant = await claimantContext.newPage();
    await signIn(claimant, "pm@acme.test", "/app/expenses");
    await claimant.getByRole("button", { name: "New", exact: true }).click();
    await expect(claimant).toHaveURL(/\/app\/expenses\/new$/);
    const form = claimant.getByRole("form");
    const purpose = `Client workshop ${RUN}`;
    await form.getByRole("textbox", { name: "Purpose", exact: true }).fill(purpose);
    await pickLink(claimant, "Approver", "Frank", "Frank Chen");
    await form.getByRole("button", { name: "Add row" }).click();
    const lines = form.getByRole("table", { name: "Expenses" });
    await lines.getByLabel("Date row 1").fill("2026-11-02");
    await lines.getByLabel("Category row 1").selectOption({ label: "Travel" });
    await lines.getByLabel("Description row 1").fill("Train to the workshop");
    await lines.getByLabel("Amount row 1").fill("86.40");
    await form.getByRole("button", { name: "Save", exact: true }).click();
    await expect(claimant).toHaveURL(/\/app\/expenses\/(?!new)[^/]+$/);
    const saved = claimant.getByRole("form");
    await expect(saved.getByText(/^EXP-\d{4}-\d{5}$/)).toBeVisible();
    await saved.getByRole("button", { name: "Submit", exact: true }).click();
    await expect(saved.getByText("Submitted", { exact: true }).first()).toBeVisible();
    await expect(saved.getByRole("button", { name: "Approve", exact: true })).toHaveCount(0);
    const path = new URL(claimant.url()).pathname;

    const approver = await approverContext.newPage();
    await signIn(approver, "finance@acme.test", path);
    const review = approver.getByRole("form");
    await expect(review.getByRole("heading", { name: purpose })).toBeVisible();
    await review.getByRole("button", { name: "Approve", exact: true }).click();
    await expect(review.getByText("Approved", { exact: true }).first()).toBeVisible();
    await expect(review.getByRole("table", { name: "Expenses" })).toContainText("86.40");

    await claimant.reload();
    await expect(claimant.getByRole("form").getByText("Approved", { exact: true }).first())
      .toBeVisible();
  } finally {
    await claimantContext.close();
    await approverContext.close();
  }
});
