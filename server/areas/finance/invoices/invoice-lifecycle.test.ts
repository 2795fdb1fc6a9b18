/**
 * An invoice's life: submitted, it is read-only and Unpaid; past its due date it
 * reads Overdue (derived on read, nothing stored moves); payments applied through
 * applyInvoicePayment make it Partly Paid then Paid; one with payments cannot be
 * cancelled; a cancelled invoice is amended into a linked draft; a credit note is a
 * negative draft return against it. Sales cannot create invoices; finance can.
 */
import { deepStrictEqual as assertEquals, ok as assert, rejects } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { act, createInvoice, expectJson } from "./testing/invoices.ts";
import { applyInvoicePayment } from "./invoice-balance.ts";

const ACME = "org_acme";
/** A payment's balance change is stamped with the engine's time and its actor. */
const paidBy = { now: "2026-04-02T10:00:00.000Z", actorId: "usr_acme_finance" };
/** The payment a test's balance moves are said to come from, in the invoice's timeline. */
const CAUSE = { type: "payment", label: "Payment", id: "pay_test", name: "PAY-TEST" };

/**
 * Moves the invoice's balance as a payment's submit or cancel does, through the
 * engine at `paidBy.now`, as the finance lead; the invoice's figures after it.
 */
async function pay(app: TestApp, invoiceId: string, delta: number) {
  const clock = app.clock.now;
  app.clock.now = Date.parse(paidBy.now);
  try {
    await app.db.transaction((tx) =>
      applyInvoicePayment(
        {
          read: tx,
          organizationId: ACME,
          setSystemFields: (type, id, values, audit) =>
            app.records.setSystemFieldsIn(
              tx,
              type,
              {
                organizationId: ACME,
                id,
                actorId: paidBy.actorId,
              },
              values,
              audit,
            ),
        },
        invoiceId,
        delta,
        CAUSE,
      )
    );
  } finally {
    app.clock.now = clock;
  }
  return (await app.db.get<{ payment_status: string; outstanding: number; version: number }>(
    "SELECT payment_status, outstanding, version FROM invoices WHERE id = ?",
    [invoiceId],
  ))!;
}

async function read(app: TestApp, token: string, id: string) {
  return (await expectJson(await app.call("GET", `/api/records/invoice/${id}`, { token }), 200))
    .record;
}

Deno.test("submitted invoices are read-only, Overdue past due on read, and paid through the balance helper", async () => {
  const app = await createTestApp();
  try {
    app.clock.now = Date.parse("2026-03-10T09:00:00.000Z");
    let finance = await app.tokenFor("finance@acme.test");
    const draft = await createInvoice(app, finance, {
      client: "cli_northwind",
      issue_date: "2026-03-01",
      lines: [{ description: "Design sprint", quantity: 4, rate: 250 }],
    });
    const submitted = await act(app, finance, draft, "submit");
    assertEquals(
      [submitted.docstatus, submitted.payment_status, submitted.outstanding],
      [1, "unpaid", 1000],
    );
    assertEquals((await read(app, finance, draft.id)).status, "unpaid");
    const listed = await expectJson(
      await app.call("POST", "/api/records/invoice/list", {
        token: finance,
        body: { fields: ["name", "grand_total"], search: submitted.name },
      }),
      200,
    );
    assertEquals(
      listed.items.map((i: Record<string, unknown>) => [i.name, i.status, i.payment_status]),
      [[submitted.name, "unpaid", undefined]],
      "a list derives the status from fields it was not asked for, and leaves them out",
    );

    const edit = await expectJson(
      await app.call("PATCH", `/api/records/invoice/${draft.id}`, {
        token: finance,
        body: { version: submitted.version, values: { notes: "changed" } },
      }),
      409,
    );
    assertEquals(edit.error.message, "Only a draft can be changed: this invoice is submitted");
    assertEquals(edit.error.details, { fields: { notes: "Notes cannot be changed" } });

    app.clock.now = Date.parse("2026-04-01T09:00:00.000Z"); // due 2026-03-31
    finance = await app.tokenFor("finance@acme.test");
    assertEquals((await read(app, finance, draft.id)).status, "overdue");

    const submittedVersion = (await read(app, finance, draft.id)).version;
    const partly = await pay(app, draft.id, 400);
    assertEquals([partly.payment_status, partly.outstanding], ["partly_paid", 600]);
    // The balance is set through the engine: the invoice's version moves, as for any change.
    assertEquals(
      [partly.version, (await read(app, finance, draft.id)).version],
      [submittedVersion + 1, submittedVersion + 1],
    );
    assertEquals(
      {
        ...await app.db.get<Record<string, string>>(
          `SELECT i.updated_at, a.actor_id, a.created_at FROM invoices i
           JOIN audit_logs a ON a.resource_id = i.id AND a.action = 'invoice.payment'
          WHERE i.id = ?`,
          [draft.id],
        ),
      },
      { updated_at: paidBy.now, actor_id: "usr_acme_finance", created_at: paidBy.now },
    );
    assertEquals((await read(app, finance, draft.id)).status, "overdue");
    await rejects(
      pay(app, draft.id, 600.01),
      /Invoice INV-2026-\d+ has 600\.00 outstanding/,
    );
    const paid = await pay(app, draft.id, 600);
    assertEquals([paid.payment_status, paid.outstanding], ["paid", 0]);
    assertEquals((await read(app, finance, draft.id)).status, "paid");

    const refused = await expectJson(
      await app.call("POST", `/api/records/invoice/${draft.id}/actions/cancel`, {
        token: finance,
        body: { version: paid.version },
      }),
      409,
    );
    assert(refused.error.message.includes("cancel its payments first"), refused.error.message);
    const reversed = await pay(app, draft.id, -1000);
    assertEquals([reversed.payment_status, reversed.outstanding], ["unpaid", 1000]);
  } finally {
    await app.close();
  }
});

Deno.test("a cancelled invoice is amended into a linked draft; a credit note is a negative return", async () => {
  const app = await createTestApp();
  try {
    const admin = await app.tokenFor("admin@acme.test");
    const draft = await createInvoice(app, admin, {
      client: "cli_contoso",
      issue_date: "2026-05-04",
      lines: [{ description: "Workshop", quantity: 2, rate: 300, discount_percent: 5 }],
    });
    await rejects(pay(app, draft.id, 10), /is not submitted/);
    const submitted = await act(app, admin, draft, "submit");
    const noted = await act(app, admin, submitted, "credit_note");
    assertEquals(noted.id, draft.id);
    const notes = await app.db.all<{ id: string }>(
      "SELECT id FROM invoices WHERE return_against = ? AND is_return = 1",
      [draft.id],
    );
    assertEquals(notes.length, 1);
    const note = await read(app, admin, notes[0].id);
    assertEquals(
      [note.docstatus, note.status, note.grand_total, note.lines[0].quantity],
      [0, "draft", -570, -2],
    );
    // The note is made with its return marks in one audited create: no write around the engine.
    assertEquals([note.version, note.is_return, note.return_against], [1, true, draft.id]);
    const created = await app.db.get<{ after_value: string }>(
      "SELECT after_value FROM audit_logs WHERE resource_id = ? AND action = 'create'",
      [note.id],
    );
    assertEquals(
      [JSON.parse(created!.after_value).is_return, JSON.parse(created!.after_value).return_against],
      [true, draft.id],
    );
    const noteSubmitted = await act(app, admin, note, "submit");
    assertEquals([noteSubmitted.outstanding, noteSubmitted.payment_status], [0, "paid"]);
    assertEquals((await read(app, admin, note.id)).status, "return");

    const cancelled = await act(app, admin, await read(app, admin, draft.id), "cancel");
    assertEquals([cancelled.docstatus, cancelled.payment_status], [2, "cancelled"]);
    assertEquals((await read(app, admin, draft.id)).status, "cancelled");
    const amended = await act(app, admin, cancelled, "amend");
    assertEquals(
      [amended.docstatus, amended.amended_from, amended.name, amended.grand_total],
      [0, draft.id, `${draft.name}-1`, 570],
    );
  } finally {
    await app.close();
  }
});

Deno.test("sales cannot create invoices (403 naming invoices.create)", async () => {
  const app = await createTestApp();
  try {
    const sales = await app.tokenFor("sales@acme.test");
    const refused = await expectJson(
      await app.call("POST", "/api/records/invoice", {
        token: sales,
        body: { values: { client: "cli_northwind", lines: [{ quantity: 1, rate: 5 }] } },
      }),
      403,
    );
    assert(refused.error.message.includes("invoices.create"), refused.error.message);
    const finance = await app.tokenFor("finance@acme.test");
    await createInvoice(app, finance, {
      client: "cli_northwind",
      lines: [{ quantity: 1, rate: 5 }],
    });
  } finally {
    await app.close();
  }
});
