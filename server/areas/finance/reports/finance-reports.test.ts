import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../../../testing/http-assertions.ts";
import { FINANCE_NOW, plantFinance } from "./testing/reports-fixture.ts";

type Json = Record<string, unknown>;

async function financeApp(): Promise<TestApp> {
  const t = await createTestApp();
  t.clock.now = FINANCE_NOW;
  await plantFinance(t.db);
  return t;
}

async function dashboardOf(t: TestApp, email: string): Promise<Json> {
  return await jsonOf<Json>(
    await t.call("POST", "/api/finance/dashboard", { token: await t.tokenFor(email), body: {} }),
  );
}

/** Plain objects (PostgreSQL and SQLite rows may carry other prototypes). */
function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value));
}

Deno.test("the finance dashboard's figures match the hand-worked ledger", async () => {
  const t = await financeApp();
  try {
    const d = await dashboardOf(t, "finance@acme.test");
    assertEquals(d.period, { from: "2025-04-01", to: "2026-03-10" });
    // Invoiced: D 800 (Sep), C 300 (Nov), B 500 (Dec), A 1000 (Jan), F 400 − credit note 100 (Feb),
    // E 250 (Mar); the draft G and the cancelled H never count. Collected: 300, 400, 60.
    const months = (d.revenue_by_month as Json[]).filter((m) =>
      m.invoiced !== 0 || m.collected !== 0
    );
    assertEquals(plain(months), [
      { month: "2025-09", invoiced: 800, invoices: 1, collected: 0, payments: 0 },
      { month: "2025-11", invoiced: 300, invoices: 1, collected: 0, payments: 0 },
      { month: "2025-12", invoiced: 500, invoices: 1, collected: 0, payments: 0 },
      { month: "2026-01", invoiced: 1000, invoices: 1, collected: 300, payments: 1 },
      { month: "2026-02", invoiced: 300, invoices: 2, collected: 400, payments: 1 },
      { month: "2026-03", invoiced: 250, invoices: 1, collected: 60, payments: 1 },
    ]);
    assertEquals((d.revenue_by_month as Json[]).length, 12, "every month, empty ones at zero");
    // Days past due on 03-10: A 9 and E not yet due (0–30), B 49 (31–60), C 85 (61–90), D 160 (90+).
    assertEquals(plain(d.aging), [
      { bucket: "0-30", label: "0–30 days", outstanding: 1250, invoices: 2 },
      { bucket: "31-60", label: "31–60 days", outstanding: 200, invoices: 1 },
      { bucket: "61-90", label: "61–90 days", outstanding: 300, invoices: 1 },
      { bucket: "90+", label: "Over 90 days", outstanding: 800, invoices: 1 },
    ]);
    assertEquals(plain(d.totals), {
      invoiced: 3150,
      collected: 760,
      outstanding: 2550,
      overdue_invoices: 4,
      overdue_outstanding: 2300,
      approved_expenses: 230,
    });
    assertEquals(
      (d.overdue_invoices as Json[]).map((
        i,
      ) => [i.name, i.client_name, i.days_overdue, i.outstanding]),
      [
        ["INV_D", "Contoso Ltd", 160, 800],
        ["INV_C", "Contoso Ltd", 85, 300],
        ["INV_B", "Contoso Ltd", 49, 200],
        ["INV_A", "Northwind Traders", 9, 1000],
      ],
    );
    // Travel: claimed 120 + 80, approved 100 + 80, paid 100; software: claimed 50 + 40,
    // approved and paid 50; the draft and the rejected claim never count.
    assertEquals(plain(d.expenses_by_category), [
      { category: "travel", label: "Travel", claimed: 200, approved: 180, paid: 100, lines: 2 },
      {
        category: "software",
        label: "Software and subscriptions",
        claimed: 90,
        approved: 50,
        paid: 50,
        lines: 2,
      },
    ]);
    // The running approved travel budget: committed 80 (approved), consumed 100 (paid).
    assertEquals(
      (d.budgets as Json[]).map((
        b,
      ) => [b.name, b.total, b.committed, b.consumed, b.remaining, b.used_percent]),
      [["BUD_TRAVEL", 1000, 80, 100, 820, 18]],
    );
  } finally {
    await t.close();
  }
});

Deno.test("the staff dashboard's finance figures are the finance dashboard's, for those who see it", async () => {
  const t = await financeApp();
  try {
    const summary = async (email: string) =>
      await jsonOf<Json>(
        await t.call("POST", "/dashboard/summary", { token: await t.tokenFor(email), body: {} }),
      );
    assertEquals((await summary("finance@acme.test")).finance, {
      outstanding: 2550,
      overdue_invoices: 4,
      overdue_outstanding: 2300,
      collected_this_month: 60,
    });
    assertEquals((await summary("sales@acme.test")).finance, null);
  } finally {
    await t.close();
  }
});

Deno.test("finance figures are confined to the caller's organisation", async () => {
  const t = await financeApp();
  try {
    const d = await dashboardOf(t, "admin@globex.test");
    assertEquals((d.totals as Json).outstanding, 5000);
    assertEquals((d.totals as Json).overdue_invoices, 1);
    assertEquals((d.totals as Json).invoiced, 5000);
    assertEquals(d.expenses_by_category, []);
    const report = await jsonOf<{ rows: Json[] }>(
      await t.call("POST", "/api/finance/reports/invoices", {
        token: await t.tokenFor("admin@globex.test"),
        body: { report_type: "by-client" },
      }),
    );
    assertEquals(report.rows.map((r) => r.client_name), ["Initech"]);
  } finally {
    await t.close();
  }
});

Deno.test("the invoice report variants: aging and by client per client, by month, tax summary", async () => {
  const t = await financeApp();
  try {
    const token = await t.tokenFor("finance@acme.test");
    const report = async (body: Json) =>
      await jsonOf<{ rows: Json[]; totals: Json; period: Json; title: string }>(
        await t.call("POST", "/api/finance/reports/invoices", { token, body }),
      );
    const aging = await report({ report_type: "aging" });
    assertEquals(plain(aging.rows), [
      {
        client_name: "Contoso Ltd",
        invoices: 3,
        days_0_30: 0,
        days_31_60: 200,
        days_61_90: 300,
        days_over_90: 800,
        outstanding: 1300,
      },
      {
        client_name: "Northwind Traders",
        invoices: 2,
        days_0_30: 1250,
        days_31_60: 0,
        days_61_90: 0,
        days_over_90: 0,
        outstanding: 1250,
      },
    ]);
    assertEquals(aging.totals.outstanding, 2550);
    assertEquals(aging.period, { from: "2026-03-10", to: "2026-03-10" });
    const byClient = await report({ report_type: "by-client" });
    assertEquals(plain(byClient.rows), [
      { client_name: "Contoso Ltd", invoices: 3, invoiced: 1600, outstanding: 1300, overdue: 1300 },
      {
        client_name: "Northwind Traders",
        invoices: 4,
        invoiced: 1550,
        outstanding: 1250,
        overdue: 1000,
      },
    ]);
    const byMonth = await report({ report_type: "by-month", from: "2026-01-01", to: "2026-02-28" });
    assertEquals(plain(byMonth.rows), [
      { month: "2026-01", invoices: 1, invoiced: 1000, payments: 1, collected: 300 },
      { month: "2026-02", invoices: 2, invoiced: 300, payments: 1, collected: 400 },
    ]);
    assertEquals(plain(byMonth.totals), {
      invoices: 3,
      invoiced: 1300,
      payments: 2,
      collected: 700,
    });
    const tax = await report({ report_type: "tax-summary" });
    assertEquals(plain(tax.rows), [
      {
        period: "2026-03",
        tax_template: "VAT 25%",
        invoices: 1,
        taxable_amount: 200,
        tax_amount: 50,
      },
      {
        period: "2026-02",
        tax_template: "No tax",
        invoices: 1,
        taxable_amount: 400,
        tax_amount: 0,
      },
      {
        period: "2026-01",
        tax_template: "VAT 25%",
        invoices: 1,
        taxable_amount: 800,
        tax_amount: 200,
      },
    ]);
  } finally {
    await t.close();
  }
});

Deno.test("an invoice report downloads as CSV with the report's columns and rows", async () => {
  const t = await financeApp();
  try {
    const token = await t.tokenFor("finance@acme.test");
    const res = await t.call("GET", "/api/finance/reports/invoices/aging/csv", { token });
    assertEquals(res.status, 200);
    assertEquals(res.headers.get("content-type"), "text/csv; charset=utf-8");
    ok(
      res.headers.get("content-disposition")?.includes(
        'filename="invoice-report-aging-2026-03-10-2026-03-10.csv"',
      ),
    );
    assertEquals(
      await res.text(),
      "client_name,invoices,days_0_30,days_31_60,days_61_90,days_over_90,outstanding\r\n" +
        "Contoso Ltd,3,0,200,300,800,1300\r\n" +
        "Northwind Traders,2,1250,0,0,0,1250\r\n",
    );
    const expenses = await t.call(
      "GET",
      "/api/finance/reports/expenses/csv?from=2026-01-01&to=2026-03-31",
      { token },
    );
    assertEquals(
      await expenses.text(),
      "label,lines,claimed,approved,paid\r\n" +
        "Travel,2,200,180,100\r\n" +
        "Software and subscriptions,2,90,50,50\r\n",
    );
  } finally {
    await t.close();
  }
});

Deno.test("a client name that reads as a formula is quoted out in the CSV file", async () => {
  const t = await financeApp();
  try {
    await t.db.run("UPDATE clients SET name = '=HYPERLINK(1)' WHERE id = 'cli_contoso'");
    const res = await t.call("GET", "/api/finance/reports/invoices/by-client/csv", {
      token: await t.tokenFor("finance@acme.test"),
    });
    ok((await res.text()).includes("\r\n'=HYPERLINK(1),3,1600"), "the formula is prefixed with '");
  } finally {
    await t.close();
  }
});

Deno.test("finance figures answer 403 naming the read permission to a role without it", async () => {
  const t = await financeApp();
  try {
    const sales = await t.tokenFor("sales@acme.test");
    for (
      const [method, path, permission] of [
        ["POST", "/api/finance/dashboard", "finance_dashboard.read"],
        ["POST", "/api/finance/reports/invoices", "reports_invoice_reports.read"],
        ["GET", "/api/finance/reports/invoices/aging/csv", "reports_invoice_reports.read"],
        ["POST", "/api/finance/reports/expenses", "reports_expense_reports.read"],
        ["GET", "/api/finance/reports/expenses/csv", "reports_expense_reports.read"],
      ] as const
    ) {
      const error = await errorOf(
        await t.call(method, path, { token: sales, body: method === "POST" ? {} : undefined }),
        403,
        "forbidden",
      );
      ok(error.message.includes(permission), `${path}: ${error.message}`);
    }
    const finance = await t.tokenFor("finance@acme.test");
    assertEquals(
      (await t.call("POST", "/api/finance/reports/expenses", { token: finance, body: {} })).status,
      200,
    );
  } finally {
    await t.close();
  }
});

Deno.test("finance report calls with bad input answer 400 naming the field", async () => {
  const t = await financeApp();
  try {
    const token = await t.tokenFor("finance@acme.test");
    const post = (path: string, body: Json) => t.call("POST", path, { token, body });
    await assertInvalidFields(
      await post("/api/finance/reports/invoices", { report_type: "profit" }),
      "report_type",
    );
    await assertInvalidFields(
      await post("/api/finance/reports/invoices", { from: "2026-03-01", to: "2026-02-01" }),
      "to",
    );
    await assertInvalidFields(
      await post("/api/finance/reports/expenses", { from: "1 March" }),
      "from",
    );
    await assertInvalidFields(
      await post("/api/finance/reports/expenses", { from: "2010-01-01", to: "2026-01-01" }),
      "from",
    );
    await assertInvalidFields(await post("/api/finance/dashboard", { months: 0 }), "months");
    await assertInvalidFields(
      await t.call("GET", "/api/finance/reports/invoices/profit/csv", { token }),
      "reportType",
    );
    await assertInvalidFields(
      await t.call("GET", "/api/finance/reports/invoices/aging/csv?to=yesterday", { token }),
      "to",
    );
  } finally {
    await t.close();
  }
});

/** Grants a permission to a role of Acme. */
async function grant(t: TestApp, role: string, permission: string): Promise<void> {
  await t.db.run(
    `INSERT INTO role_permissions (organization_id, role_id, permission)
     SELECT organization_id, id, ? FROM roles WHERE organization_id = 'org_acme' AND name = ?
     ON CONFLICT DO NOTHING`,
    [permission, role],
  );
}

Deno.test("the finance figures count what the caller's own lists hold: their own claims, and no level-1 amount without the level", async () => {
  const t = await financeApp();
  try {
    // The paid claim becomes the demo member's; the others stay the project manager's.
    await t.db.run(
      "UPDATE expenses SET claimant_id = (SELECT id FROM users WHERE email = 'member@acme.test') WHERE id = 'exp_paid'",
    );
    await grant(t, "member", "reports_expense_reports.read");
    const token = await t.tokenFor("member@acme.test");
    const report = () =>
      t.call("POST", "/api/finance/reports/expenses", {
        token,
        body: { from: "2026-01-01", to: "2026-03-31" },
      });
    // Sanctioned amounts are level 1: without it, no expense figure at all.
    const hidden = await jsonOf<Json>(await report(), 200);
    assertEquals(hidden.rows, []);
    assertEquals((hidden.by_month as Json[]).map((m) => m.claimed), [0, 0, 0]);
    await grant(t, "member", "expenses.level1");
    const own = await jsonOf<Json>(await report(), 200);
    assertEquals(plain(own.rows), [
      { label: "Travel", lines: 1, claimed: 120, approved: 100, paid: 100 },
      { label: "Software and subscriptions", lines: 1, claimed: 50, approved: 50, paid: 50 },
    ]);
    // The member's expense list holds exactly the claim counted.
    const listed = await jsonOf<{ items: Json[] }>(
      await t.call("POST", "/api/records/expense/list", { token, body: {} }),
      200,
    );
    assertEquals(listed.items.map((r) => r.id), ["exp_paid"]);
    // The finance role still counts every claim.
    const all = await jsonOf<Json>(
      await t.call("POST", "/api/finance/reports/expenses", {
        token: await t.tokenFor("finance@acme.test"),
        body: { from: "2026-01-01", to: "2026-03-31" },
      }),
      200,
    );
    assertEquals((all.totals as Json).claimed, 290);
  } finally {
    await t.close();
  }
});

Deno.test("the dashboard's overdue and outstanding figures are the invoice list's, for each role that sees them", async () => {
  const t = await financeApp();
  try {
    await grant(t, "project_manager", "finance_dashboard.read");
    for (const email of ["admin@acme.test", "finance@acme.test", "pm@acme.test"]) {
      const token = await t.tokenFor(email);
      const d = await dashboardOf(t, email);
      const list = async (filters: Json[]) => {
        const res = await t.call("POST", "/api/records/invoice/list", {
          token,
          body: { filters, limit: 500 },
        });
        return res.status === 403 ? [] : (await jsonOf<{ items: Json[] }>(res, 200)).items;
      };
      const overdue = await list([{ field: "status", op: "eq", value: "overdue" }]);
      const owing = await list([
        { field: "payment_status", op: "in", value: ["unpaid", "partly_paid"] },
      ]);
      const totals = d.totals as Json;
      if (email !== "pm@acme.test") assertEquals(overdue.length, 4, `${email} reads every invoice`);
      assertEquals(totals.overdue_invoices, overdue.length, `${email}: overdue count`);
      const sum = (rows: Json[]) => rows.reduce((n, r) => n + Number(r.outstanding ?? 0), 0);
      assertEquals(totals.overdue_outstanding, sum(overdue), `${email}: overdue outstanding`);
      assertEquals(totals.outstanding, sum(owing), `${email}: outstanding`);
      assertEquals(
        new Set((d.overdue_invoices as Json[]).map((i) => i.id)),
        new Set(overdue.map((i) => i.id)),
        `${email}: the overdue invoices listed`,
      );
    }
  } finally {
    await t.close();
  }
});
