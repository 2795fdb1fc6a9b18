/**
 * Payments through HTTP, with hand-worked numbers: two invoices of 1,000.00 for a
 * new client. A partial then a full payment move the first Unpaid → Partly Paid →
 * Paid and its outstanding to 0; cancelling the second payment moves it back; an
 * allocation past what an invoice owes, past the payment, or to another client's
 * invoice is refused naming the allocation; a payment naming no allocation is
 * allocated oldest first on submit and keeps what is left unallocated.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../../../testing/test-app.ts";
import { fieldsOf, type Json, messageOf, recordOf, recordsAs } from "../invoices/testing/money.ts";

type Records = Awaited<ReturnType<typeof recordsAs>>;

async function submittedInvoice(finance: Records, client: string, issued: string) {
  const draft = await finance.create("invoice", {
    client,
    issue_date: issued,
    lines: [{ description: "Consulting days", quantity: 4, rate: 250 }],
  });
  assertEquals(draft.status, 201, JSON.stringify(draft.body));
  const submitted = await finance.act("invoice", recordOf(draft).id as string, "submit");
  assertEquals(submitted.status, 200, JSON.stringify(submitted.body));
  return recordOf(submitted);
}

async function submittedPayment(finance: Records, values: Json) {
  const draft = await finance.create("payment", { method: "bank_transfer", ...values });
  assertEquals(draft.status, 201, JSON.stringify(draft.body));
  const submitted = await finance.act("payment", recordOf(draft).id as string, "submit");
  assertEquals(submitted.status, 200, JSON.stringify(submitted.body));
  return recordOf(submitted);
}

async function balance(finance: Records, id: string) {
  const invoice = recordOf(await finance.get("invoice", id));
  return [invoice.status, invoice.payment_status, invoice.outstanding];
}

Deno.test("payments move an invoice Unpaid → Partly Paid → Paid, and back on cancel", async (t) => {
  const app = await createTestApp();
  try {
    const finance = await recordsAs(app, "finance@acme.test");
    const admin = await recordsAs(app, "admin@acme.test");
    const client = recordOf(await admin.create("client", { name: "Fabrikam Test Ltd" }));
    const older = await submittedInvoice(finance, client.id as string, "2026-01-05");
    const newer = await submittedInvoice(finance, client.id as string, "2026-02-05");
    assertEquals(older.grand_total, 1000);
    assertEquals((await balance(finance, older.id as string)).slice(1), ["unpaid", 1000]);

    let second: Json = {};
    await t.step("a partial then a full payment", async () => {
      const first = await submittedPayment(finance, {
        client: client.id,
        date: "2026-02-10",
        amount: 400,
        allocations: [{ invoice: older.id, amount: 400 }],
      });
      assertEquals([first.allocated_amount, first.unallocated_amount], [400, 0]);
      assertEquals((await balance(finance, older.id as string)).slice(1), ["partly_paid", 600]);
      second = await submittedPayment(finance, {
        client: client.id,
        date: "2026-02-20",
        amount: 600,
        allocations: [{ invoice: older.id, amount: 600 }],
      });
      assertEquals(await balance(finance, older.id as string), ["paid", "paid", 0]);
    });

    await t.step("cancelling a payment moves the invoice back", async () => {
      const cancelled = await finance.act("payment", second.id as string, "cancel");
      assertEquals(cancelled.status, 200, JSON.stringify(cancelled.body));
      assertEquals((await balance(finance, older.id as string)).slice(1), ["partly_paid", 600]);
    });

    await t.step("over-allocation is refused naming the allocation", async () => {
      const pastInvoice = await finance.create("payment", {
        client: client.id,
        amount: 700,
        allocations: [{ invoice: older.id, amount: 700 }],
      });
      assertEquals(pastInvoice.status, 400);
      ok(
        String(fieldsOf(pastInvoice)["allocations[0].amount"]).includes(
          `Allocation 1: Amount is more than invoice ${older.name} has outstanding (600.00)`,
        ),
        JSON.stringify(pastInvoice.body),
      );
      const pastPayment = await finance.create("payment", {
        client: client.id,
        amount: 100,
        allocations: [{ invoice: newer.id, amount: 150 }],
      });
      assertEquals(pastPayment.status, 400);
      assertEquals(
        fieldsOf(pastPayment).allocations,
        "Allocations total 150.00, more than the payment's 100.00",
      );
      const other = await finance.create("payment", {
        client: "cli_northwind",
        amount: 100,
        allocations: [{ invoice: newer.id, amount: 100 }],
      });
      assertEquals(other.status, 400);
      assertEquals(
        fieldsOf(other)["allocations[0].invoice"],
        `Allocation 1: Invoice ${newer.name} belongs to another client`,
      );
      const bad = await finance.create("payment", {
        client: client.id,
        amount: "abc",
        method: "bitcoin",
      });
      assertEquals(bad.status, 400);
      ok(fieldsOf(bad).amount && fieldsOf(bad).method, JSON.stringify(bad.body));
    });

    await t.step("a payment naming no allocation is allocated oldest first", async () => {
      const auto = await submittedPayment(finance, {
        client: client.id,
        date: "2026-03-01",
        amount: 2000,
      });
      assertEquals(
        (auto.allocations as Json[]).map((a) => [a.invoice, a.amount]),
        [[older.id, 600], [newer.id, 1000]],
      );
      assertEquals([auto.allocated_amount, auto.unallocated_amount], [1600, 400]);
      assertEquals((await balance(finance, older.id as string)).slice(1), ["paid", 0]);
      assertEquals((await balance(finance, newer.id as string)).slice(1), ["paid", 0]);
      const refund = await finance.act("payment", auto.id as string, "cancel");
      assertEquals(refund.status, 200);
      assertEquals((await balance(finance, newer.id as string)).slice(1), ["unpaid", 1000]);
    });

    await t.step("a member has no payments", async () => {
      const member = await recordsAs(app, "tom@acme.test");
      const refused = await member.list("payment");
      assertEquals(refused.status, 403);
      ok(messageOf(refused).includes("payments.read"), messageOf(refused));
    });
  } finally {
    await app.close();
  }
});

Deno.test("a payment sent as its form sends it (declared defaults, link titles in rows) is saved", async () => {
  const app = await createTestApp();
  try {
    app.clock.now = Date.parse("2026-05-04T10:00:00.000Z");
    const finance = await recordsAs(app, "finance@acme.test");
    const admin = await recordsAs(app, "admin@acme.test");
    const client = recordOf(await admin.create("client", { name: "Form Sent Ltd" }));
    const invoice = await submittedInvoice(finance, client.id as string, "2026-05-01");
    const created = await finance.create("payment", {
      client: client.id,
      date: "@today",
      amount: 250,
      allocations: [{ invoice: invoice.id, invoice__title: invoice.name, amount: 250 }],
    });
    assertEquals(created.status, 201, JSON.stringify(created.body));
    assertEquals(recordOf(created).date, "2026-05-04");
    assertEquals((recordOf(created).allocations as Json[])[0].invoice, invoice.id);
  } finally {
    await app.close();
  }
});
