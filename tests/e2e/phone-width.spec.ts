/**
 * The phone-width walk: every screen of the demo data, opened at 390 px, is at most
 * 390 px wide (the document's scrollWidth), so nothing slides sideways. A screen
 * that is wider fails the walk by its path, naming what sticks out.
 *
 * "Every screen" is read from the server, not listed here: each demo account's
 * route table (`/ui/routes`), the new-record form of every type it may create, the
 * form of the first record of every type it may read (and every other `:id` route
 * of that type's module, such as the printable invoice), and the other routes with
 * parameters filled from the first link (or row link) to them on a walked screen,
 * else with a sample value, so that no route of the table is left out.
 */
import { expect, type Page, test } from "@playwright/test";
import { signIn, submitSignIn } from "./support.ts";

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, hasTouch: true });

interface RouteEntry {
  path: string;
  audience: string;
}

interface RecordTypeEntry {
  id: string;
  module: string;
  form_route?: string;
  can?: { read?: boolean; create?: boolean };
}

/** A screen wider than the phone, with what sticks out furthest to the right. */
interface TooWide {
  path: string;
  width: number;
  widest: string;
}

/** Calls the server as the signed-in person, with their stored token. */
async function serverJson<T>(page: Page, path: string, body?: unknown): Promise<T> {
  return await page.evaluate(async ({ url, payload }) => {
    const token = localStorage.getItem("access_token");
    const answer = await fetch(url, {
      method: payload === undefined ? "GET" : "POST",
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(payload === undefined ? {} : { "content-type": "application/json" }),
      },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
    if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
    return await answer.json();
  }, { url: path, payload: body }) as T;
}

/**
 * Opens `path` as a link inside the app would (the router follows the history), so
 * the walk does not load the whole client again for every screen. The screen shown
 * before is marked, and the walk waits until it has been replaced.
 */
async function openInApp(page: Page, path: string): Promise<void> {
  if (new URL(page.url()).pathname === path) return;
  await page.evaluate((to) => {
    for (const old of Array.from(document.querySelectorAll("main > *"))) {
      old.setAttribute("data-walked", "");
    }
    history.pushState(null, "", to);
    dispatchEvent(new PopStateEvent("popstate", { state: null }));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(page.locator("main > [data-walked]")).toHaveCount(0, { timeout: 15_000 });
}

/** Waits until the screen has loaded: no skeleton, no "Loading…" status, fonts ready. */
async function settle(page: Page): Promise<void> {
  await expect(page.locator("main").first()).toBeVisible();
  await expect(page.locator("[aria-busy='true'], .skeleton, .record-loading")).toHaveCount(0, {
    timeout: 15_000,
  });
  await page.evaluate(() => document.fonts.ready);
  // Charts and tables that size themselves after their data arrive draw on the next frames.
  await page.waitForTimeout(250);
}

/**
 * How wide the screen is: the document's scrollWidth, or the main area's should it
 * ever scroll by itself. When too wide, names what sticks out furthest to the right.
 */
async function measure(page: Page, path: string): Promise<TooWide | undefined> {
  const result = await page.evaluate((limit) => {
    const main = document.querySelector("main");
    const width = Math.max(document.documentElement.scrollWidth, main?.scrollWidth ?? 0);
    if (width <= limit) return { width, widest: "" };
    let widest = "";
    let right = limit;
    for (const element of Array.from(document.body.querySelectorAll("*"))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= right + 0.5) continue;
      right = box.right;
      const classes = typeof element.className === "string" && element.className !== ""
        ? `.${element.className.trim().split(/\s+/).join(".")}`
        : "";
      widest = `${element.tagName.toLowerCase()}${classes} (right edge ${Math.round(right)} px)`;
    }
    return { width, widest };
  }, PHONE.width);
  return result.width > PHONE.width ? { path, ...result } : undefined;
}

/** A route pattern (`/app/reports/:reportType`) as a test of concrete paths. */
function patternOf(route: string): RegExp {
  const source = route.split("/").map((part) =>
    part.startsWith(":") ? "[^/?#]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
  ).join("/");
  return new RegExp(`^${source}$`);
}

/** Every in-app link on the current screen, without query or hash. */
async function linksOn(page: Page): Promise<string[]> {
  return await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLAnchorElement>("a[href]"))
      .map((a) => new URL(a.href, location.href))
      .filter((url) => url.origin === location.origin)
      .map((url) => url.pathname)
  );
}

/** The screens a staff member opens for records: new forms and the first record's routes. */
async function recordScreens(page: Page, withParams: string[]): Promise<Map<string, string>> {
  const filled = new Map<string, string>();
  const { types } = await serverJson<{ types: RecordTypeEntry[] }>(page, "/api/records/types");
  for (const type of types) {
    if (!type.form_route) continue;
    const form = `/app/${type.form_route}`;
    if (type.can?.create) filled.set(`${form} (new)`, form.replace(":id", "new"));
    const { items } = await serverJson<{ items: { id: string }[] }>(
      page,
      `/api/records/${type.id}/list`,
      { limit: 1 },
    );
    if (items.length === 0) continue;
    const id = encodeURIComponent(items[0].id);
    for (const route of withParams) {
      const ofModule = route.startsWith(`/app/${type.module}/`) && route.endsWith("/:id") &&
        route.split(":").length === 2;
      if (route === form || ofModule) filled.set(route, route.replace(":id", id));
    }
  }
  return filled;
}

/** Walks every screen of `audience` the signed-in person may open; answers those too wide. */
async function walk(page: Page, audience: "staff" | "portal"): Promise<TooWide[]> {
  const { routes } = await serverJson<{ routes: RouteEntry[] }>(page, "/ui/routes");
  const own = routes.filter((r) => r.audience === audience && !r.path.endsWith("*"));
  const withParams = own.filter((r) => r.path.includes(":")).map((r) => r.path);
  const filled = audience === "staff"
    ? await recordScreens(page, withParams)
    : new Map<string, string>();
  const queue = [
    ...own.filter((r) => !r.path.includes(":")).map((r) => r.path),
    ...filled.values(),
  ];
  const seen = new Set<string>();
  const tooWide: TooWide[] = [];
  const unfilled = () => withParams.filter((route) => !filled.has(route));
  function fillFrom(path: string): void {
    for (const route of unfilled()) {
      if (!path.endsWith("/new") && patternOf(route).test(path)) {
        filled.set(route, path);
        queue.push(path);
      }
    }
  }
  while (true) {
    if (queue.length === 0) {
      // Routes no walked screen leads to are opened with a sample value.
      const left = unfilled();
      if (left.length === 0) break;
      for (const route of left) {
        const sample = route.replace(/:[A-Za-z0-9_]+/g, "sample");
        filled.set(route, sample);
        queue.push(sample);
      }
    }
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    await openInApp(page, path);
    await settle(page);
    const wide = await measure(page, path);
    if (wide) tooWide.push(wide);
    for (const link of await linksOn(page)) fillFrom(link);
    // A table whose rows open a screen (a portal project) links by a button, not an anchor.
    const rowLink = page.locator("main button.row-link").first();
    if (unfilled().length > 0 && await rowLink.count() > 0) {
      await rowLink.click();
      await page.waitForURL((url) => url.pathname !== path, { timeout: 5_000 }).catch(() => {});
      fillFrom(new URL(page.url()).pathname);
    }
  }
  console.log(`${audience}: ${seen.size} screens walked`);
  return tooWide;
}

for (const email of ["admin@acme.test", "pm@acme.test", "sales@acme.test", "finance@acme.test"]) {
  test(`every screen ${email} may open fits a 390 px phone`, async ({ page }) => {
    test.setTimeout(600_000);
    await signIn(page, email);
    expect(await walk(page, "staff")).toEqual([]);
  });
}

test("every portal screen fits a 390 px phone", async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto("/client-portal");
  await submitSignIn(page, "client@northwind.test");
  await expect(page).toHaveURL(/\/client-portal\/dashboard$/);
  expect(await walk(page, "portal")).toEqual([]);
});

test("every public and sign-in screen fits a 390 px phone", async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto("/");
  const { routes } = await serverJson<{ routes: RouteEntry[] }>(page, "/ui/routes");
  const tooWide: TooWide[] = [];
  for (const route of routes.filter((r) => r.audience === "public" || r.audience === "guest")) {
    await openInApp(page, route.path);
    await settle(page);
    const wide = await measure(page, route.path);
    if (wide) tooWide.push(wide);
  }
  expect(tooWide).toEqual([]);
});

test("a record whose title is one long word (a pasted formula) still fits a 390 px phone", async ({ page }) => {
  await signIn(page, "admin@acme.test");
  const name = `=HYPERLINK("http://evil.test/${Date.now()}","Pay here")`;
  const { record } = await serverJson<{ record: { id: string } }>(page, "/api/records/client", {
    values: { name },
  });
  const path = `/app/clients/${record.id}`;
  await openInApp(page, path);
  await settle(page);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  expect(await measure(page, path)).toBeUndefined();
  // Its invoice, printed: the name wraps inside the Bill to block.
  const invoice = await serverJson<{ record: { id: string } }>(page, "/api/records/invoice", {
    values: {
      client: record.id,
      issue_date: "2026-11-02",
      lines: [{ description: "Data migration", quantity: 2, rate: 100 }],
    },
  });
  const print = `/app/invoices/print/${invoice.record.id}`;
  await openInApp(page, print);
  await settle(page);
  await expect(page.locator(".printed-recipient-name")).toHaveText(name);
  expect(await measure(page, print)).toBeUndefined();
});
