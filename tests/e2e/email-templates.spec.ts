/**
 * Email templates in the browser, at desktop and phone size: the administrator
 * opens the demo's "Invoice overdue" template, previews it against a real
 * invoice found by its number on its Preview tab, and reads that invoice's
 * number and the amount it still owes in the rendered subject and body.
 */
import { expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, signIn } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

const SIZES = [
  { name: "desktop", viewport: { width: 1440, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
];

const TEMPLATE = "etpl_org_acme_invoice_overdue";

test.setTimeout(120_000);

/** An invoice the template's picker offers: its number and what it owes, in words. */
async function anInvoice(page: Page): Promise<{ title: string; owed: string }> {
  const login = await page.request.post("/auth/login", {
    data: { email: "admin@acme.test", password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
  const offered = await page.request.get(`/api/automation/email-templates/${TEMPLATE}/records`, {
    headers,
  });
  expect(offered.ok()).toBe(true);
  // The first one offered that still owes something, so the amount shown is a real one.
  for (const item of (await offered.json()).items as { id: string }[]) {
    const read = await page.request.get(`/api/records/invoice/${item.id}`, { headers });
    expect(read.ok()).toBe(true);
    const invoice = (await read.json()).record;
    if (invoice.outstanding > 0) return { title: invoice.name, owed: money(invoice) };
  }
  throw new Error("The picker offers no invoice that owes anything");
}

function money(invoice: { currency: string; outstanding: number }): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: invoice.currency })
    .format(invoice.outstanding);
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test("the administrator previews the invoice template against a real invoice", async ({ page }) => {
      const invoice = await anInvoice(page);
      await signIn(page, "admin@acme.test", "/app/automation/email-templates");
      await expect(page.getByRole("heading", { name: "Email Templates", level: 1 }))
        .toBeVisible();
      await page.getByRole("link", { name: "Invoice overdue" }).first().click();
      await expect(page).toHaveURL(new RegExp(`/app/automation/email-templates/${TEMPLATE}$`));
      const form = page.getByRole("form", { name: "Invoice overdue" });
      await expect(form.getByRole("textbox", { name: "Subject", exact: true })).toHaveValue(
        "Invoice {{ name }} is overdue: {{ outstanding }} outstanding",
      );
      await expect(form.getByRole("combobox", { name: "Records", exact: true })).toHaveValue(
        "invoice",
      );
      await reviewShot(page, `email-templates-form-${size.name}`, { fullPage: true });

      await page.getByRole("tab", { name: "Preview" }).click();
      const record = page.getByRole("combobox", { name: "Record", exact: true });
      await record.fill(invoice.title.slice(-5));
      await page.getByRole("option", { name: invoice.title }).click();
      await expect(record).toHaveValue(invoice.title);
      await page.getByRole("button", { name: "Preview", exact: true }).click();

      await expect(
        page.getByText(`Invoice ${invoice.title} is overdue: ${invoice.owed} outstanding`),
      )
        .toBeVisible();
      const body = page.frameLocator('iframe[title="Email body"]');
      await expect(body.getByText(`Our invoice ${invoice.title} of`, { exact: false }))
        .toBeVisible();
      await expect(body.getByText(`${invoice.owed} of its`, { exact: false })).toBeVisible();
      await expect(page.getByRole("table", { name: "Attachments" })).toContainText(".pdf");
      await reviewShot(page, `email-templates-preview-${size.name}`, { fullPage: true });
    });
  });
}
