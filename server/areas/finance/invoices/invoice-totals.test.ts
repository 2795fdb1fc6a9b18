/**
 * Invoice totals worked by hand: a line's net is its quantity × rate less the
 * discount (less the included tax), its tax the included part plus the added
 * part on the net, each rounded to the cent half away from zero; the invoice's
 * totals are the sums of the rounded lines. The due date follows the client's
 * payment terms. Bad input is refused naming the field.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestApp } from "../../../testing/test-app.ts";
import { createInvoice, createTaxTemplates, expectJson } from "./testing/invoices.ts";

Deno.test("line and invoice totals with discount, added and included tax, rounded per line", async () => {
  const app = await createTestApp();
  try {
    const finance = await app.tokenFor("finance@acme.test");
    const admin = await app.tokenFor("admin@acme.test");
    const tax = await createTaxTemplates(app, admin);
    assertEquals([tax.added.exclusive_rate, tax.included.inclusive_rate], [20, 20]);
    const invoice = await createInvoice(app, finance, {
      client: "cli_northwind",
      issue_date: "2026-01-15",
      lines: [
        // 3 × 19.99 less 10 % = 53.973 → net 53.97; VAT 20 % of 53.97 = 10.794 → 10.79.
        {
          description: "Support hours",
          quantity: 3,
          rate: 19.99,
          discount_percent: 10,
          tax_template: tax.added.id,
        },
        // 100 including 20 %: net 100 / 1.2 = 83.333 → 83.33; tax 100 − 83.33 = 16.67.
        { description: "Licence", quantity: 1, rate: 100, tax_template: tax.included.id },
        // 2.5 × 10.01 = 25.025 → 25.03 (half away from zero), no tax.
        { description: "Travel", quantity: 2.5, rate: 10.01 },
      ],
    });
    const lines = invoice.lines.map((
      l: Record<string, number>,
    ) => [l.net_amount, l.tax_amount, l.amount]);
    assertEquals(lines, [[53.97, 10.79, 64.76], [83.33, 16.67, 100], [25.03, 0, 25.03]]);
    assertEquals(
      [invoice.net_total, invoice.tax_total, invoice.grand_total, invoice.outstanding],
      [162.33, 27.46, 189.79, 0],
    );
    const read = (await expectJson(
      await app.call("GET", `/api/records/invoice/${invoice.id}`, { token: finance }),
      200,
    )).record;
    assertEquals([read.due_date, read.currency, read.status], ["2026-02-14", "USD", "draft"]);
    assertEquals(invoice.name.startsWith("INV-2026-"), true, invoice.name);

    const stored = await app.db.get<{ grand_total: number; payment_status: string }>(
      "SELECT grand_total, payment_status FROM invoices WHERE id = ?",
      [invoice.id],
    );
    assertEquals({ ...stored }, { grand_total: 189.79, payment_status: "draft" });
  } finally {
    await app.close();
  }
});

Deno.test("amounts entered at half a cent are stored rounded half away from zero, as the totals are", async () => {
  const app = await createTestApp();
  try {
    const finance = await app.tokenFor("finance@acme.test");
    const invoice = await createInvoice(app, finance, {
      client: "cli_northwind",
      issue_date: "2026-01-15",
      lines: [
        // 1.005 → 1.01 and 2.675 → 2.68 (binary rounding gives 1.00 and 2.67); 1.01 × 2.68 = 2.7068.
        { description: "Half cents", quantity: 1.005, rate: 2.675 },
        // -1.005 → -1.01; -1.01 × 0.5 = -0.505 → -0.51.
        { description: "Returned", quantity: -1.005, rate: 0.5 },
        // 1.0049999 stays below the half: 1.00.
        { description: "Just below", quantity: 1.0049999, rate: 1 },
      ],
    });
    const lines = invoice.lines.map((l: Record<string, number>) => [l.quantity, l.rate, l.amount]);
    assertEquals(lines, [[1.01, 2.68, 2.71], [-1.01, 0.5, -0.51], [1, 1, 1]]);
    assertEquals(invoice.grand_total, 3.2);
    const stored = await app.db.all<{ quantity: number; rate: number }>(
      "SELECT quantity, rate FROM invoice_lines WHERE invoice_id = ? ORDER BY idx",
      [invoice.id],
    );
    assertEquals(stored.map((r) => [Number(r.quantity), Number(r.rate)]), [
      [1.01, 2.68],
      [-1.01, 0.5],
      [1, 1],
    ]);
  } finally {
    await app.close();
  }
});

Deno.test("the due date follows the client's payment terms", async () => {
  const app = await createTestApp();
  try {
    const admin = await app.tokenFor("admin@acme.test");
    const client = (await expectJson(
      await app.call("GET", "/api/records/client/cli_contoso", { token: admin }),
      200,
    )).record;
    await expectJson(
      await app.call("PATCH", "/api/records/client/cli_contoso", {
        token: admin,
        body: { version: client.version, values: { payment_terms_days: 14 } },
      }),
      200,
    );
    const invoice = await createInvoice(app, admin, {
      client: "cli_contoso",
      issue_date: "2026-12-25",
      lines: [{ description: "Audit", quantity: 1, rate: 500 }],
    });
    assertEquals(invoice.due_date, "2027-01-08");
  } finally {
    await app.close();
  }
});

Deno.test("an item fills its line's rate and tax template unless the line gives its own", async () => {
  const app = await createTestApp();
  try {
    const admin = await app.tokenFor("admin@acme.test");
    const tax = await createTaxTemplates(app, admin);
    const item = (await expectJson(
      await app.call("POST", "/api/records/item", {
        token: admin,
        body: {
          values: {
            name: "Consulting day",
            item_type: "service",
            rate: 800,
            tax_template: tax.added.id,
          },
        },
      }),
      201,
    )).record;
    const invoice = await createInvoice(app, admin, {
      client: "cli_northwind",
      lines: [
        { item: item.id, description: "Consulting", quantity: 2 },
        // A row sent back as the form holds it, with its link's title and computed values.
        {
          item: item.id,
          item__title: "Consulting day",
          description: "Discounted day",
          quantity: 1,
          rate: 600,
          amount: 1,
        },
      ],
    });
    assertEquals(
      invoice.lines.map((l: Record<string, unknown>) => [l.rate, l.tax_template, l.amount]),
      [[800, tax.added.id, 1920], [600, tax.added.id, 720]],
    );
  } finally {
    await app.close();
  }
});

Deno.test("bad invoice input is refused naming the field", async () => {
  const app = await createTestApp();
  try {
    const admin = await app.tokenFor("admin@acme.test");
    const refused = await expectJson(
      await app.call("POST", "/api/records/invoice", {
        token: admin,
        body: {
          values: {
            client: "cli_northwind",
            issue_date: "2026-02-30",
            lines: [{ description: "x", quantity: "two", rate: 10, discount_percent: 150 }],
          },
        },
      }),
      400,
    );
    const fields = refused.error.details.fields;
    assertEquals(Object.keys(fields).sort(), [
      "issue_date",
      "lines[0].discount_percent",
      "lines[0].quantity",
    ]);
    const noLines = await expectJson(
      await app.call("POST", "/api/records/invoice", {
        token: admin,
        body: { values: { client: "cli_northwind", lines: [] } },
      }),
      400,
    );
    assertEquals(noLines.error.details.fields, { lines: "Lines: add at least one line" });
    const totals = await expectJson(
      await app.call("POST", "/api/records/invoice", {
        token: admin,
        body: {
          values: { client: "cli_northwind", grand_total: 5, lines: [{ quantity: 1, rate: 1 }] },
        },
      }),
      400,
    );
    assertEquals(totals.error.details.fields, { grand_total: "Grand total cannot be changed" });
  } finally {
    await app.close();
  }
});
