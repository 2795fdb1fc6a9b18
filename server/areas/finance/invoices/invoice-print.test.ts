/**
 * The printed invoice: one printed document that the printable page shows and the
 * PDF draws, word for word (letterhead, billing details, items and descriptions,
 * tax, payments and bank details, in the organisation's locale), for whoever may
 * read the invoice; the client portal lists and
 * downloads only its own client's submitted invoices (another client's, or a
 * draft, answers 404); the tax summary adds tax per template and month.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { pdfText } from "../../../testing/pdf-text.ts";
import { printedTexts } from "../../../../schemas/api/printed-document.ts";
import { act, createInvoice, createTaxTemplates, expectJson } from "./testing/invoices.ts";

async function submittedInvoice(
  app: TestApp,
  token: string,
  client: string,
  issue: string,
  lines: Record<string, unknown>[],
) {
  return await act(
    app,
    token,
    await createInvoice(app, token, { client, issue_date: issue, lines }),
    "submit",
  );
}

/** A 1×1 PNG, the smallest logo the PDF writer draws. */
const LOGO =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/** Acme's letterhead, written in British English. */
async function setLetterhead(app: TestApp, admin: string) {
  const { version } = await expectJson(
    await app.call("POST", "/admin/settings/letterhead/get", { token: admin, body: {} }),
    200,
  );
  await expectJson(
    await app.call("POST", "/admin/settings/letterhead", {
      token: admin,
      body: {
        version,
        legal_name: "Acme Consulting Ltd",
        address: "12 Market Street\nLondon EC1A 1AA",
        tax_number: "GB123456789",
        bank_account_holder: "Acme Consulting Ltd",
        bank_account_number: "GB29 NWBK 6016 1331 9268 19",
        bank_code: "NWBKGB2L",
        bank_name: "NatWest",
        payment_instructions: "Please pay within 30 days.",
        logo: LOGO,
        locale: "en-GB",
      },
    }),
    200,
  );
}

/** The words of texts, spaces collapsed (a PDF line wraps where the page's box does not). */
function words(texts: readonly string[]): string {
  return texts.join(" ").replace(/\s+/g, " ").trim();
}

Deno.test("the printable page and the PDF print one document: letterhead, billing details, items, tax, payments, named by the number", async () => {
  const app = await createTestApp();
  try {
    app.clock.now = Date.parse("2026-06-10T10:00:00.000Z");
    const finance = await app.tokenFor("finance@acme.test");
    const admin = await app.tokenFor("admin@acme.test");
    const tax = await createTaxTemplates(app, admin);
    await setLetterhead(app, admin);
    const client = await expectJson(
      await app.call("GET", "/api/records/client/cli_northwind", { token: admin }),
      200,
    );
    await expectJson(
      await app.call("PATCH", "/api/records/client/cli_northwind", {
        token: admin,
        body: {
          version: client.record.version,
          values: {
            billing_address: "1 Harbour Way\nSeattle WA 98101",
            tax_number: "US-98-7654321",
          },
        },
      }),
      200,
    );
    const item = await app.db.get<{ id: string; name: string }>(
      "SELECT id, name FROM items WHERE organization_id = 'org_acme' AND active = 1 ORDER BY name LIMIT 1",
    );
    const invoice = await submittedInvoice(app, finance, "cli_northwind", "2026-06-01", [
      { item: item!.id, description: "", quantity: 10, rate: 1234.5, tax_template: tax.added.id },
      { description: "Data migration", quantity: 2, rate: 100, discount_percent: 10 },
    ]);
    const payment = (await expectJson(
      await app.call("POST", "/api/records/payment", {
        token: finance,
        body: {
          values: {
            client: "cli_northwind",
            amount: 400,
            allocations: [{ invoice: invoice.id, amount: 400 }],
          },
        },
      }),
      201,
    )).record;
    await expectJson(
      await app.call("POST", `/api/records/payment/${payment.id}/actions/submit`, {
        token: finance,
        body: { version: payment.version },
      }),
      200,
    );

    const { document } = await expectJson(
      await app.call("GET", `/api/records/invoice/${invoice.id}/printable`, { token: finance }),
      200,
    );
    assertEquals(document.issuer, {
      name: "Acme Consulting Ltd",
      lines: [
        "12 Market Street",
        "London EC1A 1AA",
        "Tax number: GB123456789",
        ...document.issuer.lines.slice(3),
      ],
      logo: LOGO,
    });
    assertEquals(document.recipient, {
      label: "Bill to",
      name: "Northwind Traders",
      lines: ["1 Harbour Way", "Seattle WA 98101", "Tax number: US-98-7654321"],
    });
    assertEquals([document.kind, document.number, document.file_name], [
      "Invoice",
      invoice.name,
      `${invoice.name}.pdf`,
    ]);
    assertEquals(document.facts, [
      { label: "Issue date", value: "1 Jun 2026" },
      { label: "Due date", value: "1 Jul 2026" },
      { label: "Status", value: "Partly Paid" },
      { label: "Currency", value: "USD" },
    ]);
    assertEquals(document.columns.map((c: { label: string }) => c.label), [
      "Item",
      "Description",
      "Quantity",
      "Rate",
      "Discount",
      "Tax rate",
      "Tax amount",
      "Amount",
    ]);
    assertEquals(document.rows, [
      {
        item: item!.name,
        description: "",
        quantity: "10",
        rate: "US$1,234.50",
        discount: "",
        tax: "Standard 20% (test)",
        tax_amount: "US$2,469.00",
        amount: "US$14,814.00",
      },
      {
        item: "",
        description: "Data migration",
        quantity: "2",
        rate: "US$100.00",
        discount: "10%",
        tax: "",
        tax_amount: "US$0.00",
        amount: "US$180.00",
      },
    ]);
    assertEquals(document.totals, [
      { label: "Net total", value: "US$12,525.00" },
      { label: "Tax", value: "US$2,469.00" },
      { label: "Grand total", value: "US$14,994.00", strong: true },
      { label: "Paid", value: "US$400.00" },
      { label: "Outstanding", value: "US$14,594.00", strong: true },
    ]);
    assertEquals(document.sections, [{
      title: "Payment details",
      lines: [
        "Account holder: Acme Consulting Ltd",
        "IBAN: GB29 NWBK 6016 1331 9268 19",
        "BIC: NWBKGB2L",
        "Bank: NatWest",
        `Payment reference: ${invoice.name}`,
        "Please pay within 30 days.",
      ],
    }]);

    const response = await app.call("GET", `/api/records/invoice/${invoice.id}/pdf`, {
      token: finance,
    });
    assertEquals(response.status, 200);
    assertEquals(response.headers.get("content-type"), "application/pdf");
    assert(
      response.headers.get("content-disposition")!.includes(`filename="${invoice.name}.pdf"`),
      response.headers.get("content-disposition")!,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    assertEquals(new TextDecoder().decode(bytes.subarray(0, 5)), "%PDF-");
    // The PDF draws every text of the page, in the page's words, and nothing else.
    const drawn = pdfText(bytes);
    const page = printedTexts(document);
    const pdfWords = words(drawn);
    for (const text of page) assert(pdfWords.includes(words([text])), `"${text}" in the PDF`);
    const pageWords = words(page);
    for (const run of drawn) assert(pageWords.includes(words([run])), `"${run}" on the page`);

    const member = await app.tokenFor("maya@acme.test");
    for (const path of ["pdf", "printable"]) {
      const refused = await app.call("GET", `/api/records/invoice/${invoice.id}/${path}`, {
        token: member,
      });
      assertEquals(refused.status, 403);
      await refused.body?.cancel();
    }
    const portal = await app.tokenFor("client@northwind.test");
    const portalPdf = await app.call("GET", `/portal/invoices/${invoice.id}/pdf`, {
      token: portal,
    });
    assertEquals(portalPdf.status, 200);
    assertEquals(pdfText(new Uint8Array(await portalPdf.arrayBuffer())), drawn);
  } finally {
    await app.close();
  }
});

Deno.test("an organisation without a letterhead prints its own name and address, in US English", async () => {
  const app = await createTestApp();
  try {
    const admin = await app.tokenFor("admin@acme.test");
    await app.db.run(
      "DELETE FROM settings WHERE organization_id = 'org_acme' AND key = 'letterhead'",
    );
    const invoice = await submittedInvoice(app, admin, "cli_contoso", "2026-03-05", [
      { description: "Roadmap", quantity: 1, rate: 900 },
    ]);
    const { document } = await expectJson(
      await app.call("GET", `/api/records/invoice/${invoice.id}/printable`, { token: admin }),
      200,
    );
    const organization = await app.db.get<{ name: string }>(
      "SELECT name FROM organizations WHERE id = 'org_acme'",
    );
    assertEquals([document.issuer.name, document.issuer.logo], [organization!.name, null]);
    assertEquals(document.facts[0], { label: "Issue date", value: "Mar 5, 2026" });
    assertEquals(document.rows[0].amount, "$900.00");
    assertEquals(document.columns.map((c: { key: string }) => c.key), [
      "item",
      "description",
      "quantity",
      "rate",
      "amount",
    ]);
  } finally {
    await app.close();
  }
});

Deno.test("the portal sees only Northwind's submitted invoices and downloads them", async () => {
  const app = await createTestApp();
  try {
    const admin = await app.tokenFor("admin@acme.test");
    const own = await submittedInvoice(app, admin, "cli_northwind", "2026-01-10", [
      { description: "Roadmap", quantity: 1, rate: 900 },
    ]);
    const draft = await createInvoice(app, admin, {
      client: "cli_northwind",
      lines: [{ description: "Not yet sent", quantity: 1, rate: 50 }],
    });
    const other = await submittedInvoice(app, admin, "cli_contoso", "2026-01-11", [
      { description: "Contoso work", quantity: 1, rate: 700 },
    ]);
    const portal = await app.tokenFor("client@northwind.test");
    const listed = await expectJson(
      await app.call("POST", "/portal/invoices", { token: portal, body: {} }),
      200,
    );
    const ids = listed.invoices.map((i: { id: string }) => i.id);
    assert(ids.includes(own.id) && !ids.includes(draft.id) && !ids.includes(other.id));
    const foreign = await app.db.all(
      `SELECT id FROM invoices WHERE id IN (${ids.map(() => "?").join(", ")})
         AND (client_id <> 'cli_northwind' OR docstatus <> 1)`,
      ids,
    );
    assertEquals(foreign.length, 0, "only Northwind's submitted invoices are listed");
    const pdf = await app.call("GET", `/portal/invoices/${own.id}/pdf`, { token: portal });
    assertEquals(pdf.status, 200);
    assert(pdfText(new Uint8Array(await pdf.arrayBuffer())).includes("Roadmap"));
    for (const hidden of [draft.id, other.id]) {
      const refused = await app.call("GET", `/portal/invoices/${hidden}/pdf`, { token: portal });
      assertEquals(refused.status, 404);
      await refused.body?.cancel();
    }
    const staffRoute = await app.call("GET", `/api/records/invoice/${own.id}/pdf`, {
      token: portal,
    });
    assertEquals(staffRoute.status, 403);
    await staffRoute.body?.cancel();
  } finally {
    await app.close();
  }
});

Deno.test("the tax summary adds tax per template and month from submitted invoices; sales may not read it", async () => {
  const app = await createTestApp();
  try {
    const admin = await app.tokenFor("admin@acme.test");
    const tax = await createTaxTemplates(app, admin);
    await submittedInvoice(app, admin, "cli_northwind", "2027-03-05", [
      { description: "A", quantity: 1, rate: 100, tax_template: tax.added.id }, // tax 20
      { description: "B", quantity: 1, rate: 60, tax_template: tax.included.id }, // tax 10
    ]);
    await submittedInvoice(app, admin, "cli_contoso", "2027-03-20", [
      { description: "C", quantity: 2, rate: 50, discount_percent: 50, tax_template: tax.added.id }, // net 50, tax 10
    ]);
    await createInvoice(app, admin, {
      client: "cli_contoso",
      issue_date: "2027-03-21",
      lines: [{ description: "draft", quantity: 1, rate: 1000, tax_template: tax.added.id }],
    });
    const summary = await expectJson(
      await app.call("POST", "/api/finance/tax-summary", {
        token: admin,
        body: { from: "2027-03", to: "2027-03" },
      }),
      200,
    );
    assertEquals(
      summary.rows.map((
        r: Record<string, unknown>,
      ) => [r.tax_template, r.invoices, r.taxable_amount, r.tax_amount]),
      [["Included 20% (test)", 1, 50, 10], ["Standard 20% (test)", 2, 150, 30]],
    );
    assertEquals(summary.total_tax, 40);
    const bad = await expectJson(
      await app.call("POST", "/api/finance/tax-summary", { token: admin, body: { from: "March" } }),
      400,
    );
    assert(JSON.stringify(bad.error).includes("from"), JSON.stringify(bad.error));
    const sales = await app.tokenFor("sales@acme.test");
    const salesSummary = await expectJson(
      await app.call("POST", "/api/finance/tax-summary", { token: sales, body: {} }),
      403,
    );
    assert(salesSummary.error.message.includes("tax.read"), salesSummary.error.message);
  } finally {
    await app.close();
  }
});
