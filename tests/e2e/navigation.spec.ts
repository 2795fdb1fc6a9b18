import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD, sidebarLink, signIn, submitSignIn } from "./support.ts";

test("signing in returns the visitor to the page they asked for", async ({ page }) => {
  await page.goto("/app/leads");
  await expect(page).toHaveURL(/\/login\?next=%2Fapp%2Fleads$/);
  await submitSignIn(page, "sales@acme.test", DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/app\/leads$/);
  await expect(page.getByRole("heading", { name: "Leads", level: 1 })).toBeVisible();
});

test("legacy paths redirect to their /app path and unknown paths to the landing page", async ({ page }) => {
  await signIn(page, "admin@acme.test");
  await page.goto("/leads");
  await expect(page).toHaveURL(/\/app\/leads$/);
  await page.goto("/budget-management");
  await expect(page).toHaveURL(/\/app\/budget$/);
  await page.goto("/no/such/page");
  await expect(page).toHaveURL(/\/$/);
});

test("the sidebar search is driven by the keyboard", async ({ page }) => {
  await signIn(page, "admin@acme.test");
  await page.locator("main").click();
  await page.keyboard.press("/");
  const search = page.getByRole("combobox").or(page.getByRole("searchbox")).first();
  await expect(search).toBeFocused();
  await page.keyboard.type("lead scoring");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/app\/lead-scoring$/);
  // Lead Scoring is the list of scoring rules.
  await page.getByRole("heading", { name: "Scoring rules", level: 1 }).click();
  await page.keyboard.press("/");
  await expect(search).toBeFocused();
  await page.keyboard.type("invoices");
  await page.keyboard.press("Escape");
  await expect(search).toHaveValue("");
});

test("favourites and the recent list survive a reload", async ({ page }) => {
  await signIn(page, "admin@acme.test");
  await sidebarLink(page, "Clients").click();
  await expect(page).toHaveURL(/\/app\/clients$/);
  await sidebarLink(page, "Projects").click();
  await expect(page).toHaveURL(/\/app\/projects$/);
  await page.getByRole("button", { name: "Add Projects to favorites" }).first().click();
  await page.reload();
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  const group = (title: string) =>
    nav.getByRole("heading", { name: title, exact: true }).locator("..");
  await expect(group("Favorites").getByRole("link", { name: "Projects" })).toBeVisible();
  await expect(group("Recent").getByRole("link", { name: "Clients" })).toBeVisible();
  const stored = await page.evaluate(
    () => [localStorage.getItem("sidebar-favorites"), localStorage.getItem("sidebar-recent")],
  );
  expect(JSON.parse(stored[0]!)).toContain("projects");
  expect(JSON.parse(stored[1]!)).toEqual(expect.arrayContaining(["projects", "clients"]));
});

test("the theme survives a reload", async ({ page }) => {
  await signIn(page, "admin@acme.test");
  const html = page.locator("html");
  const before = await html.getAttribute("data-theme");
  const next = before === "dark" ? "light" : "dark";
  await page.getByRole("button", { name: `Switch to ${next} theme` }).click();
  await expect(html).toHaveAttribute("data-theme", next);
  await page.reload();
  await expect(html).toHaveAttribute("data-theme", next);
});

test("the sales account meets Access Denied on /app/users and can go back", async ({ page }) => {
  await signIn(page, "sales@acme.test");
  // Every item is drawn (the first render draws a window's worth).
  await expect(page.getByRole("navigation", { name: "Main navigation" })).not.toHaveAttribute(
    "aria-busy",
    "true",
  );
  await expect(sidebarLink(page, "Users")).toHaveCount(0);
  await page.goto("/app/leads");
  await page.goto("/app/users");
  await expect(
    page.getByText("Access Denied: You need administrator privileges to access this page."),
  ).toBeVisible();
  await page.getByRole("button", { name: "Go Back" }).click();
  await expect(page).toHaveURL(/\/app\/(leads|dashboard)$/);
});
