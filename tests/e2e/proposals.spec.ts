/**
 * A proposal from first line to signature, at desktop and phone size: a
 * salesperson writes one for Northwind with five lines and an optional one (the
 * total leaves the optional line out) and sends it; the client, in a fresh
 * browser, opens it in the portal, ticks the optional line, types their name and
 * accepts; staff then see it Accepted, signed, its total with the picked line, the
 * draft deposit invoice it made and the project its template planned, with tasks.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { signIn, SIZES, submitSignIn } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

const RUN = Date.now().toString(36);

test.setTimeout(180_000);

function cell(form: Locator, label: string, row: number): Locator {
  return form.getByRole("textbox", { name: `${label} row ${row}`, exact: true })
    .or(form.getByRole("spinbutton", { name: `${label} row ${row}`, exact: true }));
}

async function pickLink(scope: Locator, label: string, text: string, title: string) {
  const box = scope.getByRole("combobox", { name: label, exact: true });
  await box.fill(text);
  await scope.page().getByRole("option", { name: new RegExp(`^${title}`) }).first().click();
  await expect(box).toHaveValue(title);
}

/** The text a read-only value shows in the form, by its label (the field, not a table's heading). */
function shown(page: Page, label: string): Locator {
  return page.getByRole("form").getByText(label, { exact: true }).locator("..").first();
}

const LINES: [string, string, string, string][] = [
  ["Discovery", "Discovery workshops", "2", "1200"],
  ["Design", "Visual design", "3", "900"],
  ["Build", "Build and integration", "10", "850"],
  ["Build", "Content migration", "1", "1500"],
  ["Launch", "Launch support", "2", "600"],
];

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test("a proposal is written, sent, picked and signed in the portal, and makes its deposit invoice", async ({ page: salesPage, browser }) => {
      let page = salesPage;
      const title = `Relaunch ${size.name} ${RUN}`;
      await signIn(page, "sales@acme.test", "/app/proposals/new");
      const form = page.getByRole("form");
      await form.getByLabel("Title").fill(title);
      await pickLink(form, "Client", "North", "Northwind Traders");
      await form.getByLabel("Deposit %").fill("30");
      await pickLink(form, "Project template", "Web", "Web application");
      for (const [index, [section, description, quantity, rate]] of LINES.entries()) {
        await form.getByRole("button", { name: "Add row" }).click();
        await cell(form, "Section", index + 1).fill(section);
        await cell(form, "Description", index + 1).fill(description);
        await cell(form, "Quantity", index + 1).fill(quantity);
        await cell(form, "Rate", index + 1).fill(rate);
      }
      // 2,400 + 2,700 + 8,500 + 1,500 + 1,200
      await expect(shown(page, "Grand total")).toContainText("16,300.00");
      await form.getByRole("button", { name: "Add row" }).click();
      await cell(form, "Section", 6).fill("Launch");
      await cell(form, "Description", 6).fill("Training day");
      await cell(form, "Quantity", 6).fill("1");
      await cell(form, "Rate", 6).fill("700");
      await form.getByRole("checkbox", { name: "Optional row 6", exact: true }).check();
      // An optional line counts only once the client picks it.
      await expect(shown(page, "Grand total")).toContainText("16,300.00");
      await form.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page).toHaveURL(/\/app\/proposals\/edit\/(?!new)[^/]+$/);
      const saved = page.getByRole("form");
      await expect(saved.getByText(/^PRO-\d{4}-\d{5}$/)).toBeVisible();
      await saved.getByRole("button", { name: "Send", exact: true }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Send" }).click();
      await expect(saved.getByText("Sent", { exact: true }).first()).toBeVisible();
      await reviewShot(page, `proposal-sent-${size.name}`, { fullPage: true });
      const proposalUrl = page.url();

      // The client, in a browser of their own.
      const client = await (await browser.newContext({ viewport: size.viewport })).newPage();
      await client.goto("/client-portal");
      await submitSignIn(client, "client@northwind.test");
      await expect(client).toHaveURL(/\/client-portal\/dashboard$/);
      await client.getByRole("navigation", { name: "Portal navigation" })
        .getByRole("link", { name: "Proposals" }).click();
      const row = client.getByRole("row").filter({ hasText: title })
        .or(client.getByRole("listitem").filter({ hasText: title }));
      await row.getByRole("button", { name: "Open" }).or(row.getByRole("link", { name: "Open" }))
        .first().click();
      await expect(client.getByRole("heading", { name: title })).toBeVisible();
      await expect(client.getByText("Viewed", { exact: true }).first()).toBeVisible();
      await client.getByRole("checkbox", { name: /^Training day/ }).check();
      await client.getByLabel("Your full name, as your signature").fill("Nancy Davolio");
      await reviewShot(client, `proposal-portal-sign-${size.name}`, { fullPage: true });
      await client.getByRole("button", { name: "Accept and sign" }).click();
      await expect(client.getByText("Thank you: the proposal is accepted")).toBeVisible();
      await expect(client.getByText("Nancy Davolio")).toBeVisible();
      // 16,300 + the picked 700.
      await expect(client.getByText("$17,000", { exact: true }).first()).toBeVisible();
      await expect(client.getByRole("button", { name: "Accept and sign" })).toHaveCount(0);
      await reviewShot(client, `proposal-portal-accepted-${size.name}`, { fullPage: true });

      // Staff see it signed, and the deposit invoice it made (the administrator: the
      // salesperson does not read invoices).
      const proposalPath = new URL(proposalUrl).pathname;
      page = await (await browser.newContext({ viewport: size.viewport })).newPage();
      await signIn(page, "admin@acme.test", proposalPath);
      const accepted = page.getByRole("form");
      await expect(accepted.getByText("Accepted", { exact: true }).first()).toBeVisible();
      await expect(shown(page, "Signed by")).toContainText("Nancy Davolio");
      await expect(shown(page, "Grand total")).toContainText("17,000.00");
      await reviewShot(page, `proposal-accepted-${size.name}`, { fullPage: true });
      await shown(page, "Deposit invoice").getByRole("link").click();
      await expect(page).toHaveURL(/\/app\/invoices\/[^/]+$/);
      // 30% of 17,000, a draft for finance.
      await expect(shown(page, "Grand total")).toContainText("5,100.00");
      await expect(page.getByRole("form").getByText("Draft", { exact: true }).first())
        .toBeVisible();

      // And the project its template plans, with the template's tasks.
      await page.goto(proposalPath);
      await shown(page, "Project").getByRole("link").click();
      await expect(page).toHaveURL(/\/app\/projects\/[^/]+$/);
      await expect(page.getByText(title).first()).toBeVisible();
      await expect(page.getByText("Build the application").first()).toBeVisible();
      await reviewShot(page, `proposal-project-${size.name}`, { fullPage: true });
    });
  });
}
