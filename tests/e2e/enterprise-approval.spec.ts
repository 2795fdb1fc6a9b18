/**
 * An enterprise project's approval in two browsers: the project manager submits
 * Northwind BI Dashboards on the demo workflow from the project's Approvals tab
 * (only its portfolio review applies: budget 80,000, medium risk), the
 * administrator approves it from her own browser with a comment, and the project
 * manager's open Approvals tab shows her decision and comment, and the form the
 * approval status change, without reloading.
 */
import { expect, test } from "@playwright/test";
import { signIn } from "./support.ts";

const PROJECT = "/app/projects/prj_northwind_bi";

test("a project submitted by its manager and approved by the admin turns approved live in the manager's browser", async ({ browser }) => {
  const managerContext = await browser.newContext();
  const adminContext = await browser.newContext();
  const manager = await managerContext.newPage();
  const admin = await adminContext.newPage();

  await signIn(manager, "pm@acme.test", PROJECT);
  const managerForm = manager.getByRole("form", { name: "Northwind BI Dashboards" });
  await expect(managerForm.getByText("Not submitted", { exact: true })).toBeVisible();
  await manager.getByRole("tab", { name: "Approvals" }).click();
  await manager.getByRole("combobox", { name: "Workflow" }).selectOption({
    label: "Enterprise project approval",
  });
  await manager.getByRole("button", { name: "Submit for approval" }).click();
  await expect(manager.getByText("Submitted for approval", { exact: true })).toBeVisible();
  const steps = manager.getByRole("table").filter({ hasText: "Applies when" });
  await expect(steps.getByRole("row").filter({ hasText: "Portfolio review" }))
    .toContainText("Awaiting decision");
  await expect(steps.getByRole("row").filter({ hasText: "Executive sign-off" }))
    .toContainText("Does not apply");

  await signIn(admin, "admin@acme.test", PROJECT);
  await admin.getByRole("tab", { name: "Approvals" }).click();
  const awaiting = admin.getByRole("row").filter({ hasText: "Peter Novak" }).filter({
    hasText: "Portfolio review",
  });
  await awaiting.getByRole("button", { name: "Decide" }).click();
  await admin.getByRole("combobox", { name: "Decision" }).selectOption({ label: "Approve" });
  await admin.getByRole("textbox", { name: "Comments" }).fill("Fits the BI roadmap");
  await admin.getByRole("button", { name: "Record decision" }).click();
  await expect(admin.getByText("Decision recorded", { exact: true })).toBeVisible();
  await expect(admin.getByRole("row").filter({ hasText: "Fits the BI roadmap" }).first())
    .toContainText("Alice Morgan");

  // The manager's browser, still open on the Approvals tab, shows the decision
  // (who and their comment) without reloading, and the form's status follows.
  await expect(manager.getByRole("row").filter({ hasText: "Fits the BI roadmap" }).first())
    .toContainText("Alice Morgan");
  await manager.getByRole("tab", { name: "Details" }).click();
  await expect(managerForm.getByText("Approved", { exact: true })).toBeVisible();

  await managerContext.close();
  await adminContext.close();
});
