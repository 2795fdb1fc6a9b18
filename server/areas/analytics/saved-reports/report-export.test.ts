/**
 * A saved report's CSV holds its whole result, past the query call's 10,000-row
 * limit, in the report's order: records (sorted one way, or several ways with
 * empty values) and groups (ordered by their fields, or by an aggregate), each row
 * once. Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { jsonOf } from "../../../testing/http-assertions.ts";
import { fillInvoices } from "../../../testing/bulk-invoices.ts";
import { parseCsv } from "../../../records/csv/mod.ts";
import { INVOICE } from "../../finance/types/invoice.ts";
import { QUERY_LIMIT_MAX } from "../../../../schemas/records/query.ts";

type Row = Record<string, unknown>;

/** More invoices than one query answers. */
const MANY = QUERY_LIMIT_MAX + 50;

async function exported(t: TestApp, token: string, definition: Row) {
  const { record } = await jsonOf<{ record: { id: string } }>(
    await t.call("POST", "/api/records/report", {
      token,
      body: {
        values: {
          name: "All invoices",
          record_type: "invoice",
          definition: JSON.stringify(definition),
          chart: "table",
        },
      },
    }),
    201,
  );
  const res = await t.call("GET", `/api/records/report/${record.id}/export`, { token });
  assertEquals(res.status, 200);
  const [header, ...lines] = parseCsv(await res.text());
  const run = await jsonOf<{ rows: Row[] }>(
    await t.call("POST", `/api/records/report/${record.id}/run`, { token, body: {} }),
    200,
  );
  return { header: header.cells, lines: lines.map((l) => l.cells), first: run.rows };
}

Deno.test("a report's CSV holds every row of a result larger than one query answers", async () => {
  const t = await createTestApp();
  try {
    await fillInvoices(t.db, MANY);
    // A tenth of them without a due date: empties sort last, across pages.
    await t.db.run(
      `UPDATE invoices SET ${
        INVOICE.field.get("due_date")!.column
      } = NULL WHERE name LIKE 'BINV-%3'`,
    );
    const finance = await t.tokenFor("finance@acme.test");
    const counted = await jsonOf<{ rows: Row[] }>(
      await t.call("POST", "/api/records/invoice/query", {
        token: finance,
        body: { aggregates: [{ fn: "count", as: "invoices" }] },
      }),
      200,
    );
    const invoices = Number(counted.rows[0].invoices);
    ok(invoices > QUERY_LIMIT_MAX);

    // Records, one direction: the row-value keyset.
    const records = await exported(t, finance, { columns: ["name", "grand_total"] });
    assertEquals(records.header.length, 2);
    assertEquals(records.lines.length, invoices);
    assertEquals(new Set(records.lines.map((l) => l[0])).size, invoices, "each invoice once");
    assertEquals(
      records.lines.slice(0, records.first.length).map((l) => l[0]),
      records.first.map((r) => r.name),
      "in the report's order",
    );

    // Records sorted both ways over a field shared by many and empty on some.
    const mixed = await exported(t, finance, {
      columns: ["name", "due_date"],
      sort: [{ field: "due_date", dir: "desc" }, { field: "name", dir: "asc" }],
    });
    assertEquals(mixed.lines.length, invoices);
    assertEquals(new Set(mixed.lines.map((l) => l[0])).size, invoices);
    assertEquals(
      mixed.lines.slice(0, mixed.first.length).map((l) => l[0]),
      mixed.first.map((r) => r.name),
    );
    const days = mixed.lines.map((l) => l[1]);
    const set = days.filter((d) => d !== "");
    ok(set.every((d, i) => i === 0 || d <= set[i - 1]), "newest first");
    ok(days.slice(set.length).every((d) => d === ""), "empty dates last");

    // Groups by their field, then by an aggregate (the condition on the groups).
    const groups = await exported(t, finance, {
      group_by: [{ field: "name" }],
      aggregates: [{ fn: "count", as: "invoices" }],
    });
    assertEquals(groups.header.length, 2);
    assertEquals(groups.lines.length, invoices);
    assertEquals(new Set(groups.lines.map((l) => l[0])).size, invoices);
    const byTotal = await exported(t, finance, {
      group_by: [{ field: "name" }],
      aggregates: [{ fn: "sum", field: "grand_total", as: "total" }],
      sort: [{ field: "total", dir: "desc" }],
    });
    assertEquals(byTotal.lines.length, invoices);
    assertEquals(new Set(byTotal.lines.map((l) => l[0])).size, invoices);
    const totals = byTotal.lines.map((l) => Number(l[1]));
    ok(totals.every((v, i) => i === 0 || v <= totals[i - 1]), "largest first");
  } finally {
    await t.close();
  }
});

Deno.test("a report's CSV names a value from one of the organisation's lists by its label", async () => {
  const t = await createTestApp();
  try {
    const sales = await t.tokenFor("sales@acme.test");
    const { record } = await jsonOf<{ record: { id: string } }>(
      await t.call("POST", "/api/records/report", {
        token: sales,
        body: {
          values: {
            name: "Leads by source",
            record_type: "lead",
            definition: JSON.stringify({
              group_by: [{ field: "source" }],
              aggregates: [{ fn: "count", as: "leads" }],
            }),
            chart: "table",
          },
        },
      }),
      201,
    );
    const res = await t.call("GET", `/api/records/report/${record.id}/export`, { token: sales });
    assertEquals(res.status, 200);
    const [header, ...lines] = parseCsv(await res.text());
    assertEquals(header.cells, ["Source", "Count"]);
    const sources = lines.map((l) => l.cells[0]);
    ok(sources.includes("Cold outreach"), `labels, not codes: ${sources.join(", ")}`);
    ok(!sources.includes("cold_outreach"));

    // A status that is a plain choice (a task's) reads by its label too.
    const admin = await t.tokenFor("admin@acme.test");
    const tasks = await t.call("GET", "/api/records/report/rpt_tasks_by_status/export", {
      token: admin,
    });
    const states = parseCsv(await tasks.text()).slice(1).map((l) => l.cells[0]);
    ok(states.includes("In progress"), states.join(", "));
    ok(!states.includes("in_progress"));
  } finally {
    await t.close();
  }
});
