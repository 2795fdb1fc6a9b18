import { expect, test } from "@playwright/test";
import { moduleRow, permissionBox, sidebarLink, signIn } from "./support.ts";

test("an administrator's module and permission changes reach an open browser without a reload", async ({ browser }) => {
  const adminContext = await browser.newContext();
  const salesContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const sales = await salesContext.newPage();
  await signIn(admin, "admin@acme.test", "/app/organization-management");
  await signIn(sales, "sales@acme.test", "/app/leads");
  await expect(sidebarLink(sales, "Leads")).toBeVisible();
  let reloaded = false;
  sales.on("framenavigated", (frame) => {
    if (frame === sales.mainFrame()) reloaded = true;
  });

  const leadsRow = await moduleRow(admin, "Leads");
  // Turning a module off asks first, naming how many people lose it.
  await leadsRow.getByRole("button", { name: "Turn off" }).click();
  const asked = admin.getByRole("alertdialog", { name: "Turn off module" });
  await expect(asked.locator(".confirm-question")).toHaveText(
    /^Turn this module off for the whole organisation\? People who will lose it: [1-9]\d*\.$/,
  );
  await asked.getByRole("button", { name: "Turn off module" }).click();
  await expect(leadsRow.getByRole("button", { name: "Turn on" })).toBeVisible();

  await expect(sidebarLink(sales, "Leads")).toHaveCount(0, { timeout: 3000 });
  await expect(sales.getByText("The Leads module is turned off for your organization."))
    .toBeVisible({ timeout: 3000 });

  await leadsRow.getByRole("button", { name: "Turn on" }).click();
  await expect(sidebarLink(sales, "Leads")).toBeVisible({ timeout: 3000 });
  await expect(sales.getByRole("heading", { name: "Leads", level: 1 })).toBeVisible({
    timeout: 3000,
  });

  await admin.goto("/app/rbac");
  const grant = await permissionBox(admin, "Sales", "leads.read");
  await expect(grant).toBeChecked();
  await grant.click();
  await expect(grant).not.toBeChecked();
  await expect(sidebarLink(sales, "Leads")).toHaveCount(0, { timeout: 3000 });
  await expect(sales.getByText("You do not have permission to open Leads (leads.read)."))
    .toBeVisible({ timeout: 3000 });
  expect(reloaded).toBe(false);

  await grant.click();
  await expect(sidebarLink(sales, "Leads")).toBeVisible({ timeout: 3000 });
  await adminContext.close();
  await salesContext.close();
});
