/**
 * The printed invoice: its PDF (generated on the server with pdf-lib) says what
 * the invoice says, for whoever may read the invoice; the client portal lists and
 * downloads only its own client's submitted invoices (another client's, or a
 * draft, answers 404); the tax summary adds tax per template and month.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { pdfText } from "../../testing/pdf-text.ts";
import { act, createInvoice, createTaxTemplates, expectJson } from "./invoice-testing.ts";

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

Deno.test("the invoice PDF carries its number, client, lines and totals; readers only", async () => {
  const app = await createTestApp();
  try {
    app.clock.now = Date.parse("2026-06-10T10:00:00.000Z");
    const finance = await app.tokenFor("finance@acme.test");
    const admin = await app.tokenFor("admin@acme.test");
    const tax = await createTaxTemplates(app, admin);
    const invoice = await submittedInvoice(app, finance, "cli_northwind", "2026-06-01", [
      { description: "Data migration", quantity: 10, rate: 1234.5, tax_template: tax.added.id },
    ]);
    const response = await app.call("GET", `/api/records/invoice/${invoice.id}/pdf`, {
      token: finance,
    });
    assertEquals(response.status, 200);
    assertEquals(response.headers.get("content-type"), "application/pdf");
    const bytes = new Uint8Array(await response.arrayBuffer());
    assertEquals(new TextDecoder().decode(bytes.subarray(0, 5)), "%PDF-");
    const text = pdfText(bytes);
    for (
      const expected of [
        invoice.name,
        "Northwind Traders",
        "Data migration",
        "USD 12,345.00",
        "Unpaid",
        "USD 14,814.00",
        "2026-07-01",
      ]
    ) {
      assert(text.includes(expected), `${expected} in ${JSON.stringify(text)}`);
    }
    const member = await app.tokenFor("maya@acme.test");
    const refused = await app.call("GET", `/api/records/invoice/${invoice.id}/pdf`, {
      token: member,
    });
    assertEquals(refused.status, 403);
    await refused.body?.cancel();
    const printable = await expectJson(
      await app.call("GET", `/api/records/invoice/${invoice.id}/printable`, { token: finance }),
      200,
    );
    assertEquals(
      [
        printable.invoice.grand_total,
        printable.invoice.status_label,
        printable.invoice.lines.length,
      ],
      [14814, "Unpaid", 1],
    );
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
    assertEquals(
      listed.invoices.map((i: Record<string, unknown>) => [i.id, i.grand_total]),
      [[own.id, 900]],
    );
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
    await submittedInvoice(app, admin, "cli_northwind", "2026-03-05", [
      { description: "A", quantity: 1, rate: 100, tax_template: tax.added.id }, // tax 20
      { description: "B", quantity: 1, rate: 60, tax_template: tax.included.id }, // tax 10
    ]);
    await submittedInvoice(app, admin, "cli_contoso", "2026-03-20", [
      { description: "C", quantity: 2, rate: 50, discount_percent: 50, tax_template: tax.added.id }, // net 50, tax 10
    ]);
    await createInvoice(app, admin, {
      client: "cli_contoso",
      issue_date: "2026-03-21",
      lines: [{ description: "draft", quantity: 1, rate: 1000, tax_template: tax.added.id }],
    });
    const summary = await expectJson(
      await app.call("POST", "/api/finance/tax-summary", {
        token: admin,
        body: { from: "2026-03", to: "2026-03" },
      }),
      200,
    );
    assertEquals(
      summary.rows.map((
        r: Record<string, unknown>,
      ) => [r.tax_template, r.invoices, r.taxable_amount, r.tax_amount]),
      [["VAT 20%", 2, 150, 30], ["VAT 20% included", 1, 50, 10]],
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
