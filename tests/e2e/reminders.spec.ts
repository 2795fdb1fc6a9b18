/**
 * Reminders in the browser, at desktop and phone size: the administrator opens a
 * task, chooses Remind me, sets a reminder for the coming minute with a note,
 * and — without a reload — the open bell shows its notice when it is sent,
 * naming the task and linking to it, and the reminders list shows it sent,
 * in words.
 */
import { expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, signIn, SIZES } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

// The reminder is due within a minute and the delivery looks every 5 seconds (playwright.config.ts).
test.setTimeout(180_000);

/** A task of Acme's the administrator may read, with its title. */
async function someTask(page: Page): Promise<{ id: string; title: string }> {
  const login = await page.request.post("/auth/login", {
    data: { email: "admin@acme.test", password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
  const res = await page.request.post("/api/records/task/list", { headers, data: { limit: 1 } });
  expect(res.ok()).toBe(true);
  const [task] = (await res.json()).items;
  return { id: String(task.id), title: String(task.title) };
}

/** The browser's local `YYYY-MM-DDTHH:mm` of the first whole minute at least 20 s away. */
function comingMinute(page: Page): Promise<string> {
  return page.evaluate(() => {
    const at = new Date(Date.now() + 20_000);
    if (at.getSeconds() > 0 || at.getMilliseconds() > 0) at.setMinutes(at.getMinutes() + 1, 0, 0);
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${
      pad(at.getHours())
    }:${pad(at.getMinutes())}`;
  });
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test("a reminder set from a record's form arrives in the bell at its time", async ({ page }) => {
      const task = await someTask(page);
      const note = `Follow up on this task (${size.name})`;
      await signIn(page, "admin@acme.test", `/app/tasks/${task.id}`);
      await page.getByRole("button", { name: "Remind me" }).click();
      const dialog = page.getByRole("dialog", { name: "Remind me" });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel("Remind at").fill(await comingMinute(page));
      await dialog.getByRole("textbox", { name: "Note" }).fill(note);
      await expect(dialog.getByText("You, or a colleague who may read")).toBeVisible();
      await reviewShot(page, `reminders-dialog-${size.name}`);
      await dialog.getByRole("button", { name: "Remind me" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText("Reminder set")).toBeVisible();

      // No reload: the open bell shows the notice once the reminder is sent.
      await page.getByRole("button", { name: /^Notifications/ }).click();
      const notice = page.getByRole("dialog").getByRole("link", {
        name: new RegExp(`Reminder: ${task.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
      }).filter({ hasText: note });
      await expect(notice).toBeVisible({ timeout: 120_000 });
      await expect(notice).toHaveAttribute("href", `/app/tasks/${task.id}`);
      await reviewShot(page, `reminders-bell-${size.name}`);
      await page.keyboard.press("Escape");

      await page.goto("/app/reminders");
      const row = page.getByRole("row").filter({ hasText: note });
      await expect(row).toContainText("Sent");
      await expect(row).toContainText(task.title);
      await expect(page.getByText("pending", { exact: true })).toHaveCount(0);
      await expect(page.getByText("sent", { exact: true })).toHaveCount(0);
      await reviewShot(page, `reminders-list-${size.name}`, { fullPage: true });
    });
  });
}
