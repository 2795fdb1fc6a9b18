/**
 * Signing a proposal by its mailed link, at desktop and phone size: a salesperson
 * writes a proposal of five lines and an optional one (with a deposit and a
 * project template) and sends it; the client's contact opens the link from the
 * outgoing mail in a fresh browser with no account, reads the document, picks
 * the optional line, types their full name and signs; the salesperson then sees
 * the proposal accepted with its project and deposit invoice, and the signature's
 * evidence on its Signatures tab. The used link then says so.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, signIn, SIZES } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

const RUN = Date.now().toString(36);

test.setTimeout(180_000);

function cell(form: Locator, label: string, row: number): Locator {
  return form.getByRole("textbox", { name: `${label} row ${row}`, exact: true })
    .or(form.getByRole("spinbutton", { name: `${label} row ${row}`, exact: true }));
}

/** The text a read-only value shows in the form, by its label. */
function shown(page: Page, label: string): Locator {
  return page.getByRole("form").getByText(label, { exact: true }).locator("..").first();
}

const LINES = [
  ["Discovery", "Workshops", "2", "1000"],
  ["Design", "Visual design", "1", "2400"],
  ["Build", "Platform build", "4", "1000"],
  ["Build", "Content migration", "1", "800"],
  ["Launch", "Go-live support", "1", "500"],
];

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test("a proposal is signed by the link in its mail and is accepted", async ({ page, browser, request }) => {
      // A client of this run, so its contact's mail is this flow's alone.
      const clientName = `Signwell ${size.name} ${RUN}`;
      const contact = `sign-${size.name}-${RUN}@signwell.example`;
      const login = await request.post("/auth/login", {
        data: { email: "admin@acme.test", password: DEMO_PASSWORD },
      });
      expect(login.status()).toBe(200);
      const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
      const made = await request.post("/api/records/client", {
        headers,
        data: { values: { name: clientName, email: contact } },
      });
      expect(made.status(), await made.text()).toBe(201);

      await signIn(page, "sales@acme.test", "/app/proposals/new");
      const form = page.getByRole("form");
      await form.getByLabel("Title").fill(`Signed relaunch ${size.name} ${RUN}`);
      await form.getByRole("combobox", { name: "Client", exact: true }).fill("Signwell");
      await page.getByRole("option", { name: new RegExp(`^${clientName}`) }).first().click();
      await form.getByRole("combobox", { name: "Project template", exact: true }).fill("Web");
      await page.getByRole("option", { name: /^Web application/ }).first().click();
      await form.getByLabel("Deposit %").fill("30");
      for (const [i, [section, description, quantity, rate]] of LINES.entries()) {
        await form.getByRole("button", { name: "Add row" }).click();
        await cell(form, "Section", i + 1).fill(section);
        await cell(form, "Description", i + 1).fill(description);
        await cell(form, "Quantity", i + 1).fill(quantity);
        await cell(form, "Rate", i + 1).fill(rate);
      }
      await form.getByRole("button", { name: "Add row" }).click();
      await cell(form, "Section", 6).fill("Launch");
      await cell(form, "Description", 6).fill("Training day");
      await cell(form, "Quantity", 6).fill("1");
      await cell(form, "Rate", 6).fill("600");
      await form.getByRole("checkbox", { name: "Optional row 6" }).check();
      await form.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page).toHaveURL(/\/app\/proposals\/edit\/(?!new)[^/]+$/);
      const saved = page.getByRole("form");
      await saved.getByRole("button", { name: "Send", exact: true }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Send" }).click();
      await expect(saved.getByText("Sent", { exact: true }).first()).toBeVisible();

      // The link, as the contact's mail program shows it.
      const admin = await (await browser.newContext({ viewport: size.viewport })).newPage();
      await signIn(admin, "admin@acme.test", "/app/settings");
      await admin.getByRole("tab", { name: "Outgoing mail" }).click();
      const mail = admin.getByRole("listitem").filter({ hasText: `To: ${contact}` });
      await expect(mail.getByRole("link", { name: /\/sign\// })).toBeVisible();
      const link = new URL(await mail.getByRole("link", { name: /\/sign\// }).innerText());

      // The contact: a fresh browser, no account.
      const signer = await (await browser.newContext({ viewport: size.viewport })).newPage();
      await signer.goto(link.pathname);
      await expect(signer.getByRole("heading", { name: "Review and sign" })).toBeVisible();
      await expect(signer.getByText("Platform build").first()).toBeVisible();
      await expect(signer.getByText("Training day").first()).toBeVisible();
      await signer.getByRole("checkbox", { name: /Training day/ }).check();
      await signer.getByLabel("Full name").fill("Sam Signwell");
      await reviewShot(signer, `proposal-sign-page-${size.name}`, { fullPage: true });
      await signer.getByRole("button", { name: "Sign", exact: true }).click();
      await expect(signer.getByText(/You signed this on/)).toBeVisible();
      await expect(signer.getByRole("button", { name: "Sign", exact: true })).toHaveCount(0);
      await reviewShot(signer, `proposal-signed-${size.name}`, { fullPage: true });

      // The firm sees it accepted, with the project and the deposit invoice.
      await page.reload();
      const accepted = page.getByRole("form");
      await expect(accepted.getByText("Accepted", { exact: true }).first()).toBeVisible();
      await expect(shown(page, "Signed by")).toContainText("Sam Signwell");
      await expect(shown(page, "Project")).toContainText(`Signed relaunch ${size.name} ${RUN}`);
      await expect(shown(page, "Deposit invoice")).toContainText(/INV-/);
      await page.getByRole("tab", { name: "Signatures" }).click();
      await expect(page.getByText("Verifies").first()).toBeVisible();
      await expect(page.getByRole("cell", { name: "Signed", exact: true }).first()).toBeVisible();
      await reviewShot(page, `proposal-signatures-${size.name}`, { fullPage: true });

      // The link is used now; an unknown one says it is not valid.
      const again = await (await browser.newContext({ viewport: size.viewport })).newPage();
      await again.goto(link.pathname);
      await expect(again.getByText(/You signed this on/)).toBeVisible();
      await again.goto("/sign/not-a-real-link-at-all-0000000000");
      await expect(again.getByText(/This signing link is not valid/)).toBeVisible();
      await reviewShot(again, `proposal-sign-unknown-${size.name}`);
    });
  });
}
