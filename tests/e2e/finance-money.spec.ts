/**
 * Money through its screens: an expense claim submitted by one person and approved
 * by another in a second browser (each signed in on their own), and a partial
 * payment recorded against a submitted invoice, which then reads Partly Paid.
 */
import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./support.ts";

/** A run-unique word, so this run's records are found in a seeded database. */
const RUN = Date.now().toString(36);

/** Picks `title` in the link type-ahead labelled `label`, typing `text` first. */
async function pickLink(page: Page, label: string, text: string, title: string): Promise<void> {
  const box = page.getByRole("combobox", { name: label, exact: true });
  await box.fill(text);
  await page.getByRole("option", { name: new RegExp(`^${title}`) }).first().click();
  await expect(box).toHaveValue(title);
}

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
    await expect(review.getByRole("textbox", { name: "Purpose", exact: true })).toHaveValue(
      purpose,
    );
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
