/**
 * Complete invoices as people use them, at desktop and phone size: Record payment
 * on an invoice opens a payment already filled in (client, outstanding amount,
 * allocation), which once submitted shows in the invoice's Payments panel and
 * timeline, and stands in the way of its Cancel, which says so; the printable
 * invoice and its PDF (downloaded as INV-….pdf) say the same things, letterhead
 * and bank details included; an administrator sets the letterhead, logo too.
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, signIn } from "./support.ts";
import { pdfText } from "../../server/testing/pdf-text.ts";
import { reviewShot } from "./review-shot.ts";

/** A run-unique word, so this run's records are found in a seeded database. */
const RUN = Date.now().toString(36);

/** A 1×1 PNG: a logo the browser and the PDF both draw. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

const DEVICES = [
  ["desktop", { width: 1440, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const;

/** Calls the record API as `email` (signed in through the API, not the page). */
async function apiAs(request: APIRequestContext, email: string) {
  const login = await request.post("/auth/login", { data: { email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
  return async (path: string, data: Record<string, unknown>) => {
    const answer = await request.post(`/api/records${path}`, { headers, data });
    expect(answer.ok(), await answer.text()).toBe(true);
    return (await answer.json()).record as Record<string, unknown>;
  };
}

/** A submitted invoice of 1,000.00 (two lines) to a new client with billing details. */
async function submittedInvoice(request: APIRequestContext, device: string) {
  const admin = await apiAs(request, "admin@acme.test");
  const finance = await apiAs(request, "finance@acme.test");
  const client = await admin("/client", {
    values: {
      name: `Harbour ${device} ${RUN}`,
      billing_address: `9 Quay Street\nBristol BS1 4DJ`,
      tax_number: `GB${RUN.toUpperCase()}`,
    },
  });
  const draft = await finance("/invoice", {
    values: {
      client: client.id,
      issue_date: new Date().toISOString().slice(0, 10),
      lines: [
        { description: "Discovery workshop", quantity: 2, rate: 300 },
        { description: "Roadmap review", quantity: 1, rate: 400 },
      ],
    },
  });
  const invoice = await finance(`/invoice/${draft.id}/actions/submit`, {
    version: draft.version,
  });
  return { client, invoice: { id: String(invoice.id), name: String(invoice.name) } };
}

/** The page is no wider than its window (nothing slides sideways on a phone). */
async function fitsTheWidth(page: Page): Promise<void> {
  const sizes = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: globalThis.innerWidth,
  }));
  expect(sizes.scroll).toBeLessThanOrEqual(sizes.inner);
}

/** Texts with their spaces collapsed, as words (a PDF line wraps where the page does not). */
function words(texts: readonly string[]): string {
  return texts.join(" ").replace(/\s+/g, " ").trim();
}

for (const [device, viewport] of DEVICES) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("Record payment opens a filled payment; submitted, the invoice lists it, names it, and its Cancel says so", async ({ page, request }) => {
      const { client, invoice } = await submittedInvoice(request, device);
      await signIn(page, "finance@acme.test", `/app/invoices/${invoice.id}`);
      const form = page.getByRole("form", { name: invoice.name });
      await form.getByRole("button", { name: "Record payment" }).click();

      await expect(page).toHaveURL(/\/app\/payments\/new$/);
      const payment = page.getByRole("form");
      await expect(payment.getByRole("combobox", { name: "Client", exact: true }))
        .toHaveValue(String(client.name));
      await expect(payment.getByRole("spinbutton", { name: "Amount", exact: true }))
        .toHaveValue("1000");
      const allocations = payment.getByRole("table", { name: "Allocations" });
      await expect(allocations.getByRole("combobox", { name: "Invoice row 1" }))
        .toHaveValue(invoice.name);
      await expect(allocations.getByLabel("Amount row 1")).toHaveValue("1000");
      await reviewShot(page, `record-payment-${device}`);
      await payment.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page).toHaveURL(/\/app\/payments\/(?!new)[^/]+$/);
      const saved = page.getByRole("form");
      await saved.getByRole("button", { name: "Submit", exact: true }).click();
      await page.getByRole("alertdialog", { name: "Submit payment" })
        .getByRole("button", { name: "Submit payment" }).click();
      await expect(saved.getByRole("button", { name: "Cancel", exact: true })).toBeVisible();
      const paymentName = (await saved.getByText(/^PAY-\d{4}-\d{5}$/).first().textContent())!
        .trim();

      await page.goto(`/app/invoices/${invoice.id}`);
      const paid = page.getByRole("form", { name: invoice.name });
      await expect(paid.getByText("Paid", { exact: true }).first()).toBeVisible();
      await expect(paid.getByRole("button", { name: "Record payment" })).toHaveCount(0);
      const panel = page.locator("section").filter({
        has: page.getByRole("heading", { name: "Payments", exact: true }),
      });
      await expect(panel.getByRole("link", { name: paymentName })).toBeVisible();
      const timeline = page.getByRole("region", { name: "Timeline" });
      await expect(timeline.getByText(`Payment ${paymentName} applied $1,000.00`)).toBeVisible();
      await expect(timeline.getByText(/Document status: Draft → Submitted/)).toBeVisible();

      await paid.getByRole("button", { name: "Cancel", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Cancel invoice" });
      await expect(dialog.getByRole("alert")).toHaveText(
        new RegExp(
          `This invoice has \\$1,000\\.00 paid by ${paymentName}: cancel those payments first\\.`,
        ),
      );
      await expect(dialog.getByRole("link", { name: `Open ${paymentName}` })).toBeVisible();
      await expect(dialog.getByRole("button", { name: "Cancel invoice" })).toHaveCount(0);
      await reviewShot(page, `cancel-paid-${device}`);
      await dialog.getByRole("button", { name: "Keep invoice" }).click();
      await expect(dialog).toBeHidden();
      await expect(paid.getByText("Paid", { exact: true }).first()).toBeVisible();
    });

    test("the printable invoice and its PDF say the same, and the PDF is named by the number", async ({ page, request }) => {
      const { invoice } = await submittedInvoice(request, `${device} print`);
      await signIn(page, "finance@acme.test", `/app/invoices/${invoice.id}`);
      await page.getByRole("button", { name: "Printable invoice" }).click();
      await expect(page).toHaveURL(new RegExp(`/app/invoices/print/${invoice.id}$`));
      const sheet = page.getByRole("article", { name: `Invoice ${invoice.name}` });
      await expect(sheet.getByRole("heading", { name: invoice.name, exact: true })).toBeVisible();
      const shown = [
        "Acme Consulting Ltd",
        "9 Quay Street",
        `Tax number: GB${RUN.toUpperCase()}`,
        "Discovery workshop",
        "Roadmap review",
        "$1,000.00",
        "Payment details",
        "IBAN: GB29 NWBK 6016 1331 9268 19",
        `Payment reference: ${invoice.name}`,
      ];
      for (const text of shown) await expect(sheet.getByText(text).first()).toBeVisible();
      await fitsTheWidth(page);
      await reviewShot(page, `printable-${device}`, { fullPage: true });

      const download = page.waitForEvent("download");
      await page.getByRole("button", { name: "Download PDF" }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`${invoice.name}.pdf`);
      const bytes = new Uint8Array(
        await (await file.createReadStream()).toArray().then((c) => Buffer.concat(c)),
      );
      const drawn = words(pdfText(bytes));
      for (const text of shown) expect(drawn).toContain(words([text]));
      // Every text of the page is in the PDF, in the same words.
      const pageTexts = await sheet.locator("p, h1, h2, h3, th, td, dt, dd").allTextContents();
      for (const text of pageTexts.filter((t) => t.trim() !== "")) {
        expect(drawn).toContain(words([text]));
      }
    });
  });
}

for (const [device, viewport] of DEVICES) {
  test(`an administrator sets the letterhead, logo included, and invoices print it (${device})`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const { invoice } = await submittedInvoice(request, `${device} letterhead`);
    await signIn(page, "admin@acme.test", "/app/settings");
    await page.getByRole("tab", { name: "Letterhead" }).click();
    const form = page.locator("form").filter({ has: page.getByLabel("Legal name") });
    const instructions = `Pay within 14 days (${device} ${RUN}).`;
    await form.getByLabel("Payment instructions").fill(instructions);
    await form.getByLabel("Logo").setInputFiles({
      name: "logo.png",
      mimeType: "image/png",
      buffer: PNG,
    });
    await expect(form.getByRole("img", { name: "Logo" })).toBeVisible();
    await form.getByRole("button", { name: "Save letterhead" }).click();
    await expect(page.getByText("Letterhead saved").first()).toBeVisible();
    await reviewShot(page, `letterhead-${device}`, { fullPage: true });

    await page.goto(`/app/invoices/print/${invoice.id}`);
    const sheet = page.getByRole("article", { name: `Invoice ${invoice.name}` });
    await expect(sheet.getByText(instructions)).toBeVisible();
    await expect(sheet.getByRole("img", { name: "Acme Consulting Ltd" })).toBeVisible();
  });
}
