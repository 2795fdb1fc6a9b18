/**
 * The tasks list seen as a timeline, as a project manager: at 1440 px the month's
 * tasks show as bars from start to due date, one dragged two days later is sent as
 * one PATCH of both dates and keeps them after a reload; at 390 px the chart
 * scrolls sideways inside itself, never the page, and a task moves a day through
 * its row's button, staying moved after a reload. A finance user, who reads tasks
 * but changes none, is offered no way to move them.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { signIn } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

async function openTimeline(page: Page, email: string): Promise<void> {
  await signIn(page, email, "/app/tasks");
  await page.getByRole("group", { name: "Show as" }).getByRole("button", { name: "Timeline" })
    .click();
  await expect(page).toHaveURL(/layout=timeline/);
  await settled(page);
}

async function settled(page: Page): Promise<void> {
  await expect(page.locator(".timeline-view-scroll")).toBeVisible();
  await expect(page.locator(".timeline-view-scroll")).not.toHaveAttribute("aria-busy", "true");
}

/** Reloads the page and waits for the app to take the place of the page painted from the last visit. */
async function reload(page: Page): Promise<void> {
  await page.reload();
  await expect(page.locator("#first-paint")).toHaveCount(0);
  await settled(page);
}

function barOf(page: Page, id: string): Locator {
  return page.locator(`.record-timeline-view .timeline-bar[data-record-id="${id}"]`);
}

/** The first bar wholly inside the window (neither end cut), its id, title and name. */
async function firstBar(page: Page) {
  const bar = page.locator(".timeline-bar:not(.is-cut-start):not(.is-cut-end)").first();
  await expect(bar).toBeVisible();
  const id = (await bar.getAttribute("data-record-id"))!;
  const title = (await bar.innerText()).trim();
  const label = (await bar.getAttribute("aria-label"))!;
  return { bar: barOf(page, id), id, title, label };
}

async function scrollToTimeline(page: Page): Promise<void> {
  await page.locator(".layout-switch").evaluate((e) =>
    scrollTo(0, e.getBoundingClientRect().top + scrollY - 72)
  );
}

function patchesOf(page: Page): { url: string; body: unknown }[] {
  const patches: { url: string; body: unknown }[] = [];
  page.on("request", (r) => {
    if (r.method() === "PATCH") patches.push({ url: r.url(), body: r.postDataJSON() });
  });
  return patches;
}

test.describe("on a desktop", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("a task's bar dragged two days later keeps both its new dates after a reload", async ({ page }) => {
    await openTimeline(page, "pm@acme.test");
    await expect(page.locator(".record-timeline-view .calendar-title")).toHaveText(
      /^[A-Z][a-z]+ \d{4}$/,
    );
    await expect(page.locator(".timeline-bar").first()).toBeVisible();
    const { bar, id, title, label } = await firstBar(page);
    expect(label).toMatch(new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: `));
    await expect(page.locator(".timeline-arrow").first()).toBeAttached();
    await scrollToTimeline(page);
    await reviewShot(page, "desktop-task-timeline");

    const patches = patchesOf(page);
    const box = (await bar.boundingBox())!;
    const dayWidth = await page.locator(".timeline-view-plot").evaluate((plot) =>
      plot.getBoundingClientRect().width /
      plot.querySelectorAll(".timeline-view-mark").length
    );
    await page.mouse.move(box.x + 6, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 6 + dayWidth, box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(box.x + 6 + dayWidth * 2.1, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect(page.locator(".record-timeline-view [aria-live=assertive]")).toContainText(
      `${title} moved to`,
    );
    await expect(bar).not.toHaveAttribute("aria-label", label);
    const moved = (await bar.getAttribute("aria-label"))!;
    expect(patches).toHaveLength(1);
    const values = (patches[0].body as { values: Record<string, string> }).values;
    expect(Object.keys(values).sort()).toEqual(["due_date", "start_date"]);
    await expect(page).toHaveURL(/layout=timeline/);

    await reload(page);
    await expect(barOf(page, id)).toHaveAttribute("aria-label", moved);

    await page.getByRole("group", { name: "Timeline shows" }).getByRole("button", {
      name: "Quarter",
    }).click();
    await settled(page);
    await scrollToTimeline(page);
    await reviewShot(page, "desktop-task-timeline-quarter");
  });

  test("a finance user, who changes no task, is offered no way to move one", async ({ page }) => {
    await openTimeline(page, "finance@acme.test");
    await expect(page.locator(".timeline-bar").first()).toBeVisible();
    await expect(page.getByRole("button", { name: /a day (earlier|later)$/ })).toHaveCount(0);
    const patches = patchesOf(page);
    await page.locator(".timeline-bar").first().focus();
    await page.keyboard.press("Shift+ArrowRight");
    await page.waitForTimeout(300);
    expect(patches).toHaveLength(0);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("the chart scrolls inside itself, and a task moves a day later through its row's button", async ({ page }) => {
    await openTimeline(page, "pm@acme.test");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    const scroller = page.locator(".timeline-view-scroll");
    expect(await scroller.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
    const { bar, id, title, label } = await firstBar(page);
    await scrollToTimeline(page);
    await reviewShot(page, "phone-task-timeline");

    const patches = patchesOf(page);
    const row = page.locator(".timeline-view-labels li").nth(
      await page.locator(".timeline-bar").evaluateAll(
        (all, wanted) => all.findIndex((e) => e.getAttribute("data-record-id") === wanted),
        id,
      ) + 1,
    );
    await row.getByRole("button", { name: `Move ${title} a day later` }).click();
    await expect(page.locator(".record-timeline-view [aria-live=assertive]")).toContainText(
      `${title} moved to`,
    );
    await expect(bar).not.toHaveAttribute("aria-label", label);
    const moved = (await bar.getAttribute("aria-label"))!;
    expect(patches).toHaveLength(1);
    await reviewShot(page, "phone-task-timeline-moved");

    await reload(page);
    await expect(barOf(page, id)).toHaveAttribute("aria-label", moved);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});
