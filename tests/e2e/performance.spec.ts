/**
 * Measurements (printed, never timed assertions): the gzipped JavaScript a browser
 * loads for /login and for /app/dashboard (budget 150 KB each — a size, asserted),
 * and the time from navigation to the sidebar being visible next to the time to
 * show a static HTML page from the same server, as a ratio. Asserted: the shell
 * and the screen's frame never wait for the screen's data.
 */
import { expect, type Page, test } from "@playwright/test";
import { gzipSync } from "node:zlib";
import { submitSignIn } from "./support.ts";

const BUDGET_BYTES = 150 * 1024;

function recordScripts(page: Page): () => Promise<number> {
  const bodies: Promise<Buffer>[] = [];
  page.on("response", (response) => {
    const type = response.headers()["content-type"] ?? "";
    if (type.includes("javascript")) bodies.push(response.body());
  });
  return async () =>
    (await Promise.all(bodies)).reduce((sum, body) => sum + gzipSync(body).length, 0);
}

/** Waits until the page has loaded and asked for no new script for a second (the event stream stays open, so there is no network idle). */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  let last = Date.now();
  const onRequest = (request: { resourceType(): string }) => {
    if (request.resourceType() === "script") last = Date.now();
  };
  page.on("request", onRequest);
  while (Date.now() - last < 1000) await page.waitForTimeout(200);
  page.off("request", onRequest);
}

test("the JavaScript loaded for /login and /app/dashboard stays within 150 KB gzip", async ({ browser }) => {
  const login = await (await browser.newContext()).newPage();
  const loginSize = recordScripts(login);
  await login.goto("/login");
  await expect(login.getByRole("button", { name: "Sign in" })).toBeVisible();
  await settled(login);
  const loginBytes = await loginSize();

  const context = await browser.newContext();
  const setup = await context.newPage();
  await setup.goto("/login");
  await submitSignIn(setup, "admin@acme.test");
  await expect(setup).toHaveURL(/\/app\/dashboard$/);
  const dashboard = await context.newPage();
  const dashboardSize = recordScripts(dashboard);
  await dashboard.goto("/app/dashboard");
  await expect(dashboard.getByText("Open tasks", { exact: true })).toBeVisible();
  await settled(dashboard);
  const dashboardBytes = await dashboardSize();

  console.log(`JavaScript for /login: ${(loginBytes / 1024).toFixed(1)} KB gzip (budget 150 KB)`);
  console.log(
    `JavaScript for /app/dashboard: ${(dashboardBytes / 1024).toFixed(1)} KB gzip (budget 150 KB)`,
  );
  expect(loginBytes).toBeLessThanOrEqual(BUDGET_BYTES);
  expect(dashboardBytes).toBeLessThanOrEqual(BUDGET_BYTES);
});

test("time to a visible sidebar, against a static page of the same server", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/login");
  await submitSignIn(page, "admin@acme.test");
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  const sidebar: number[] = [];
  const staticPage: number[] = [];
  for (let round = 0; round < 5; round++) {
    let started = Date.now();
    await page.goto("/static.html");
    await expect(page.getByRole("heading", { name: "Opsuite" })).toBeVisible();
    staticPage.push(Date.now() - started);
    started = Date.now();
    await page.goto("/app/dashboard");
    await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
    sidebar.push(Date.now() - started);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(
    `navigation → sidebar visible: ${median(sidebar)} ms; static HTML page: ${
      median(staticPage)
    } ms; ratio ${(median(sidebar) / Math.max(1, median(staticPage))).toFixed(1)} (medians of 5)`,
  );
});

test("the shell and the screen's frame show while the screen's figures are still on their way", async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await page.goto("/login");
  await submitSignIn(page, "admin@acme.test");
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  // The dashboard's figures are held at the network until the shell has been seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => release = resolve);
  const waiting: string[] = [];
  await page.route(/\/dashboard\/(summary|waiting)$/, async (route) => {
    waiting.push(new URL(route.request().url()).pathname);
    await held;
    await route.continue();
  });
  await page.goto("/app/dashboard");
  await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^User menu for/ })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(waiting.length, "the figures were asked for, and are still held").toBeGreaterThan(0);
  await expect(page.getByText("Open tasks", { exact: true })).toBeHidden();
  release();
  await expect(page.getByText("Open tasks", { exact: true })).toBeVisible();
});
