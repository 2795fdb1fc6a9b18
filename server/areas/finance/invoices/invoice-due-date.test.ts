/**
 * An invoice's due date is an editable default: left out, it is the issue date
 * plus the client's payment terms (fetched from the client on the same save); a
 * date the caller gives is kept, and one that is no date is refused naming the
 * field with nothing stored. A stored due date is never recomputed; a cleared one
 * takes the default again.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { createInvoice, expectJson } from "./testing/invoices.ts";

const LINES = [{ description: "Audit", quantity: 1, rate: 500 }];

/** Gives a client its payment terms, through the API. */
async function setPaymentTerms(app: TestApp, token: string, client: string, days: number) {
  const record = (await expectJson(
    await app.call("GET", `/api/records/client/${client}`, { token }),
    200,
  )).record;
  await expectJson(
    await app.call("PATCH", `/api/records/client/${client}`, {
      token,
      body: { version: record.version, values: { payment_terms_days: days } },
    }),
    200,
  );
}

async function storedDueDate(app: TestApp, id: string): Promise<string | null> {
  const row = await app.db.get<{ due_date: string | null }>(
    "SELECT due_date FROM invoices WHERE id = ?",
    [id],
  );
  return row?.due_date ?? null;
}

Deno.test("an invoice left without a due date is due after the client's payment terms", async () => {
  const app = await createTestApp();
  try {
    const admin = await app.tokenFor("admin@acme.test");
    await setPaymentTerms(app, admin, "cli_contoso", 45);
    const invoice = await createInvoice(app, admin, {
      client: "cli_contoso",
      issue_date: "2026-01-20",
      lines: LINES,
    });
    assertEquals([invoice.payment_terms_days, invoice.due_date], [45, "2026-03-06"]);
    assertEquals(await storedDueDate(app, invoice.id), "2026-03-06");
    // Sent empty, it is left empty: the default fills it just the same.
    const empty = await createInvoice(app, admin, {
      client: "cli_contoso",
      issue_date: "2026-01-20",
      due_date: "",
      lines: LINES,
    });
    assertEquals(empty.due_date, "2026-03-06");
  } finally {
    await app.close();
  }
});

Deno.test("a due date the caller gives is kept, and stays when the issue date changes", async () => {
  const app = await createTestApp();
  try {
    const finance = await app.tokenFor("finance@acme.test");
    const invoice = await createInvoice(app, finance, {
      client: "cli_northwind",
      issue_date: "2026-01-20",
      due_date: "2026-01-31",
      lines: LINES,
    });
    assertEquals(invoice.due_date, "2026-01-31");
    assertEquals(await storedDueDate(app, invoice.id), "2026-01-31");

    const moved = (await expectJson(
      await app.call("PATCH", `/api/records/invoice/${invoice.id}`, {
        token: finance,
        body: { version: invoice.version, values: { issue_date: "2026-01-25" } },
      }),
      200,
    )).record;
    assertEquals([moved.issue_date, moved.due_date], ["2026-01-25", "2026-01-31"]);

    const changed = (await expectJson(
      await app.call("PATCH", `/api/records/invoice/${invoice.id}`, {
        token: finance,
        body: { version: moved.version, values: { due_date: "2026-02-10" } },
      }),
      200,
    )).record;
    assertEquals(changed.due_date, "2026-02-10");

    // Cleared, it takes the default again: the issue date plus the 30 days' terms.
    const cleared = (await expectJson(
      await app.call("PATCH", `/api/records/invoice/${invoice.id}`, {
        token: finance,
        body: { version: changed.version, values: { due_date: null } },
      }),
      200,
    )).record;
    assertEquals(cleared.due_date, "2026-02-24");
    assertEquals(await storedDueDate(app, invoice.id), "2026-02-24");
  } finally {
    await app.close();
  }
});

Deno.test("a due date that is no date is refused naming due_date, and nothing is stored", async () => {
  const app = await createTestApp();
  try {
    const finance = await app.tokenFor("finance@acme.test");
    const count = async () =>
      (await app.db.get<{ n: number }>(
        "SELECT COUNT(*) AS n FROM invoices WHERE organization_id = 'org_acme'",
      ))!.n;
    const before = await count();
    for (const due_date of ["next Friday", "2026-02-30", 20260131]) {
      const response = await app.call("POST", "/api/records/invoice", {
        token: finance,
        body: {
          values: { client: "cli_northwind", issue_date: "2026-01-20", due_date, lines: LINES },
        },
      });
      assertEquals(response.headers.get("content-type")?.startsWith("application/json"), true);
      const refused = await expectJson(response, 400);
      assertEquals(Object.keys(refused.error.details.fields), ["due_date"], String(due_date));
    }
    assertEquals(await count(), before);

    // An issue date that is no date is the one problem named: the default cannot be made.
    const noIssue = await expectJson(
      await app.call("POST", "/api/records/invoice", {
        token: finance,
        body: { values: { client: "cli_northwind", issue_date: "soon", lines: LINES } },
      }),
      400,
    );
    assertEquals(Object.keys(noIssue.error.details.fields), ["issue_date"]);
    assertEquals(await count(), before);
  } finally {
    await app.close();
  }
});

Deno.test("the invoice's metadata gives the form the due date's default formula, editable", async () => {
  const app = await createTestApp();
  try {
    const finance = await app.tokenFor("finance@acme.test");
    const meta = await expectJson(
      await app.call("GET", "/api/records/invoice/meta", { token: finance }),
      200,
    );
    const due = meta.meta.fields.find((f: { id: string }) => f.id === "due_date");
    assertEquals(
      [due.default_formula, due.required, due.read_only, due.computed],
      ["add_days(issue_date, payment_terms_days)", true, undefined, undefined],
    );
  } finally {
    await app.close();
  }
});

Deno.test("an import may leave the due date out: its column is offered, not needed", async () => {
  const app = await createTestApp();
  try {
    const finance = await app.tokenFor("finance@acme.test");
    const { columns } = await expectJson(
      await app.call("GET", "/api/records/invoice/import/columns", { token: finance }),
      200,
    );
    const column = (id: string) => columns.find((c: { field: string }) => c.field === id);
    assertEquals([column("due_date")?.required, column("client")?.required], [false, true]);
  } finally {
    await app.close();
  }
});
