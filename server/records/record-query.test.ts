/**
 * The engine's query call through HTTP (`POST /api/records/{type}/query`) on the
 * seeded demo data: grouping by a linked record's field and by month, aggregates
 * over the derived status, own-record rules, level-1 fields, child tables, and bad
 * input naming its part. Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { assertInvalidFields, jsonOf } from "../testing/http-assertions.ts";

type Row = Record<string, unknown>;

async function withApp(fn: (t: TestApp) => Promise<void>): Promise<void> {
  const t = await createTestApp();
  try {
    await fn(t);
  } finally {
    await t.close();
  }
}

async function query(t: TestApp, token: string, type: string, body: unknown) {
  return await t.call("POST", `/api/records/${type}/query`, { token, body });
}

async function rowsOf(t: TestApp, token: string, type: string, body: unknown): Promise<Row[]> {
  const { rows } = await jsonOf<{ rows: Row[] }>(await query(t, token, type, body), 200);
  return rows;
}

/** Every record of a list, page after page, as the caller's list shows them. */
async function listAll(t: TestApp, token: string, type: string, body: Row = {}): Promise<Row[]> {
  const items: Row[] = [];
  let cursor: string | undefined;
  do {
    const page = await jsonOf<{ items: Row[]; next_cursor: string | null }>(
      await t.call("POST", `/api/records/${type}/list`, {
        token,
        body: { ...body, limit: 500, ...(cursor ? { cursor } : {}) },
      }),
      200,
    );
    items.push(...page.items);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return items;
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

Deno.test("invoices grouped by their client's name and by month count and sum what the rows hold", async () => {
  await withApp(async (t) => {
    const finance = await t.tokenFor("finance@acme.test");
    const rows = await rowsOf(t, finance, "invoice", {
      group_by: [{ field: "client.name" }, { field: "issue_date", bucket: "month" }],
      aggregates: [{ fn: "count", as: "invoices" }, {
        fn: "sum",
        field: "grand_total",
        as: "total",
      }],
    });
    ok(rows.length > 1, "the demo invoices fall in several groups");
    const invoices = await listAll(t, finance, "invoice", {
      fields: ["client", "issue_date", "grand_total"],
    });
    const expected = new Map<string, { invoices: number; total: number }>();
    for (const invoice of invoices) {
      const key = `${invoice.client__title}|${String(invoice.issue_date).slice(0, 7)}`;
      const group = expected.get(key) ?? { invoices: 0, total: 0 };
      group.invoices += 1;
      group.total += Number(invoice.grand_total);
      expected.set(key, group);
    }
    assertEquals(rows.length, expected.size);
    for (const row of rows) {
      ok(/^\d{4}-\d{2}$/.test(String(row.issue_date)), `a month: ${row.issue_date}`);
      const group = expected.get(`${row["client.name"]}|${row.issue_date}`);
      ok(group, `a group the list holds: ${JSON.stringify(row)}`);
      assertEquals(row.invoices, group.invoices);
      assertEquals(row.total, round2(group.total));
    }
    const keys = rows.map((r) => `${r["client.name"]}|${r.issue_date}`);
    assertEquals(keys, [...keys].sort(), "groups come in order of their fields");
  });
});

Deno.test("a count over the derived status gives the statuses the list shows, and Overdue filters", async () => {
  await withApp(async (t) => {
    const admin = await t.tokenFor("admin@acme.test");
    const rows = await rowsOf(t, admin, "invoice", {
      group_by: [{ field: "status" }],
      aggregates: [{ fn: "count", as: "n" }, { fn: "sum", field: "outstanding", as: "owed" }],
    });
    const shown = new Map<string, number>();
    for (const invoice of await listAll(t, admin, "invoice")) {
      shown.set(String(invoice.status), (shown.get(String(invoice.status)) ?? 0) + 1);
    }
    assertEquals(
      Object.fromEntries(rows.map((r) => [r.status, r.n])),
      Object.fromEntries(shown),
    );
    ok(shown.has("overdue"), "the demo data has overdue invoices");
    const overdue = await rowsOf(t, admin, "invoice", {
      columns: ["name", "due_date", "status"],
      filters: [{ field: "status", op: "eq", value: "overdue" }],
    });
    assertEquals(overdue.length, shown.get("overdue"));
    const today = new Date(t.clock.now).toISOString().slice(0, 10);
    for (const row of overdue) {
      assertEquals(row.status, "overdue");
      ok(String(row.due_date) < today);
    }
    // The list filters by the same definition.
    const listed = await listAll(t, admin, "invoice", {
      filters: [{ field: "status", op: "eq", value: "overdue" }],
    });
    assertEquals(listed.map((i) => i.id).sort(), overdue.map((r) => r.id).sort());
  });
});

Deno.test("a member's report counts only their own expense claims and tasks", async () => {
  await withApp(async (t) => {
    const member = await t.tokenFor("member@acme.test");
    const admin = await t.tokenFor("admin@acme.test");
    for (const type of ["expense", "task"]) {
      const [mine] = await rowsOf(t, member, type, { aggregates: [{ fn: "count", as: "n" }] });
      const [all] = await rowsOf(t, admin, type, { aggregates: [{ fn: "count", as: "n" }] });
      const listed = await listAll(t, member, type);
      assertEquals(mine.n, listed.length, `${type}: the member's count is their list's`);
      ok(Number(all.n) > Number(mine.n), `${type}: the firm holds more than the member's own`);
    }
  });
});

Deno.test("a level-1 field is unknown as a column, a filter, a group or an aggregate to a role without level 1", async () => {
  await withApp(async (t) => {
    const member = await t.tokenFor("member@acme.test");
    const pm = await t.tokenFor("pm@acme.test");
    for (
      const [part, body] of [
        ["columns", { columns: ["name", "budget"] }],
        ["filters", { filters: [{ field: "budget", op: "gt", value: 0 }] }],
        ["group_by", { group_by: [{ field: "budget" }] }],
        ["aggregates", { aggregates: [{ fn: "sum", field: "budget", as: "b" }] }],
        ["columns", { columns: ["members.hourly_rate"] }],
      ] as const
    ) {
      await assertInvalidFields(await query(t, member, "project", body), part);
    }
    const [sum] = await rowsOf(t, pm, "project", {
      aggregates: [{ fn: "sum", field: "budget", as: "b" }],
    });
    ok(Number(sum.b) > 0, "a role with level 1 sums the budget");
  });
});

Deno.test("a child table's field makes the rows the child rows; sums of the record's own numbers are refused there", async () => {
  await withApp(async (t) => {
    const finance = await t.tokenFor("finance@acme.test");
    const rows = await rowsOf(t, finance, "invoice", {
      group_by: [{ field: "client" }],
      aggregates: [{ fn: "count", as: "lines" }, {
        fn: "sum",
        field: "lines.amount",
        as: "amount",
      }],
    });
    const invoices = await listAll(t, finance, "invoice", { fields: ["client", "lines"] });
    for (const row of rows) {
      const mine = invoices.filter((i) => i.client === row.client);
      const lines = mine.flatMap((i) => i.lines as Row[]);
      assertEquals(row.lines, lines.length);
      assertEquals(row.amount, round2(lines.reduce((s, l) => s + Number(l.amount), 0)));
      assertEquals(row.client__title, mine[0].client__title);
    }
    await assertInvalidFields(
      await query(t, finance, "invoice", {
        group_by: [{ field: "lines.item" }],
        aggregates: [{ fn: "sum", field: "grand_total", as: "g" }],
      }),
      "aggregates",
    );
  });
});

Deno.test("bad queries answer 400 naming the part, and a query's rows match its limit", async () => {
  await withApp(async (t) => {
    const admin = await t.tokenFor("admin@acme.test");
    const cases: [string, unknown][] = [
      ["columns", { columns: ["nonsense"] }],
      ["columns", { columns: ["client.nonsense"] }],
      ["aggregates", { aggregates: [{ fn: "sum", field: "name", as: "s" }] }],
      ["aggregates", { aggregates: [{ fn: "avg", field: "client", as: "s" }] }],
      ["group_by", { group_by: [{ field: "client", bucket: "month" }] }],
      ["filters", { filters: [{ field: "grand_total", op: "gt", value: "lots" }] }],
      ["filters", { filters: [{ field: "issue_date", op: "gte", value: "last tuesday" }] }],
      ["having", { having: [{ field: "n", op: "gt", value: 1 }] }],
      ["sort", { group_by: [{ field: "client" }], sort: [{ field: "grand_total", dir: "asc" }] }],
      ["aggregates", {
        group_by: [{ field: "client" }],
        aggregates: [{ fn: "count", as: "client" }],
      }],
      ["limit", { limit: 10_001 }],
    ];
    for (const [part, body] of cases) {
      await assertInvalidFields(await query(t, admin, "invoice", body), part);
    }
    await assertInvalidFields(
      await query(t, admin, "project", {
        group_by: [{ field: "phases.status" }, { field: "members.user" }],
      }),
      "group_by",
    );
    const two = await jsonOf<{ rows: Row[]; more: boolean }>(
      await query(t, admin, "invoice", { columns: ["name"], limit: 2 }),
      200,
    );
    assertEquals(two.rows.length, 2);
    assertEquals(two.more, true);
  });
});

Deno.test("groups by week, quarter and year, and having keeps the groups past a threshold", async () => {
  await withApp(async (t) => {
    const admin = await t.tokenFor("admin@acme.test");
    const invoices = await listAll(t, admin, "invoice", { fields: ["issue_date", "grand_total"] });
    const monday = (day: string) => {
      const d = new Date(`${day}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() - (d.getUTCDay() + 6) % 7);
      return d.toISOString().slice(0, 10);
    };
    const periods = {
      week: monday,
      quarter: (day: string) => `${day.slice(0, 4)}-Q${Math.ceil(Number(day.slice(5, 7)) / 3)}`,
      year: (day: string) => day.slice(0, 4),
    };
    for (const [bucket, period] of Object.entries(periods)) {
      const rows = await rowsOf(t, admin, "invoice", {
        group_by: [{ field: "issue_date", bucket }],
        aggregates: [{ fn: "count", as: "n" }],
      });
      const expected = new Map<string, number>();
      for (const i of invoices) {
        const p = period(String(i.issue_date));
        expected.set(p, (expected.get(p) ?? 0) + 1);
      }
      assertEquals(
        Object.fromEntries(rows.map((r) => [r.issue_date, r.n])),
        Object.fromEntries(expected),
        bucket,
      );
    }
    const busy = await rowsOf(t, admin, "invoice", {
      group_by: [{ field: "client" }],
      aggregates: [{ fn: "count", as: "n" }],
      having: [{ field: "n", op: "gte", value: 3 }],
      sort: [{ field: "n", dir: "desc" }],
    });
    ok(busy.length > 0 && busy.every((r) => Number(r.n) >= 3));
    const counts = busy.map((r) => Number(r.n));
    assertEquals(counts, [...counts].sort((a, b) => b - a));
  });
});
