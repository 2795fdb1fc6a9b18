/**
 * The tasks list seen as a calendar by due date, as a project manager: at 1440 px a
 * task dragged to another day of the month stays there after a reload (one PATCH);
 * at 390 px the calendar opens on a week whose days stack as an agenda, and a task
 * moves through its "Move" date, staying moved after a reload. A finance user, who
 * reads tasks but changes none, is offered no way to move them.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { signIn } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

function day(page: Page, date: string): Locator {
  return page.locator(`.calendar-day[data-day="${date}"]`);
}

function chipOn(page: Page, date: string, id: string): Locator {
  return day(page, date).locator(`[data-record-id="${id}"]`);
}

async function openCalendar(page: Page, email: string): Promise<void> {
  await signIn(page, email, "/app/tasks");
  await page.getByRole("group", { name: "Show as" }).getByRole("button", { name: "Calendar" })
    .click();
  await page.getByLabel("Dates by").selectOption({ label: "Due date" });
  await expect(page).toHaveURL(/layout=calendar&calendar=due_date/);
  await expect(page.locator(".record-calendar .calendar-days")).not.toHaveAttribute(
    "aria-busy",
    "true",
  );
}

/** Reloads the page and waits for the app to take the place of the page painted from the last visit. */
async function reload(page: Page): Promise<void> {
  await page.reload();
  await expect(page.locator("#first-paint")).toHaveCount(0);
  await expect(page.locator(".record-calendar .calendar-days")).toBeVisible();
  await expect(page.locator(".record-calendar .calendar-days")).not.toHaveAttribute(
    "aria-busy",
    "true",
  );
}

/** The first task shown, its day, and another day shown to move it to. */
async function firstTask(page: Page) {
  const chip = page.locator(".record-calendar [data-record-id]").first();
  await expect(chip).toBeVisible();
  const id = (await chip.getAttribute("data-record-id"))!;
  const title = (await chip.innerText()).trim();
  const from = (await chip.evaluate((e) => e.closest<HTMLElement>(".calendar-day")!.dataset.day))!;
  // The nearest other day with room to show one more (a month's day shows three).
  const days = await page.locator(".calendar-day").evaluateAll((all) =>
    all.map((e) => ({
      day: (e as HTMLElement).dataset.day!,
      full: e.querySelectorAll("[data-record-id]").length >= 3,
    }))
  );
  const at = days.findIndex((d) => d.day === from);
  const to = days.map((d, i) => ({ ...d, away: Math.abs(i - at) }))
    .filter((d) => d.day !== from && !d.full)
    .sort((a, b) => a.away - b.away)[0].day;
  return { chip, id, title, from, to };
}

function spanChoice(page: Page, name: "Month" | "Week"): Locator {
  return page.getByRole("group", { name: "Calendar shows" }).getByRole("button", { name });
}

async function scrollToCalendar(page: Page): Promise<void> {
  await page.locator(".layout-switch").evaluate((e) =>
    scrollTo(0, e.getBoundingClientRect().top + scrollY - 72)
  );
}

test.describe("on a desktop", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("a task dragged to another day of the month keeps its new due date after a reload", async ({ page }) => {
    await openCalendar(page, "pm@acme.test");
    await expect(page.locator(".calendar-title")).toHaveText(/^[A-Z][a-z]+ \d{4}$/);
    const { chip, id, title, from, to } = await firstTask(page);
    await expect(chip).toHaveAccessibleName(title);
    await scrollToCalendar(page);
    await reviewShot(page, "desktop-task-calendar");

    const patches: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "PATCH") patches.push(r.url());
    });
    await chip.dragTo(day(page, to));
    await expect(chipOn(page, to, id)).toBeVisible();
    await expect(chipOn(page, from, id)).toHaveCount(0);
    await expect(page.locator(".record-calendar [aria-live=assertive]")).toContainText(
      `${title} moved to`,
    );
    expect(patches).toHaveLength(1);

    await reload(page);
    await expect(page).toHaveURL(/layout=calendar&calendar=due_date/);
    await expect(chipOn(page, to, id)).toBeVisible();
    await expect(chipOn(page, from, id)).toHaveCount(0);

    await spanChoice(page, "Week").click();
    await scrollToCalendar(page);
    await reviewShot(page, "desktop-task-calendar-week");
  });

  test("a finance user, who changes no task, is offered no way to move one", async ({ page }) => {
    await openCalendar(page, "finance@acme.test");
    const chip = page.locator(".record-calendar [data-record-id]").first();
    await expect(chip).toBeVisible();
    await expect(chip).toHaveAttribute("draggable", "false");
    await expect(page.getByRole("button", { name: /to another day$/ })).toHaveCount(0);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("the calendar opens on a week of stacked days, and a task moves through its Move date", async ({ page }) => {
    await openCalendar(page, "pm@acme.test");
    await expect(spanChoice(page, "Week")).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    const { chip, id, title, from, to } = await firstTask(page);
    await scrollToCalendar(page);
    await reviewShot(page, "phone-task-calendar");

    // Two tasks may share a title: the chip's own Move button and date.
    const item = chip.locator("xpath=ancestor::li[1]");
    await item.getByRole("button", { name: `Move ${title} to another day` }).click();
    await item.getByRole("textbox", { name: `Move ${title} to` }).fill(to);
    await reviewShot(page, "phone-task-calendar-move");
    await item.getByRole("button", { name: "Move", exact: true }).click();
    await expect(chipOn(page, to, id)).toBeVisible();
    await expect(chipOn(page, from, id)).toHaveCount(0);

    await reload(page);
    await expect(chipOn(page, to, id)).toBeVisible();
    await expect(chipOn(page, from, id)).toHaveCount(0);
  });
});
