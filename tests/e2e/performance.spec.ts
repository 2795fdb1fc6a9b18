/**
 * Measurements (printed, never timed assertions): the gzipped JavaScript a browser
 * loads for /login and for /app/dashboard — the entry's own code (the entry chunk
 * and what it imports statically: budget 120 KB each, a size, asserted) and all of
 * it with the lazily loaded chunks of the page (budget 160 KB, asserted: splitting the entry costs each page a few KB of chunk overhead) — and the
 * time from navigation to the sidebar being visible, on a first visit (nothing
 * kept) and a repeat visit (the last descriptors kept), next to the time to show a
 * static HTML page from the same server, as ratios (taken by the page itself). Asserted: the shell and the
 * screen's frame never wait for the screen's data.
 */
import { expect, type Page, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { submitSignIn } from "./support.ts";

// Playwright's trace (kept for failed tests) records a screencast of every frame: on a
// machine without a GPU that costs a loading page more than the figures measured here.
test.use({ trace: "off" });

const ENTRY_BUDGET_BYTES = 120 * 1024;
const PAGE_BUDGET_BYTES = 160 * 1024;

/** The entry's chunks (its file and its static imports), from the build's manifest. */
function entryFiles(): Set<string> {
  const manifest: Record<string, { file: string; imports?: string[]; isEntry?: boolean }> = JSON
    .parse(readFileSync(new URL("../../client/dist/.vite/manifest.json", import.meta.url), "utf8"));
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return files;
}

function recordScripts(page: Page): () => Promise<{ all: number; entry: number }> {
  const bodies: Promise<[string, number]>[] = [];
  page.on("response", (response) => {
    const type = response.headers()["content-type"] ?? "";
    if (!type.includes("javascript")) return;
    const path = new URL(response.url()).pathname;
    bodies.push(response.body().then((body) => [path, gzipSync(body).length]));
  });
  return async () => {
    const entry = entryFiles();
    const sizes = await Promise.all(bodies);
    return {
      all: sizes.reduce((sum, [, bytes]) => sum + bytes, 0),
      entry: sizes.reduce((sum, [path, bytes]) => sum + (entry.has(path) ? bytes : 0), 0),
    };
  };
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

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

test("the JavaScript loaded for /login and /app/dashboard stays within its budgets", async ({ browser }) => {
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

  for (
    const [page, bytes] of [["/login", loginBytes], ["/app/dashboard", dashboardBytes]] as const
  ) {
    console.log(
      `JavaScript for ${page}: entry ${
        kb(bytes.entry)
      } gzip (budget 120 KB); with the page's lazily loaded chunks ${
        kb(bytes.all)
      } (budget 160 KB)`,
    );
    expect(bytes.entry).toBeGreaterThan(0);
    expect(bytes.entry).toBeLessThanOrEqual(ENTRY_BUDGET_BYTES);
    expect(bytes.all).toBeLessThanOrEqual(PAGE_BUDGET_BYTES);
  }
});

/**
 * Tells, from every page of the context, when the first animation frame found what
 * it waits for with a box: the sidebar (kept snapshot or app) on the app's pages,
 * the heading on the static page. In milliseconds from the navigation's start, by
 * the browser's own clock, and told on the console: Playwright's assertions poll at
 * 0, 20, 50, 100, 100 and then every 500 ms (a page they see at 800 ms may have
 * shown at 300), and their first use in a page compiles Playwright's own script
 * there, in the middle of the page's loading.
 */
function tellFirstVisible(): void {
  const probe = () => {
    const target = location.pathname === "/static.html" ? "h1" : "#sidebar";
    const element = document.querySelector(target);
    if (element !== null && element.getBoundingClientRect().width > 0) {
      console.debug(`first-visible ${location.pathname} ${performance.now()}`);
    } else requestAnimationFrame(probe);
  };
  requestAnimationFrame(probe);
}

/** Opens `path` and waits for its page to tell when it showed what it waits for. */
async function timeToVisible(page: Page, path: string): Promise<number> {
  const told = page.waitForEvent("console", {
    predicate: (message) => message.text().startsWith(`first-visible ${path} `),
  });
  await page.goto(path, { waitUntil: "commit" });
  return Number((await told).text().split(" ")[2]);
}

test("time to a visible sidebar, first and repeat visits, against a static page of the same server", async ({ browser }) => {
  // Thirty navigations, each waiting for its page to settle: more than a minute on a busy machine.
  test.setTimeout(180_000);
  const context = await browser.newContext();
  await context.addInitScript(tellFirstVisible);
  const page = await context.newPage();
  await page.goto("/login");
  await submitSignIn(page, "admin@acme.test");
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  const times = { cold: [] as number[], repeat: [] as number[], static: [] as number[] };
  for (let round = 0; round < 7; round++) {
    for (const visit of ["cold", "repeat"] as const) {
      times.static.push(await timeToVisible(page, "/static.html"));
      await expect(page.getByRole("heading", { name: "Opsuite" })).toBeVisible();
      if (visit === "cold") {
        await page.evaluate(() => {
          for (const key of Object.keys(localStorage)) {
            if (/^opsuite\.(descriptor|snapshot):/.test(key)) localStorage.removeItem(key);
          }
        });
      }
      // The kept snapshot's sidebar on a repeat visit, the app's on a first.
      times[visit].push(await timeToVisible(page, "/app/dashboard"));
      await expect(page.locator("#sidebar").first()).toBeVisible();
      // The next round starts from a settled page (and, for a repeat, a kept shell).
      await expect(page.locator("#first-paint")).toHaveCount(0);
      await expect(page.locator(".shell")).not.toHaveAttribute("inert");
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const base = Math.max(1, median(times.static));
  const ms = (xs: number[]) => `${Math.round(median(xs))} ms`;
  console.log(
    `navigation → sidebar visible: first visit ${ms(times.cold)} (ratio ${
      (median(times.cold) / base).toFixed(1)
    }, budget 2.0), repeat visit ${ms(times.repeat)} (ratio ${
      (median(times.repeat) / base).toFixed(1)
    }, budget 1.3); static HTML page ${ms(times.static)} (medians of 7, the browser's clock)`,
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
