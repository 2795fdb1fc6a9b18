import { expect, test } from "@playwright/test";
import { signIn, submitSignIn } from "./support.ts";

test("portal sign-in and the portal's redirect rules", async ({ page }) => {
  await page.goto("/client-portal/dashboard");
  await expect(page).toHaveURL(/\/client-portal$/);
  await submitSignIn(page, "client@northwind.test");
  await expect(page).toHaveURL(/\/client-portal\/dashboard$/);
  await expect(page.getByRole("cell", { name: "Northwind ERP Rollout" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Northwind BI Dashboards" })).toBeVisible();
  await expect(page.getByText("Contoso Operations Review")).toHaveCount(0);
  await page.goto("/client-portal");
  await expect(page).toHaveURL(/\/client-portal\/dashboard$/);
  await page.goto("/app/dashboard");
  await expect(page).toHaveURL(/\/client-portal\/dashboard$/);
});

test("a signed-in staff member who opens the portal goes to the staff dashboard", async ({ page }) => {
  await signIn(page, "pm@acme.test");
  await page.goto("/client-portal/dashboard");
  await expect(page).toHaveURL(/\/app\/dashboard$/);
});

test("a message sent from the portal is seen on the staff side", async ({ browser }) => {
  const clientPage = await (await browser.newContext()).newPage();
  await clientPage.goto("/client-portal");
  await submitSignIn(clientPage, "client@northwind.test");
  await clientPage.getByRole("navigation", { name: "Portal navigation" }).getByRole("link", {
    name: "Messages",
  }).click();
  const text = `Could we move the steering meeting? ${Date.now()}`;
  await clientPage.getByRole("main").getByLabel("Message").fill(text);
  await clientPage.getByRole("button", { name: "Send" }).click();
  await expect(clientPage.getByText(text)).toBeVisible();

  const staffPage = await (await browser.newContext()).newPage();
  await signIn(staffPage, "pm@acme.test", "/app/discussion");
  await expect(staffPage.getByRole("cell", { name: text })).toBeVisible();
});

test("the portal theme follows the system preference until a choice is stored", async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: "dark" });
  const page = await context.newPage();
  await page.goto("/client-portal");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await submitSignIn(page, "client@northwind.test");
  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  await context.close();
});
