/**
 * The first screen in one round trip: the page's bootstrap asks for the user, the
 * shell and the screen while the JavaScript is still downloading, and a repeat
 * visit paints what the page showed last at once, inert until revalidated, so a
 * link a revoked permission removed can never be followed.
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, sidebarLink, signIn, submitSignIn } from "./support.ts";

const ENTRY_CHUNK = /\/assets\/index-[\w-]+\.js$/;

/** Forgets the descriptors kept from earlier visits (the session stays). */
async function forgetKeptDescriptors(page: Page): Promise<void> {
  await page.goto("/static.html");
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (/^opsuite\.(descriptor|snapshot):/.test(key)) localStorage.removeItem(key);
    }
  });
}

/** Holds the shell's requests at the network until the returned release is called. */
async function holdShellRevalidation(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => release = resolve);
  await page.route(/\/ui\/shell$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const answer = await request.post("/auth/login", { data: { email, password: DEMO_PASSWORD } });
  expect(answer.ok()).toBe(true);
  return (await answer.json()).access_token;
}

/**
 * Records the requests to `wanted` and holds the entry chunk at the network until
 * all of them have started (or five seconds have passed): what started meanwhile
 * cannot come from the entry's own code. Returns what was seen while it was held,
 * and everything seen.
 */
async function holdEntryUntilRequested(page: Page, wanted: readonly string[]) {
  const seen = { whileHeld: [] as string[], all: [] as string[] };
  page.on("request", (request) => {
    const asked = `${request.method()} ${new URL(request.url()).pathname}`;
    if (wanted.includes(asked)) seen.all.push(asked);
  });
  await page.route(ENTRY_CHUNK, async (route) => {
    const until = Date.now() + 5000;
    while (seen.all.length < wanted.length && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 20));
    }
    seen.whileHeld = [...seen.all];
    await route.continue();
  });
  return seen;
}

test("the shell and screen requests start before the entry chunk has finished loading", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, "admin@acme.test");
  await forgetKeptDescriptors(page);

  const wanted = ["GET /ui/screens/dashboard", "GET /ui/shell", "POST /auth/me"];
  const seen = await holdEntryUntilRequested(page, wanted);
  await page.goto("/app/dashboard");
  await expect(sidebarLink(page, "Projects")).toBeVisible();
  await expect(page.getByText("Open tasks", { exact: true })).toBeVisible();
  expect(seen.whileHeld.sort()).toEqual(wanted);
  // The renderer took those answers: nothing was asked twice.
  expect(seen.all.sort()).toEqual(wanted);
  await context.close();
});

test("a repeat visit paints what the page showed last at once, and a permission revoked meanwhile is gone before any click reaches it", async ({ browser, request }) => {
  // Tall enough for the whole menu: a snapshot keeps only what is in the window.
  const context = await browser.newContext({ viewport: { width: 1280, height: 1600 } });
  const page = await context.newPage();
  await signIn(page, "member@acme.test");
  await expect(sidebarLink(page, "Projects")).toBeVisible();
  // The member leaves the page; meanwhile an administrator takes Projects away from members.
  await page.goto("/static.html");
  const admin = await tokenOf(request, "admin@acme.test");
  const headers = { authorization: `Bearer ${admin}` };
  const matrix = await request.post("/admin/roles/matrix", { headers, data: { role: "member" } });
  const revoke = await request.post("/admin/roles/revoke", {
    headers,
    data: { role: "member", permission: "projects.read", version: (await matrix.json()).version },
  });
  expect(revoke.ok(), await revoke.text()).toBe(true);
  try {
    // The revalidation of the shell is held at the network until the painted page was tried.
    const release = await holdShellRevalidation(page);
    await page.goto("/app/dashboard");
    const painted = page.locator("#first-paint");
    await expect(painted).toBeVisible();
    await expect(painted).toHaveAttribute("inert", "");
    const kept = painted.locator("#sidebar a").filter({ hasText: /^\s*Projects\s*$/ });
    await expect(kept).toBeVisible();
    // A click on the painted link reaches nothing.
    const box = (await kept.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe("/app/dashboard");
    await expect(painted).toBeVisible();

    release();
    await expect(painted).toHaveCount(0);
    await expect(sidebarLink(page, "Tasks")).toBeVisible();
    await expect(page.locator("#sidebar a").filter({ hasText: /^\s*Projects\s*$/ }))
      .toHaveCount(0);
    await expect(page.locator(".shell")).not.toHaveAttribute("inert");
    expect(new URL(page.url()).pathname).toBe("/app/dashboard");
  } finally {
    const matrix = await request.post("/admin/roles/matrix", { headers, data: { role: "member" } });
    await request.post("/admin/roles/grant", {
      headers,
      data: { role: "member", permission: "projects.read", version: (await matrix.json()).version },
    });
    await context.close();
  }
});

test("without a snapshot, the kept descriptors paint the shell inert until they are revalidated", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, "admin@acme.test");
  await page.goto("/static.html");
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith("opsuite.snapshot:")) localStorage.removeItem(key);
    }
  });
  const release = await holdShellRevalidation(page);
  await page.goto("/app/dashboard");
  await expect(page.locator("#first-paint")).toHaveCount(0);
  await expect(page.locator("#sidebar")).toBeVisible();
  await expect(page.locator(".shell")).toHaveAttribute("inert", "");
  release();
  await expect(page.locator(".shell")).not.toHaveAttribute("inert");
  await expect(sidebarLink(page, "Projects")).toBeVisible();
  await context.close();
});

test("signing out leaves nothing kept in the browser", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, "admin@acme.test");
  const kept = () =>
    page.evaluate(() =>
      Object.keys(localStorage).filter((key) => /^opsuite\.(descriptor|snapshot):/.test(key))
    );
  await expect.poll(kept).toContain('opsuite.descriptor:["shell"]');
  // Leaving the page keeps a snapshot of it; coming back paints it.
  await page.goto("/static.html");
  await page.goto("/app/dashboard");
  await expect.poll(kept).toContain("opsuite.snapshot:/app/dashboard");
  await page.getByRole("button", { name: /^User menu for/ }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await kept()).toEqual([]);
  await context.close();
});

test("the client portal's first screen starts with the page, and a repeat visit paints at once", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/client-portal");
  await submitSignIn(page, "client@northwind.test");
  await expect(page).toHaveURL(/\/client-portal\/dashboard$/);
  await expect(page.getByRole("cell", { name: "Northwind ERP Rollout" })).toBeVisible();
  await forgetKeptDescriptors(page);

  const wanted = ["GET /ui/screens/client-portal/dashboard", "GET /ui/shell", "POST /auth/me"];
  const seen = await holdEntryUntilRequested(page, wanted);
  await page.goto("/client-portal/dashboard");
  await expect(page.getByRole("cell", { name: "Northwind ERP Rollout" })).toBeVisible();
  expect(seen.whileHeld.sort()).toEqual(wanted);
  expect(seen.all.sort()).toEqual(wanted);
  await page.unroute(ENTRY_CHUNK);

  // Left and opened again: the portal paints what it showed, inert, until revalidated.
  await page.goto("/static.html");
  const release = await holdShellRevalidation(page);
  await page.goto("/client-portal/dashboard");
  const painted = page.locator("#first-paint");
  await expect(painted).toBeVisible();
  await expect(painted).toHaveAttribute("inert", "");
  await expect(painted.getByText("Northwind ERP Rollout")).toBeVisible();
  release();
  await expect(painted).toHaveCount(0);
  await expect(page.getByRole("cell", { name: "Northwind ERP Rollout" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Portal navigation" })).toBeVisible();
  await context.close();
});
