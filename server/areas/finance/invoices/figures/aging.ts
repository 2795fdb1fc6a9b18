/**
 * Outstanding by age: what submitted invoices still owe, by days past their due
 * date on `today` — 0–30 (including those not yet due), 31–60, 61–90 and 90+.
 * Only unpaid and partly paid invoices owe anything. The bucket bounds are
 * dates computed once (today − 30, − 60, − 90), so the SQL compares dates, the
 * same on both databases, over the index (organization_id, payment_status,
 * due_date, outstanding).
 */
import type { Queryable } from "../../../../db/database.ts";
import { isoDatePlus } from "../../../../db/dialect.ts";
import { money } from "./period.ts";

/** The age buckets in order, with their labels. */
export const AGE_BUCKETS = [
  { bucket: "0-30", label: "0–30 days" },
  { bucket: "31-60", label: "31–60 days" },
  { bucket: "61-90", label: "61–90 days" },
  { bucket: "90+", label: "Over 90 days" },
] as const;

/** The unpaid states of a submitted invoice. */
export const OWING_SQL = "payment_status IN ('unpaid', 'partly_paid')";

/** The SQL of an invoice's bucket and its three date parameters. */
export function bucketOf(today: string): { sql: string; params: string[] } {
  return {
    sql: `CASE WHEN due_date >= ? THEN '0-30' WHEN due_date >= ? THEN '31-60'
               WHEN due_date >= ? THEN '61-90' ELSE '90+' END`,
    params: [isoDatePlus(today, -30), isoDatePlus(today, -60), isoDatePlus(today, -90)],
  };
}

/** One age bucket. */
export interface AgeBucket {
  bucket: string;
  label: string;
  outstanding: number;
  invoices: number;
}

/** Outstanding by age bucket on `today` (every bucket, zero when empty). */
export async function outstandingByAge(
  q: Queryable,
  organizationId: string,
  today: string,
): Promise<AgeBucket[]> {
  const bucket = bucketOf(today);
  const rows = await q.all<{ bucket: string; amount: number; n: number }>(
    `SELECT bucket, SUM(outstanding) AS amount, COUNT(*) AS n
       FROM (SELECT ${bucket.sql} AS bucket, outstanding FROM invoices
              WHERE organization_id = ? AND ${OWING_SQL} AND outstanding <> 0) owing
      GROUP BY bucket`,
    [...bucket.params, organizationId],
  );
  const by = new Map(rows.map((r) => [r.bucket, r]));
  return AGE_BUCKETS.map((b) => ({
    ...b,
    outstanding: money(by.get(b.bucket)?.amount),
    invoices: Number(by.get(b.bucket)?.n ?? 0),
  }));
}

/** Outstanding per client and age bucket (the aging report), largest balance first. */
export async function agingByClient(
  q: Queryable,
  organizationId: string,
  today: string,
): Promise<
  {
    client_id: string | null;
    client_name: string;
    days_0_30: number;
    days_31_60: number;
    days_61_90: number;
    days_over_90: number;
    outstanding: number;
    invoices: number;
  }[]
> {
  const [d30, d60, d90] = bucketOf(today).params;
  const rows = await q.all<{
    client_id: string | null;
    client_name: string | null;
    b0: number;
    b1: number;
    b2: number;
    b3: number;
    total: number;
    n: number;
  }>(
    `SELECT a.client_id, c.name AS client_name, a.b0, a.b1, a.b2, a.b3, a.total, a.n
       FROM (SELECT client_id,
                    SUM(CASE WHEN due_date >= ? THEN outstanding ELSE 0 END) AS b0,
                    SUM(CASE WHEN due_date < ? AND due_date >= ? THEN outstanding ELSE 0 END) AS b1,
                    SUM(CASE WHEN due_date < ? AND due_date >= ? THEN outstanding ELSE 0 END) AS b2,
                    SUM(CASE WHEN due_date < ? THEN outstanding ELSE 0 END) AS b3,
                    SUM(outstanding) AS total, COUNT(*) AS n
               FROM invoices
              WHERE organization_id = ? AND ${OWING_SQL} AND outstanding <> 0
              GROUP BY client_id) a
       LEFT JOIN clients c ON c.id = a.client_id
      ORDER BY a.total DESC, client_name, a.client_id`,
    [d30, d30, d60, d60, d90, d90, organizationId],
  );
  return rows.map((r) => ({
    client_id: r.client_id,
    client_name: r.client_name ?? "No client",
    days_0_30: money(r.b0),
    days_31_60: money(r.b1),
    days_61_90: money(r.b2),
    days_over_90: money(r.b3),
    outstanding: money(r.total),
    invoices: Number(r.n),
  }));
}
