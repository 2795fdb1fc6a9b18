/**
 * Approvals that reach their approvers (issue 24), in two browsers at desktop
 * and phone size: the project manager submits a project for approval on the
 * demo workflow; the administrator, in her own browser, finds it under "Waiting
 * for me" on her dashboard and in her notifications (a link to the project),
 * opens it from the notification and approves each step; the project manager's
 * Approvals tab says whom it waits for, then that it is approved.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { signIn } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

// Two browsers signing in and working on a loaded machine take longer than one.
test.setTimeout(180_000);

/** The approval status the project's Approvals tab shows. */
function approvalOf(page: Page) {
  return page.getByRole("tabpanel", { name: "Approvals" }).locator("dd").first();
}

async function submitForApproval(page: Page, project: string): Promise<void> {
  await expect(
    page.getByRole("form", { name: project }).getByText("Not submitted", { exact: true }),
  )
    .toBeVisible();
  await page.getByRole("tab", { name: "Approvals" }).click();
  await page.getByRole("combobox", { name: "Workflow" }).selectOption({
    label: "Enterprise project approval",
  });
  await page.getByRole("button", { name: "Submit for approval" }).click();
  await expect(page.getByText("Submitted for approval", { exact: true })).toBeVisible();
}

async function decide(page: Page, step: string): Promise<void> {
  const row = page.getByRole("row").filter({ hasText: step }).filter({
    has: page.getByRole("button", { name: "Decide" }),
  });
  await row.getByRole("button", { name: "Decide" }).click();
  await page.getByRole("combobox", { name: "Decision" }).selectOption({ label: "Approve" });
  await page.getByRole("button", { name: "Record decision" }).click();
  await expect(page.getByText("Decision recorded", { exact: true }).last()).toBeVisible();
}

async function twoBrowsers(browser: Browser, viewport: { width: number; height: number }) {
  const manager = await browser.newContext({ viewport });
  const admin = await browser.newContext({ viewport });
  return { manager, admin, pages: [await manager.newPage(), await admin.newPage()] as const };
}

async function fitsTheWidth(page: Page, width: number): Promise<void> {
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scroll).toBeLessThanOrEqual(width);
}

test("a project submitted by its manager reaches the administrator's dashboard and notifications, and she approves it from there (desktop)", async ({ browser }) => {
  const size = { width: 1440, height: 900 };
  const { manager, admin, pages: [pm, alice] } = await twoBrowsers(browser, size);
  const project = "Litware API Platform";
  const path = "/app/projects/prj_litware_api";

  await signIn(pm, "pm@acme.test", path);
  await submitForApproval(pm, project);
  await expect(pm.getByText("Alice Morgan (Portfolio review)", { exact: true })).toBeVisible();
  await reviewShot(pm, `desktop-submitted`, { fullPage: true });

  await signIn(alice, "admin@acme.test");
  const waiting = alice.locator(".card").filter({
    has: alice.getByRole("heading", { name: "Waiting for me" }),
  });
  const entry = waiting.getByRole("link", { name: new RegExp(project) });
  await expect(entry).toContainText(
    "Project approval · Portfolio review, submitted by Peter Novak",
  );
  await expect(entry).toHaveAttribute("href", path);
  await reviewShot(alice, `desktop-dashboard`, { fullPage: true });

  await alice.getByRole("button", { name: /^Notifications/ }).click();
  const notice = alice.getByRole("dialog").getByRole("link", {
    name: new RegExp(`Approval waiting for you: ${project}`),
  });
  await expect(notice).toContainText(
    `${project} waits for your approval at Portfolio review. Submitted by Peter Novak.`,
  );
  await reviewShot(alice, `desktop-notification`);
  await notice.click();
  await expect(alice).toHaveURL(new RegExp(`${path}$`));
  await alice.getByRole("tab", { name: "Approvals" }).click();
  await decide(alice, "Portfolio review");
  // The budget of 180,000 brings the executive sign-off: Alice's too, told at once.
  await expect(alice.getByText("Alice Morgan (Executive sign-off)", { exact: true })).toBeVisible();
  await expect(pm.getByText("Alice Morgan (Executive sign-off)", { exact: true })).toBeVisible();
  await decide(alice, "Executive sign-off");
  await expect(alice.getByText("No approval is in progress.", { exact: true })).toBeVisible();
  await reviewShot(alice, `desktop-approved`, { fullPage: true });

  // The manager's open tab follows without a reload, and he is told.
  await expect(approvalOf(pm)).toHaveText("Approved");
  await pm.getByRole("button", { name: /^Notifications/ }).click();
  await expect(
    pm.getByRole("dialog").getByRole("link", { name: new RegExp(`Project approved: ${project}`) }),
  ).toBeVisible();
  await alice.goto("/app/dashboard");
  await expect(
    alice.locator(".card").filter({ has: alice.getByRole("heading", { name: "Waiting for me" }) })
      .getByRole("link", { name: new RegExp(project) }),
  ).toHaveCount(0);

  await manager.close();
  await admin.close();
});

test("a project submitted by its manager reaches the administrator and she approves it (phone)", async ({ browser }) => {
  const size = { width: 390, height: 844 };
  const { manager, admin, pages: [pm, alice] } = await twoBrowsers(browser, size);
  const project = "Acme Internal Tooling";
  const path = "/app/projects/prj_acme_internal";

  await signIn(pm, "pm@acme.test", path);
  await submitForApproval(pm, project);
  await expect(pm.getByText("Alice Morgan (Portfolio review)", { exact: true })).toBeVisible();
  await fitsTheWidth(pm, size.width);
  await reviewShot(pm, `phone-submitted`, { fullPage: true });

  await signIn(alice, "admin@acme.test");
  const entry = alice.locator(".card").filter({
    has: alice.getByRole("heading", { name: "Waiting for me" }),
  }).getByRole("link", { name: new RegExp(project) });
  await entry.scrollIntoViewIfNeeded();
  await expect(entry).toBeInViewport();
  await fitsTheWidth(alice, size.width);
  await reviewShot(alice, `phone-dashboard`, { fullPage: true });
  await alice.getByRole("button", { name: /^Notifications/ }).click();
  const notice = alice.getByRole("dialog").getByRole("link", {
    name: new RegExp(`Approval waiting for you: ${project}`),
  });
  await expect(notice).toBeInViewport();
  await reviewShot(alice, `phone-notification`);
  await notice.click();
  await expect(alice).toHaveURL(new RegExp(`${path}$`));
  await alice.getByRole("tab", { name: "Approvals" }).click();
  await decide(alice, "Portfolio review");
  await expect(alice.getByText("No approval is in progress.", { exact: true })).toBeVisible();
  await fitsTheWidth(alice, size.width);
  await reviewShot(alice, `phone-approved`, { fullPage: true });
  await expect(approvalOf(pm)).toHaveText("Approved");

  await manager.close();
  await admin.close();
});

test("a claim waiting for the administrator opens from her Waiting for me and says whom it waits for", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, "admin@acme.test");
  const waiting = page.locator(".card").filter({
    has: page.getByRole("heading", { name: "Waiting for me" }),
  });
  const claim = waiting.getByRole("link", { name: /Expense claim · EXP-/ }).first();
  await claim.click();
  await expect(page).toHaveURL(/\/app\/expenses\/exp_/);
  await expect(page.getByRole("status").filter({ hasText: "Waiting for Alice Morgan to approve" }))
    .toBeVisible();
  await reviewShot(page, `desktop-claim-waiting`);
});
