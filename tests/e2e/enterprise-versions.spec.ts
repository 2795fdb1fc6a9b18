/**
 * The Versions tab of an enterprise project: a project manager changes the
 * project's risk, compares two versions side by side, then rolls the project
 * back to its baseline with a reason and sees the baseline's values restored.
 */
import { expect, test } from "@playwright/test";
import { signIn } from "./support.ts";

test("a project is rolled back to a version from its Versions tab", async ({ page }) => {
  await signIn(page, "pm@acme.test", "/app/projects/prj_acme_portal");
  const form = page.getByRole("form", { name: "Customer portal rebuild" });
  const risk = form.getByRole("combobox", { name: "Risk level", exact: true });
  await expect(risk).toHaveValue("high");
  await risk.selectOption({ label: "Critical" });
  await form.getByRole("button", { name: "Save", exact: true }).click();
  await expect(form.getByRole("button", { name: "Save", exact: true })).toBeEnabled();

  await page.getByRole("tab", { name: "Versions" }).click();
  const versions = page.getByRole("table", { name: "Project versions" });
  await expect(versions.getByRole("row", { name: /Baseline plan/ })).toBeVisible();

  await page.getByRole("combobox", { name: "From version" }).selectOption({
    label: "Baseline plan",
  });
  await page.getByRole("combobox", { name: "To version" }).selectOption({
    label: "Moved development effort to the developer",
  });
  await page.getByRole("button", { name: "Compare", exact: true }).click();
  const differences = page.getByRole("table", { name: "Differences between the two versions" });
  await expect(differences.getByRole("row", { name: /Project\s+Risk level\s+Medium\s+High/ }))
    .toBeVisible();

  await versions.getByRole("row", { name: /Baseline plan/ })
    .getByRole("button", { name: "Roll back to this version" }).click();
  await page.getByRole("textbox", { name: "Why roll back?" }).fill(
    "The steering committee kept the original plan",
  );
  await page.getByRole("button", { name: "Roll back", exact: true }).click();
  await expect(versions.getByRole("row", { name: /Rolled back to version 1/ })).toBeVisible();
  await expect(versions.getByRole("row", { name: /The steering committee kept the original plan/ }))
    .toBeVisible();

  await page.getByRole("tab", { name: "Details" }).click();
  await expect(risk).toHaveValue("medium");
  await expect(form.getByRole("spinbutton", { name: "Complexity", exact: true })).toHaveValue("7");
});
