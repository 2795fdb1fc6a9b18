/**
 * The demo invoices: a year of them for Acme, some overdue, a few drafts, one
 * cancelled and a credit note; three for Globex. Each invoice's totals are the
 * sums of its rounded lines, and its stored payment status agrees with what is
 * outstanding. Seeding them stays quick.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestDatabase } from "../../../testing/test-database.ts";
import { derivedStatusSql } from "../../../records/engine/derived-status-sql.ts";
import { INVOICE } from "../types/invoice.ts";
import { seedInvoices } from "./invoices.ts";

Deno.test("the demo invoices are a consistent year for Acme and a few for Globex", async () => {
  const t = await createTestDatabase();
  try {
    const today = new Date().toISOString().slice(0, 10);
    const statuses = await t.db.all<{ organization_id: string; status: string; n: number }>(
      `SELECT organization_id, status, COUNT(*) AS n
         FROM (SELECT i.organization_id, ${
        derivedStatusSql(INVOICE, "i", today, t.db.dialect)
      } AS status FROM invoices i) s
        GROUP BY organization_id, status ORDER BY organization_id, status`,
    );
    const of = (org: string, status: string) =>
      statuses.find((s) => s.organization_id === org && s.status === status)?.n ?? 0;
    ok(of("org_acme", "overdue") >= 5, JSON.stringify(statuses));
    ok(of("org_acme", "unpaid") >= 1 && of("org_acme", "draft") >= 1);
    assertEquals([of("org_acme", "cancelled"), of("org_acme", "return")], [1, 1]);
    const acme = statuses.filter((s) => s.organization_id === "org_acme")
      .reduce((sum, s) => sum + s.n, 0);
    ok(acme >= 80, `Acme has ${acme} invoices`);
    assertEquals(
      statuses.filter((s) => s.organization_id === "org_globex")
        .reduce((sum, s) => sum + s.n, 0),
      3,
    );

    const off = await t.db.all(
      `SELECT i.id FROM invoices i
        WHERE ABS(i.grand_total - (SELECT SUM(l.amount) FROM invoice_lines l WHERE l.invoice_id = i.id)) > 0.001
           OR ABS(i.net_total + i.tax_total - i.grand_total) > 0.001
           OR (i.payment_status = 'unpaid' AND ABS(i.outstanding - i.grand_total) > 0.001)
           OR (i.payment_status IN ('draft', 'cancelled', 'paid') AND i.outstanding <> 0)`,
    );
    assertEquals(off, []);
  } finally {
    await t.drop();
  }
});

Deno.test("seeding the demo invoices writes in batches, not a statement per line", async () => {
  const t = await createTestDatabase();
  try {
    await t.db.exec(
      "DELETE FROM invoice_lines; DELETE FROM invoices; DELETE FROM tax_template_rows; UPDATE items SET tax_template_id = NULL; DELETE FROM tax_templates; DELETE FROM naming_series WHERE prefix LIKE 'INV-%'",
    );
    let statements = 0;
    await t.db.transaction((tx) => {
      // Counts what the seed asks the database, whatever the machine's speed.
      const counted = new Proxy(tx, {
        get(target, key, receiver) {
          const value = Reflect.get(target, key, receiver);
          if (typeof value !== "function") return value;
          return (...args: unknown[]) => {
            if (["all", "get", "run", "exec"].includes(String(key))) statements++;
            return value.apply(target, args);
          };
        },
      });
      return seedInvoices(counted, Date.now());
    });
    const { lines } = (await t.db.get<{ lines: number }>(
      "SELECT COUNT(*) AS lines FROM invoice_lines",
    ))!;
    console.log(`seedInvoices: ${statements} statements for ${lines} invoice lines`);
    ok(lines >= 80, `${lines} lines`);
    ok(statements < lines, `${statements} statements for ${lines} lines`);
  } finally {
    await t.drop();
  }
});
