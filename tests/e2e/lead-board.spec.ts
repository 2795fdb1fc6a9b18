/**
 * The leads list seen as a board by stage, as the sales user: a lead dragged from
 * New to Contacted stays there after a reload (one PATCH), and a lead dragged to Won,
 * which only people allowed to win leads may set, is refused with the server's
 * reason and goes back. At 1440 px by pointer drag, into a place between two cards
 * that it keeps; at 390 px, where the columns scroll sideways, through the card's
 * "Move to" menu, which puts it at the top of its new column.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { signIn } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

const REFUSAL = "Only people allowed to win leads may mark a lead won";

function column(page: Page, stage: string): Locator {
  return page.locator(`[data-board-column="${stage}"]`);
}

/** A lead's card in a stage's column, by the lead's id (two leads may share a name). */
function card(page: Page, stage: string, id: string): Locator {
  return column(page, stage).locator(`[data-card-id="${id}"]`);
}

async function countOf(page: Page, stage: string): Promise<number> {
  return Number(
    (await column(page, stage).locator(".board-column-count").innerText()).replace(/,/g, ""),
  );
}

async function openBoard(page: Page): Promise<void> {
  await signIn(page, "sales@acme.test", "/app/leads");
  await page.getByRole("button", { name: "Board", exact: true }).click();
  await expect(page).toHaveURL(/layout=board/);
  await expect(column(page, "new").locator(".board-card").first()).toBeVisible();
}

/** Reloads the page and waits for the app to take the place of the page painted from the last visit. */
async function reload(page: Page): Promise<void> {
  await page.reload();
  await expect(page.locator("#first-paint")).toHaveCount(0);
  await expect(page.locator(".record-board")).toBeVisible();
}

/** Drags `from` with the mouse to `to`, at `y` pixels below its top (its middle if not given). */
async function dragTo(page: Page, from: Locator, to: Locator, y?: number): Promise<void> {
  await from.scrollIntoViewIfNeeded();
  const start = (await from.boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + 16);
  await page.mouse.down();
  await to.scrollIntoViewIfNeeded();
  const end = (await to.boundingBox())!;
  await page.mouse.move(end.x + end.width / 2, end.y + (y ?? end.height / 2), { steps: 12 });
  await expect(to).toHaveClass(/is-target/);
  await page.mouse.up();
}

/** The y, within a column, of the gap between its first and second cards. */
async function betweenFirstAndSecond(page: Page, stage: string): Promise<number> {
  const box = (await column(page, stage).boundingBox())!;
  const first = (await column(page, stage).locator(".board-card").nth(0).boundingBox())!;
  const second = (await column(page, stage).locator(".board-card").nth(1).boundingBox())!;
  return (first.y + first.height + second.y) / 2 - box.y;
}

test.describe("on a desktop", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("a lead dragged across the stage columns stays moved, and one dragged to Won is refused and goes back", async ({ page }) => {
    await openBoard(page);
    const first = column(page, "new").locator(".board-card").first();
    const title = (await first.locator(".board-card-title").innerText()).trim();
    const id = (await first.getAttribute("data-card-id"))!;
    await expect(first).toHaveAccessibleName(title);
    const newCount = await countOf(page, "new");
    const contactedCount = await countOf(page, "contacted");
    await page.locator(".layout-switch").evaluate((e) =>
      scrollTo(0, e.getBoundingClientRect().top + scrollY - 72)
    );
    await reviewShot(page, "desktop-lead-board");

    const patches: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "PATCH") patches.push(r.url());
    });
    const wasFirst = await column(page, "contacted").locator(".board-card").first()
      .getAttribute("data-card-id");
    await column(page, "contacted").scrollIntoViewIfNeeded();
    await dragTo(
      page,
      first,
      column(page, "contacted"),
      await betweenFirstAndSecond(page, "contacted"),
    );
    await expect(card(page, "contacted", id)).toBeVisible();
    await expect(card(page, "new", id)).toHaveCount(0);
    await expect.poll(() => countOf(page, "new")).toBe(newCount - 1);
    await expect.poll(() => countOf(page, "contacted")).toBe(contactedCount + 1);
    expect(patches.length).toBe(1);

    await reload(page);
    await expect(card(page, "contacted", id)).toBeVisible();
    await expect(card(page, "new", id)).toHaveCount(0);
    // It stayed where it was put: second, under the card that was first.
    const order = column(page, "contacted").locator(".board-card");
    await expect(order.nth(0)).toHaveAttribute("data-card-id", wasFirst!);
    await expect(order.nth(1)).toHaveAttribute("data-card-id", id);

    await dragTo(page, card(page, "contacted", id), column(page, "won"));
    await expect(page.getByRole("alert").filter({ hasText: REFUSAL })).toBeVisible();
    await expect(card(page, "contacted", id)).toBeVisible();
    await expect(card(page, "won", id)).toHaveCount(0);
    await reviewShot(page, "desktop-lead-board-refused");
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("the columns scroll sideways and a lead moves through its Move to menu, refused for Won", async ({ page }) => {
    await openBoard(page);
    const columns = page.locator(".board-columns");
    const widths = await columns.evaluate((e) => [e.scrollWidth, e.clientWidth]);
    expect(widths[0]).toBeGreaterThan(widths[1]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    const first = column(page, "new").locator(".board-card").first();
    const title = (await first.locator(".board-card-title").innerText()).trim();
    const id = (await first.getAttribute("data-card-id"))!;
    await expect(first).toHaveAccessibleName(title);
    await page.locator(".layout-switch").evaluate((e) =>
      scrollTo(0, e.getBoundingClientRect().top + scrollY - 72)
    );
    await reviewShot(page, "phone-lead-board");
    await first.locator("xpath=..").getByRole("combobox", { name: `Move ${title} to` })
      .selectOption({ label: "Contacted" });
    await expect(card(page, "contacted", id)).toBeAttached();
    await expect(card(page, "new", id)).toHaveCount(0);

    await reload(page);
    await expect(card(page, "contacted", id)).toBeAttached();
    // The menu puts a card at the top of its new column, and there it stays.
    await expect(column(page, "contacted").locator(".board-card").first())
      .toHaveAttribute("data-card-id", id);

    await card(page, "contacted", id).locator("xpath=..")
      .getByRole("combobox", { name: `Move ${title} to` })
      .selectOption({ label: "Won" });
    await expect(page.getByRole("alert").filter({ hasText: REFUSAL })).toBeVisible();
    await expect(card(page, "contacted", id)).toBeAttached();
    await expect(card(page, "won", id)).toHaveCount(0);
    await page.locator(".layout-switch").evaluate((e) =>
      scrollTo(0, e.getBoundingClientRect().top + scrollY - 72)
    );
    await reviewShot(page, "phone-lead-board-refused");
  });
});
