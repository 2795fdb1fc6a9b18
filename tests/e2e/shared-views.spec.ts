/**
 * A list view shared with a role, at desktop and phone size: the administrator
 * saves the active projects as a view shared with members; a member finds it
 * among the views shared with them, with who shared it, and sees its projects
 * without the budget column members may not read. Only the owner may stop
 * sharing it, and then the member no longer finds it.
 */
import { expect, test } from "@playwright/test";
import { signIn, SIZES } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test("a view shared with members is offered to a member, fitted to what they may see", async ({ page, browser }) => {
      test.setTimeout(120_000);
      const label = `Active work (${size.name})`;
      await signIn(page, "admin@acme.test", "/app/projects");
      const list = page.getByRole("region", { name: "Projects" });
      await page.getByRole("button", { name: "Filter" }).click();
      const form = page.getByRole("form", { name: "Add filter" });
      await form.getByLabel("Field").selectOption({ label: "Status" });
      await form.getByLabel("Value").selectOption({ label: "Active" });
      await form.getByRole("button", { name: "Apply filter" }).click();
      await page.getByRole("button", { name: "Columns" }).click();
      await page.getByRole("group", { name: "Columns shown" }).getByRole("checkbox", {
        name: "Budget",
      }).check();
      await page.getByRole("button", { name: "Columns" }).click();
      await expect(list.getByRole("columnheader", { name: "Budget" })).toBeVisible();
      await page.getByRole("button", { name: "Save view" }).click();
      await page.getByRole("textbox", { name: "View name" }).fill(label);
      await page.getByRole("combobox", { name: "Share with" }).selectOption({
        label: "Member",
      });
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByRole("combobox", { name: "View" })).toHaveValue(/^view_/);
      await expect(page.getByRole("combobox", { name: "Shared with" })).toHaveValue(
        "roles:member",
      );

      const member = await browser.newPage({ viewport: size.viewport });
      try {
        await signIn(member, "member@acme.test", "/app/projects");
        const picker = member.getByRole("combobox", { name: "View" });
        // Apart from the member's own views, under "Shared with you" (an option group).
        await expect(picker.locator('optgroup[label="Shared with you"]')).toContainText(
          `${label} (Alice Morgan)`,
        );
        await picker.selectOption({ label: `${label} (Alice Morgan)` });
        const theirs = member.getByRole("region", { name: "Projects" });
        await expect(theirs.getByRole("columnheader", { name: "Status" })).toBeVisible();
        await expect(theirs.getByRole("columnheader", { name: "Budget" })).toHaveCount(0);
        await expect(theirs.getByRole("cell", { name: "Planning" })).toHaveCount(0);
        await expect(theirs.getByRole("cell", { name: "Active" }).first()).toBeVisible();
        // It stays the administrator's: the member may neither share it nor delete it.
        await expect(member.getByRole("combobox", { name: "Shared with" })).toHaveCount(0);
        await expect(member.getByRole("button", { name: "Delete view" })).toHaveCount(0);
        await reviewShot(member, `shared-view-${size.name}`, { fullPage: true });

        await page.getByRole("combobox", { name: "Shared with" }).selectOption({
          label: "Only me",
        });
        await expect(page.getByText("View no longer shared")).toBeVisible();
        await member.reload();
        await expect(
          member.getByRole("combobox", { name: "View" }).getByRole("option", {
            name: `${label} (Alice Morgan)`,
          }),
        ).toHaveCount(0);
      } finally {
        await member.close();
      }
    });
  });
}
