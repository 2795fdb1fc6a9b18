/**
 * Saved reports through HTTP: a report is its owner's until shared with roles or
 * everyone; whoever opens it gets it computed with their own permissions (own
 * records, level-1 fields, types they may not read); only its owner changes it; a
 * report that does not run does not save; the CSV reads as people read. Runs on
 * SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../../../testing/http-assertions.ts";
import { parseCsv } from "../../../records/csv/mod.ts";

type Row = Record<string, unknown>;

const BY_CLIENT_AND_MONTH = {
  group_by: [{ field: "client" }, { field: "issue_date", bucket: "month" }],
  aggregates: [{ fn: "count", as: "invoices" }, { fn: "sum", field: "grand_total", as: "total" }],
};

async function withApp(fn: (t: TestApp) => Promise<void>): Promise<void> {
  const t = await createTestApp();
  try {
    await fn(t);
  } finally {
    await t.close();
  }
}

async function saveReport(t: TestApp, token: string, values: Row) {
  return await t.call("POST", "/api/records/report", { token, body: { values } });
}

async function run(t: TestApp, token: string, id: string) {
  return await t.call("POST", `/api/records/report/${id}/run`, { token, body: {} });
}

Deno.test("a report is its owner's until shared, then each reader gets it with their own permissions", async () => {
  await withApp(async (t) => {
    const admin = await t.tokenFor("admin@acme.test");
    const finance = await t.tokenFor("finance@acme.test");
    const member = await t.tokenFor("member@acme.test");
    const { record } = await jsonOf<{ record: Row & { id: string; version: number } }>(
      await saveReport(t, admin, {
        name: "Invoices by client and month",
        record_type: "invoice",
        definition: JSON.stringify(BY_CLIENT_AND_MONTH),
        chart: "bar",
      }),
      201,
    );
    assertEquals(record.sharing, "private");
    await errorOf(await run(t, finance, record.id), 404, "not_found");
    const reports = await jsonOf<{ items: Row[] }>(
      await t.call("POST", "/api/records/report/list", { token: finance, body: {} }),
      200,
    );
    ok(!reports.items.some((r) => r.id === record.id), "a private report is not in others' list");

    const shared = await jsonOf<{ record: Row & { version: number } }>(
      await t.call("PATCH", `/api/records/report/${record.id}`, {
        token: admin,
        body: {
          version: record.version,
          values: { sharing: "roles", shared_roles: [{ role: "finance" }] },
        },
      }),
      200,
    );
    const result = await jsonOf<{ report: Row; rows: Row[] }>(
      await run(t, finance, record.id),
      200,
    );
    assertEquals(result.report.owned, false);
    const direct = await jsonOf<{ rows: Row[] }>(
      await t.call("POST", "/api/records/invoice/query", {
        token: finance,
        body: BY_CLIENT_AND_MONTH,
      }),
      200,
    );
    assertEquals(result.rows, direct.rows, "the report is the finance user's own query");
    ok(result.rows.length > 0);

    // Shared is read only: its owner changes it.
    const opened = await jsonOf<{ actions: Row[]; read_only_reason?: string }>(
      await t.call("GET", `/api/records/report/${record.id}`, { token: finance }),
      200,
    );
    assertEquals(opened.actions, []);
    assertEquals(opened.read_only_reason, "Only its owner changes this report");
    const refused = await errorOf(
      await t.call("PATCH", `/api/records/report/${record.id}`, {
        token: finance,
        body: { version: shared.record.version, values: { name: "Mine now" } },
      }),
      403,
      "forbidden",
    );
    assertEquals(refused.message, "Only its owner changes this report");
    // A role it is not shared with neither lists nor opens it.
    await errorOf(await run(t, member, record.id), 404, "not_found");
  });
});

Deno.test("a report shared with everyone runs with each reader's own records and types", async () => {
  await withApp(async (t) => {
    const admin = await t.tokenFor("admin@acme.test");
    const sales = await t.tokenFor("sales@acme.test");
    const member = await t.tokenFor("member@acme.test");
    const claims = await jsonOf<{ record: { id: string } }>(
      await saveReport(t, admin, {
        name: "Expense claims",
        record_type: "expense",
        definition: JSON.stringify({ aggregates: [{ fn: "count", as: "claims" }] }),
        chart: "number",
        sharing: "organization",
      }),
      201,
    );
    const all = await jsonOf<{ rows: Row[] }>(await run(t, admin, claims.record.id), 200);
    const own = await jsonOf<{ rows: Row[] }>(await run(t, sales, claims.record.id), 200);
    const listed = await jsonOf<{ items: Row[] }>(
      await t.call("POST", "/api/records/expense/list", { token: sales, body: { limit: 500 } }),
      200,
    );
    assertEquals(own.rows[0].claims, listed.items.length, "sales count only their own claims");
    ok(Number(all.rows[0].claims) > Number(own.rows[0].claims));

    const invoices = await jsonOf<{ record: { id: string } }>(
      await saveReport(t, admin, {
        name: "Invoices",
        record_type: "invoice",
        definition: JSON.stringify(BY_CLIENT_AND_MONTH),
        chart: "table",
        sharing: "organization",
      }),
      201,
    );
    // A member reads no invoices: the shared report does not read them for them.
    await errorOf(await run(t, member, invoices.record.id), 403, "forbidden");
  });
});

Deno.test("a report that would not run does not save, naming the field", async () => {
  await withApp(async (t) => {
    const admin = await t.tokenFor("admin@acme.test");
    const member = await t.tokenFor("member@acme.test");
    const base = { name: "Broken", chart: "table" };
    await assertInvalidFields(
      await saveReport(t, admin, { ...base, record_type: "invoice", definition: "{not json" }),
      "definition",
    );
    await assertInvalidFields(
      await saveReport(t, admin, {
        ...base,
        record_type: "invoice",
        definition: JSON.stringify({ columns: ["nonsense"] }),
      }),
      "definition",
    );
    await assertInvalidFields(
      await saveReport(t, admin, {
        ...base,
        record_type: "nonsense",
        definition: JSON.stringify({}),
      }),
      "record_type",
    );
    // Saving a report is no way around a type's read permission.
    await assertInvalidFields(
      await saveReport(t, member, {
        ...base,
        record_type: "invoice",
        definition: JSON.stringify({}),
      }),
      "record_type",
    );
    const { items } = await jsonOf<{ items: Row[] }>(
      await t.call("POST", "/api/records/report/list", { token: admin, body: {} }),
      200,
    );
    assertEquals(items.filter((r) => r.name === "Broken"), [], "nothing stored");
  });
});

Deno.test("a report's CSV has its headings and values as people read them", async () => {
  await withApp(async (t) => {
    const finance = await t.tokenFor("finance@acme.test");
    const { record } = await jsonOf<{ record: { id: string } }>(
      await saveReport(t, finance, {
        name: "Invoices by status",
        record_type: "invoice",
        definition: JSON.stringify({
          group_by: [{ field: "status" }, { field: "client" }],
          aggregates: [{ fn: "sum", field: "grand_total", as: "total" }],
        }),
        chart: "table",
      }),
      201,
    );
    const res = await t.call("GET", `/api/records/report/${record.id}/export`, { token: finance });
    assertEquals(res.status, 200);
    ok(res.headers.get("content-disposition")?.includes("invoices-by-status-"));
    const [header, ...lines] = parseCsv(await res.text());
    assertEquals(header.cells, ["Status", "Client", "Sum of grand total"]);
    const statuses = new Set(lines.map((l) => l.cells[0]));
    ok(statuses.has("Overdue") && statuses.has("Paid"), [...statuses].join());
    ok(lines.every((l) => !/^cli_/.test(l.cells[1])), "clients by name, never an id");
  });
});

Deno.test("the reports index lists the standard reports the caller may open beside their saved ones", async () => {
  await withApp(async (t) => {
    const linksFor = async (email: string) => {
      const res = await t.call("GET", "/ui/screens/reports", { token: await t.tokenFor(email) });
      assertEquals(res.status, 200, email);
      const text = JSON.stringify(await res.json());
      return [...text.matchAll(/"to":"(\/app\/[^"]+)"/g)].map((m) => m[1]);
    };
    const finance = await linksFor("finance@acme.test");
    for (
      const to of [
        "/app/reports/invoice-reports",
        "/app/reports/expense-reports",
        "/app/report-builder",
      ]
    ) ok(finance.includes(to), `finance: ${to} in ${finance}`);
    const sales = await linksFor("sales@acme.test");
    ok(!sales.includes("/app/reports/invoice-reports"), "sales may not open invoice reports");
  });
});
