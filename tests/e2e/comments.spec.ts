/**
 * Commenting needs its own permission: the roles matrix shows it as a column, and a
 * role without it (finance reads clients but does not change them) sees a client's
 * timeline with no comment box, on a wide screen and on a phone, while sales, who
 * change clients, see it and comment.
 */
import { expect, type Page, test } from "@playwright/test";
import { permissionBox, signIn } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

const CLIENT_FORM = "/app/clients/cli_contoso";
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

async function openTimeline(page: Page) {
  await page.goto(CLIENT_FORM);
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByRole("heading", { name: "Timeline" })).toBeVisible();
  // Its history loaded: the comment box, where there is one, sits above it.
  await expect(timeline.getByText("Loading the timeline…")).toHaveCount(0);
  return timeline;
}

test("the roles matrix shows the Comment permission, granted where a role may update", async ({ page }) => {
  await page.setViewportSize(SIZES.desktop);
  await signIn(page, "admin@acme.test", "/app/rbac");
  await expect(page.getByRole("columnheader", { name: "Comment", exact: true })).toBeVisible();
  await expect(await permissionBox(page, "Finance", "clients.comment")).not.toBeChecked();
  const sales = await permissionBox(page, "Sales", "clients.comment");
  await expect(sales).toBeChecked();
  // The columns, with the first modules under them (Tasks: Comment next to Update).
  await page.getByRole("columnheader", { name: "Comment", exact: true }).scrollIntoViewIfNeeded();
  await reviewShot(page, "roles-matrix-comment");
  await sales.scrollIntoViewIfNeeded();
  await reviewShot(page, "roles-matrix-comment-clients");
});

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`on a ${size}, a role without clients.comment sees the timeline but no comment box`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, "finance@acme.test");
    const timeline = await openTimeline(page);
    await expect(timeline.getByRole("textbox", { name: "Comment" })).toHaveCount(0);
    await expect(timeline.getByRole("button", { name: "Add comment" })).toHaveCount(0);
    await timeline.scrollIntoViewIfNeeded();
    await reviewShot(page, `comment-none-${size}`);
  });

  test(`on a ${size}, a role with clients.comment comments on the client`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, "sales@acme.test");
    const timeline = await openTimeline(page);
    const box = timeline.getByRole("textbox", { name: "Comment" });
    await box.fill(`Called them about the renewal (${size})`);
    await timeline.getByRole("button", { name: "Add comment" }).click();
    await expect(timeline.getByText(`Called them about the renewal (${size})`)).toBeVisible();
    await timeline.scrollIntoViewIfNeeded();
    await reviewShot(page, `comment-box-${size}`);
  });
}
