import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { permissionBox, signIn } from "./support.ts";

test("the administrator toggles a write permission in the roles matrix and the change takes", async ({ page }) => {
  // Every module × seven actions, checked by axe: slow on a shared machine.
  test.slow();
  await signIn(page, "admin@acme.test", "/app/rbac");
  // Rows are modules by category; columns the actions.
  for (
    const column of ["Module", "Read", "Create", "Update", "Comment", "Delete", "Export", "Import"]
  ) {
    await expect(page.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
  }
  const update = await permissionBox(page, "Project manager", "projects.update");
  await expect(update).toBeChecked();
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(" ")}`)).toEqual([]);
  await update.click();
  await expect(update).not.toBeChecked();
  await expect(page.getByText("Permission revoked")).toBeVisible();

  // The server kept it: after a reload the box is still clear.
  await page.reload();
  const again = await permissionBox(page, "Project manager", "projects.update");
  await expect(again).not.toBeChecked();
  // The project manager's API now refuses the write, naming it.
  const refused = await page.evaluate(async () => {
    const login = await fetch("/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "pm@acme.test", password: "demo-password" }),
    }).then((r) => r.json());
    const res = await fetch("/projects/prj_northwind_erp/recalculate-metrics", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${login.access_token}`,
      },
      body: JSON.stringify({ organization_id: "org_acme" }),
    });
    return [res.status, (await res.json()).error.message];
  });
  expect(refused).toEqual([403, "Missing permission projects.update"]);

  await again.click();
  await expect(again).toBeChecked();
  await expect(page.getByText("Permission granted")).toBeVisible();
});
