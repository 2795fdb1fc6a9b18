/**
 * Many invoices at once, written by one `INSERT … SELECT` over a number series on
 * either database: for tests and benches that need more rows than the engine
 * writes in reasonable time (an export past the query's 10,000-row limit, a
 * report over a million invoices). Invoices `BINV-<n>` (id `bi<n>`), submitted
 * and paid, spread over Acme's clients and three years of issue dates.
 */
import type { Database } from "../db/database.ts";
import { ORGS } from "../db/seed/demo-people.ts";
import { INVOICE } from "../areas/finance/types/invoice.ts";

type Db = Pick<Database, "dialect" | "all" | "exec">;

/** The numbers 1 to `rows` as a subquery of one column, `n`. */
export function series(db: Db, rows: number): string {
  return db.dialect === "sqlite"
    ? `WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${rows}) SELECT n FROM seq`
    : `SELECT n FROM generate_series(1, ${rows}) AS n`;
}

/** `rows` submitted invoices of Acme's clients over three years. */
export async function fillInvoices(db: Db, rows: number): Promise<void> {
  const clients = await db.all<{ id: string }>(
    "SELECT id FROM clients WHERE organization_id = ? ORDER BY id",
    [ORGS.acme.id],
  );
  const column = (id: string) => INVOICE.field.get(id)!.column;
  const client = `CASE n % ${clients.length} ${
    clients.map((c, i) => `WHEN ${i} THEN '${c.id}'`).join(" ")
  } END`;
  const day = db.dialect === "sqlite"
    ? `date('2024-01-01', '+' || (n % 1095) || ' days')`
    : `to_char(DATE '2024-01-01' + (n % 1095), 'YYYY-MM-DD')`;
  const now = new Date().toISOString();
  await db.exec(
    `INSERT INTO ${INVOICE.table} (id, organization_id, name, version, created_at, updated_at,
       docstatus, ${column("client")}, ${column("issue_date")}, ${column("due_date")},
       ${column("currency")}, ${column("grand_total")}, ${column("payment_status")})
     SELECT 'bi' || n, '${ORGS.acme.id}', 'BINV-' || n, 1, '${now}', '${now}', 1, ${client},
       ${day}, ${day}, 'USD', (((n % 100000) * 7919) % 100000) / 100.0, 'paid'
     FROM (${series(db, rows)}) numbers`,
  );
}
