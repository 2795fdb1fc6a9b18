/**
 * An invoice and its payments through HTTP: Record payment starts a payment for
 * the invoice's client, its outstanding amount and an allocation to it (offered
 * only while something is outstanding, only to those who may create payments);
 * the Payments panel's list finds the payments allocated to it; its timeline
 * names each payment applied or reversed, linked; and its Cancel says, before
 * anyone confirms, which payments stand in the way — the cancel itself refused in
 * the same words.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { type Json, messageOf, recordOf, recordsAs } from "./testing/money.ts";

type Records = Awaited<ReturnType<typeof recordsAs>>;

async function submittedInvoice(finance: Records, client: string) {
  const draft = await finance.create("invoice", {
    client,
    issue_date: "2026-03-02",
    lines: [{ description: "Consulting days", quantity: 4, rate: 250 }],
  });
  assertEquals(draft.status, 201, JSON.stringify(draft.body));
  const submitted = await finance.act("invoice", recordOf(draft).id as string, "submit");
  assertEquals(submitted.status, 200, JSON.stringify(submitted.body));
  return recordOf(submitted);
}

async function made(app: TestApp, token: string, invoice: string, make = "record_payment") {
  const response = await app.call("GET", `/api/records/invoice/${invoice}/make/${make}`, { token });
  return { status: response.status, body: await response.json() as Json };
}

function actionOf(answer: { body: Json }, id: string): Json | undefined {
  return (answer.body.actions as Json[]).find((a) => a.id === id);
}

Deno.test("Record payment starts a payment for the client, the outstanding amount and this invoice", async () => {
  const app = await createTestApp();
  try {
    const finance = await recordsAs(app, "finance@acme.test");
    const financeToken = await app.tokenFor("finance@acme.test");
    const draft = recordOf(
      await finance.create("invoice", {
        client: "cli_contoso",
        lines: [{ description: "Audit", quantity: 1, rate: 1000 }],
      }),
    );
    assertEquals((await finance.get("invoice", draft.id as string)).body.makes, []);
    assertEquals((await made(app, financeToken, draft.id as string)).status, 409);

    const invoice = await submittedInvoice(finance, "cli_contoso");
    assertEquals((await finance.get("invoice", invoice.id as string)).body.makes, [
      { id: "record_payment", label: "Record payment" },
    ]);
    const started = await made(app, financeToken, invoice.id as string);
    assertEquals(started.status, 200, JSON.stringify(started.body));
    assertEquals(started.body, {
      type: "payment",
      path: "/app/payments/new",
      values: {
        client: "cli_contoso",
        client__title: "Contoso Ltd",
        amount: 1000,
        allocations: [{ invoice: invoice.id, invoice__title: invoice.name, amount: 1000 }],
      },
    });

    // Saved as started (less 400) and submitted, the payment leaves 600 outstanding.
    // What a form sends: the fields, without the links' titles it shows.
    const { client__title: _title, ...values } = started.body.values as Json;
    const saved = await finance.create("payment", {
      ...values,
      amount: 400,
      allocations: [{ invoice: invoice.id, amount: 400 }],
    });
    assertEquals(saved.status, 201, JSON.stringify(saved.body));
    const payment = recordOf(saved);
    assertEquals((await finance.act("payment", payment.id as string, "submit")).status, 200);
    const partly = await made(app, financeToken, invoice.id as string);
    assertEquals([(partly.body.values as Json).amount], [600]);

    const { client__title: _shown, ...restValues } = partly.body.values as Json;
    const restSaved = await finance.create("payment", restValues);
    assertEquals(restSaved.status, 201, JSON.stringify(restSaved.body));
    const rest = recordOf(restSaved);
    assertEquals((await finance.act("payment", rest.id as string, "submit")).status, 200);
    const paid = await finance.get("invoice", invoice.id as string);
    assertEquals([recordOf(paid).status, paid.body.makes], ["paid", []]);
    const refused = await made(app, financeToken, invoice.id as string);
    assertEquals(refused.status, 409);
    ok(messageOf(refused).includes("Record payment is not offered"), messageOf(refused));
    assertEquals((await made(app, financeToken, invoice.id as string, "refund")).status, 404);

    // Who may read invoices but not create payments is not offered it, and may not start one.
    const pm = await recordsAs(app, "pm@acme.test");
    const open = await submittedInvoice(finance, "cli_contoso");
    assertEquals((await pm.get("invoice", open.id as string)).body.makes, []);
    assertEquals(
      (await made(app, await app.tokenFor("pm@acme.test"), open.id as string)).status,
      403,
    );
  } finally {
    await app.close();
  }
});

Deno.test("the Payments panel lists the payments allocated to the invoice; a child filter takes eq or in", async () => {
  const app = await createTestApp();
  try {
    const finance = await recordsAs(app, "finance@acme.test");
    const invoice = await submittedInvoice(finance, "cli_fabrikam");
    const other = await submittedInvoice(finance, "cli_fabrikam");
    const pay = async (allocations: Json[], amount: number) => {
      const payment = recordOf(
        await finance.create("payment", { client: "cli_fabrikam", amount, allocations }),
      );
      assertEquals((await finance.act("payment", payment.id as string, "submit")).status, 200);
      return payment;
    };
    const both = await pay([
      { invoice: invoice.id, amount: 100 },
      { invoice: other.id, amount: 100 },
    ], 200);
    const own = await pay([{ invoice: invoice.id, amount: 300 }], 300);
    await pay([{ invoice: other.id, amount: 50 }], 50);

    const listed = await finance.list("payment", {
      filters: [{ field: "allocations.invoice", op: "eq", value: invoice.id }],
      sort: [{ field: "amount", dir: "asc" }],
    });
    assertEquals(listed.status, 200, JSON.stringify(listed.body));
    assertEquals((listed.body.items as Json[]).map((p) => p.id), [both.id, own.id]);
    assertEquals(listed.body.total, { count: 2, exact: true });

    for (
      const filter of [
        { field: "allocations.invoice", op: "gt", value: invoice.id },
        { field: "allocations.amount", op: "eq", value: 100 },
        { field: "allocations.nothing", op: "eq", value: invoice.id },
      ]
    ) {
      const refused = await finance.list("payment", { filters: [filter] });
      assertEquals(refused.status, 400, JSON.stringify(filter));
      ok(JSON.stringify(refused.body.error).includes("filters"), JSON.stringify(refused.body));
    }
    const screen = await app.call("GET", `/ui/screens/invoices/form?id=${invoice.id}`, {
      token: await app.tokenFor("finance@acme.test"),
    });
    const descriptor = JSON.stringify(await screen.json());
    ok(descriptor.includes(`"title":"Payments"`), "a Payments panel");
    ok(descriptor.includes(`"field":"allocations.invoice"`), "listing by allocation");
    const pmScreen = await app.call("GET", `/ui/screens/invoices/form?id=${invoice.id}`, {
      token: await app.tokenFor("pm@acme.test"),
    });
    ok(
      !JSON.stringify(await pmScreen.json()).includes(`"title":"Payments"`),
      "pm reads no payments",
    );
  } finally {
    await app.close();
  }
});

Deno.test("the invoice's timeline names each payment applied or reversed, and its statuses in words", async () => {
  const app = await createTestApp();
  try {
    const finance = await recordsAs(app, "finance@acme.test");
    const invoice = await submittedInvoice(finance, "cli_tailspin");
    const payment = recordOf(
      await finance.create("payment", {
        client: "cli_tailspin",
        amount: 400,
        allocations: [{ invoice: invoice.id, amount: 400 }],
      }),
    );
    assertEquals((await finance.act("payment", payment.id as string, "submit")).status, 200);
    assertEquals((await finance.act("payment", payment.id as string, "cancel")).status, 200);
    const history = async (email: string) => {
      const response = await app.call("GET", `/api/records/invoice/${invoice.id}/history`, {
        token: await app.tokenFor(email),
      });
      assertEquals(response.status, 200);
      return (await response.json()).entries as Json[];
    };
    const entries = await history("finance@acme.test");
    const link = { label: payment.name, path: `/app/payments/${payment.id}` };
    // (Both at the test clock's one instant: in either order.)
    assertEquals(
      entries.filter((e) => e.summary).map((e) => [e.summary, e.link]).sort(),
      [
        [`Payment ${payment.name} applied $400.00`, link],
        [`Payment ${payment.name} reversed $400.00`, link],
      ],
    );
    const submit = entries.find((e) => e.action === "submit")!;
    const docstatus = (submit.changes as Json[]).find((c) => c.field === "docstatus")!;
    assertEquals([docstatus.from_title, docstatus.to_title], ["Draft", "Submitted"]);
    // Who may not read payments reads what happened, without the payment's number or a link.
    const pmEntries = await history("pm@acme.test");
    assertEquals(
      pmEntries.filter((e) => e.summary).map((e) => [e.summary, e.link]).sort(),
      [["Payment applied $400.00", undefined], ["Payment reversed $400.00", undefined]],
    );
    assertEquals(JSON.stringify(pmEntries).includes(payment.name as string), false);
  } finally {
    await app.close();
  }
});

Deno.test("Cancel on a paid invoice names its payments before it is tried, and is refused in the same words", async () => {
  const app = await createTestApp();
  try {
    const finance = await recordsAs(app, "finance@acme.test");
    const unpaid = await submittedInvoice(finance, "cli_wingtip");
    const cancel = actionOf(await finance.get("invoice", unpaid.id as string), "cancel")!;
    assertEquals(
      [cancel.label, cancel.confirm_label, cancel.keep_label, cancel.blocked],
      ["Cancel", "Cancel invoice", "Keep invoice", undefined],
    );

    const invoice = await submittedInvoice(finance, "cli_wingtip");
    const payment = recordOf(
      await finance.create("payment", {
        client: "cli_wingtip",
        amount: 400,
        allocations: [{ invoice: invoice.id, amount: 400 }],
      }),
    );
    assertEquals((await finance.act("payment", payment.id as string, "submit")).status, 200);
    const blocked = actionOf(await finance.get("invoice", invoice.id as string), "cancel")!;
    assertEquals(blocked.blocked, {
      reason: `This invoice has $400.00 paid by ${payment.name}: cancel those payments first.`,
      links: [{ label: `Open ${payment.name}`, path: `/app/payments/${payment.id}` }],
    });
    const refused = await finance.act("invoice", invoice.id as string, "cancel");
    assertEquals(refused.status, 409);
    assertEquals(
      messageOf(refused),
      `Invoice ${invoice.name} has $400.00 paid by ${payment.name}: cancel those payments first`,
    );
    assertEquals(
      recordOf(await finance.get("invoice", invoice.id as string)).payment_status,
      "partly_paid",
    );

    // Once its payment is cancelled, the invoice cancels.
    assertEquals((await finance.act("payment", payment.id as string, "cancel")).status, 200);
    const free = actionOf(await finance.get("invoice", invoice.id as string), "cancel")!;
    assertEquals(free.blocked, undefined);
    const cancelled = await finance.act("invoice", invoice.id as string, "cancel");
    assertEquals([cancelled.status, recordOf(cancelled).status], [200, "cancelled"]);
  } finally {
    await app.close();
  }
});
