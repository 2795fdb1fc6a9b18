import { expect, test } from "@playwright/test";
import { moduleRow, permissionBox, sidebarLink, signIn } from "./support.ts";

// Two server instances on one database (PostgreSQL under npm test): the
// administrator works on the first, the salesperson's browser is open on the second.
const [first, second] = process.env.E2E_INSTANCE_URLS!.split(" ");

test("a module and a permission turned off on one instance leave the menu of a browser open on another", async ({ browser }) => {
  const adminContext = await browser.newContext({ baseURL: first });
  const salesContext = await browser.newContext({ baseURL: second });
  const admin = await adminContext.newPage();
  const sales = await salesContext.newPage();
  await signIn(admin, "admin@acme.test", "/app/organization-management");
  await signIn(sales, "sales@acme.test", "/app/leads");
  await expect(sidebarLink(sales, "Leads")).toBeVisible();

  const leadsRow = await moduleRow(admin, "Leads");
  await leadsRow.getByRole("button", { name: "Turn off" }).click();
  await admin.getByRole("alertdialog", { name: "Turn off module" })
    .getByRole("button", { name: "Turn off module" }).click();
  await expect(leadsRow.getByRole("button", { name: "Turn on" })).toBeVisible();

  await expect(sidebarLink(sales, "Leads")).toHaveCount(0, { timeout: 3000 });
  await expect(sales.getByText("The Leads module is turned off for your organization."))
    .toBeVisible({ timeout: 3000 });
  // The second instance refuses the module's calls too, not only its menu entry.
  const refused = await sales.evaluate(async () => {
    const token = localStorage.getItem("access_token");
    const res = await fetch("/leads", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: "{}",
    });
    return res.status;
  });
  expect(refused).toBe(403);

  await leadsRow.getByRole("button", { name: "Turn on" }).click();
  await expect(sidebarLink(sales, "Leads")).toBeVisible({ timeout: 3000 });
  await expect(sales.getByRole("heading", { name: "Leads", level: 1 })).toBeVisible({
    timeout: 3000,
  });

  await admin.goto("/app/rbac");
  const grant = await permissionBox(admin, "Sales", "leads.read");
  await grant.click();
  await expect(grant).not.toBeChecked();
  await expect(sidebarLink(sales, "Leads")).toHaveCount(0, { timeout: 3000 });
  await expect(sales.getByText("You do not have permission to open Leads (leads.read)."))
    .toBeVisible({ timeout: 3000 });

  await grant.click();
  await expect(sidebarLink(sales, "Leads")).toBeVisible({ timeout: 3000 });
  await adminContext.close();
  await salesContext.close();
});
