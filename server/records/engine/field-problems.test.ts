/**
 * Validation errors through HTTP speak the user's words: a field is named by its
 * label and a child row by its position ("Line 1: Date is required"), in the
 * message and in `details.fields`, which stay keyed by path so a form can show
 * each at its field or grid cell; nothing of a refused write is stored. Every
 * declared type gets it from its declaration.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../../testing/test-app.ts";
import { recordTypes } from "../catalogue.ts";
import {
  fieldsOf,
  messageOf,
  recordOf,
  recordsAs,
} from "../../areas/finance/invoices/testing/money.ts";

const LINE = { date: "2031-02-10", category: "travel", description: "Train", amount: 120.5 };

Deno.test("a claim line without a date answers 400 'Line 1: Date is required' at lines[0].date, storing nothing", async () => {
  const app = await createTestApp();
  try {
    const tom = await recordsAs(app, "tom@acme.test");
    const before = (await tom.list("expense")).body.total;
    const refused = await tom.create("expense", {
      purpose: "Workshop",
      approver: "usr_acme_pm",
      lines: [{ ...LINE, date: null }, { ...LINE, amount: 0 }],
    });
    assertEquals(refused.status, 400);
    assertEquals(fieldsOf(refused), {
      "lines[0].date": "Line 1: Date is required",
      "lines[1].amount": "Line 2: Amount must be at least 0.01",
    });
    assertEquals(messageOf(refused), "Line 1: Date is required (and 1 more problem)");
    assertEquals((await tom.list("expense")).body.total, before, "nothing stored");

    const nothing = await tom.create("expense", { lines: [] });
    assertEquals(fieldsOf(nothing), {
      purpose: "Purpose is required",
      approver: "Approver is required",
    });
    const category = await tom.create("expense", {
      purpose: "Workshop",
      approver: "usr_acme_pm",
      lines: [{ ...LINE, category: "yachts" }],
    });
    const text = String(fieldsOf(category)["lines[0].category"]);
    ok(text.startsWith("Line 1: Category must be one of: "), text);
    ok(text.includes("Travel") && !text.includes("travel,"), `options by their labels: ${text}`);
  } finally {
    await app.close();
  }
});

Deno.test("a payment's allocation is named by its row: 'Allocation 1: Invoice … belongs to another client'", async () => {
  const app = await createTestApp();
  try {
    const finance = await recordsAs(app, "finance@acme.test");
    const invoice = await app.db.get<{ id: string; name: string; client_id: string }>(
      `SELECT id, name, client_id FROM invoices
        WHERE organization_id = 'org_acme' AND docstatus = 1 AND is_return = 0
          AND client_id <> 'cli_northwind' LIMIT 1`,
    );
    const refused = await finance.create("payment", {
      client: "cli_northwind",
      amount: 100,
      allocations: [{ invoice: invoice!.id, amount: 100 }],
    });
    assertEquals(refused.status, 400);
    const sentence = `Allocation 1: Invoice ${invoice!.name} belongs to another client`;
    assertEquals(fieldsOf(refused), { "allocations[0].invoice": sentence });
    assertEquals(messageOf(refused), sentence);
  } finally {
    await app.close();
  }
});

Deno.test("every type names its fields by label and its child rows by position, never by path or id", async () => {
  const app = await createTestApp();
  try {
    const token = await app.tokenFor("admin@acme.test");
    let rowsChecked = 0;
    for (const type of recordTypes()) {
      if (!type.declaration.roles.firm_admin?.includes("create")) continue;
      const values: Record<string, unknown> = {};
      for (const field of type.fields) if (field.type === "table") values[field.id] = [{}];
      const answer = await app.call("POST", `/api/records/${type.id}`, {
        token,
        body: { values },
      });
      const body = await answer.json();
      if (answer.status === 201) continue;
      assertEquals(answer.status, 400, `${type.id}: ${JSON.stringify(body)}`);
      const fields = body.error.details.fields as Record<string, string>;
      for (const [path, sentence] of Object.entries(fields)) {
        ok(!/\[\d+\]|\b[a-z]+_[a-z_]+\b/.test(sentence), `${type.id} ${path}: "${sentence}"`);
      }
      ok(Object.values(fields).some((s) => body.error.message.startsWith(s)), type.id);
      // A read-only table (a log the server keeps) takes no rows from a caller.
      for (const table of type.fields.filter((f) => f.type === "table" && !f.read_only)) {
        const row = table.child?.row_label ?? "Row";
        for (const child of table.childFields ?? []) {
          const needed = child.required && child.default === undefined && !child.computed &&
            !child.fetch_from && child.level !== 1;
          if (!needed) continue;
          assertEquals(
            fields[`${table.id}[0].${child.id}`],
            `${row} 1: ${child.label} is required`,
            `${type.id}.${table.id}`,
          );
          rowsChecked++;
        }
      }
    }
    ok(rowsChecked >= 8, `only ${rowsChecked} child fields checked`);
  } finally {
    await app.close();
  }
});

Deno.test("a claim line left without a date takes today's", async () => {
  const app = await createTestApp();
  try {
    app.clock.now = Date.parse("2031-03-04T10:00:00.000Z");
    const tom = await recordsAs(app, "tom@acme.test");
    const { date: _date, ...undated } = LINE;
    const created = await tom.create("expense", {
      purpose: "Taxi",
      approver: "usr_acme_pm",
      lines: [undated],
    });
    assertEquals(created.status, 201, JSON.stringify(created.body));
    assertEquals((recordOf(created).lines as { date: string }[])[0].date, "2031-03-04");
  } finally {
    await app.close();
  }
});
