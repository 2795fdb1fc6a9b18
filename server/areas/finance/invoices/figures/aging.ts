/**
 * Outstanding by age: what submitted invoices still owe, by days past their due
 * date on `today` — 0–30 (including those not yet due), 31–60, 61–90 and 90+.
 * Only unpaid and partly paid invoices owe anything. Each bucket is one query of
 * the engine as the caller (figure-reader.ts) whose due-date bounds are dates
 * computed once (today − 30, − 60, − 90), over the index (organization_id,
 * payment_status, due_date, outstanding); the aging report groups each by client.
 */
import type { Filter } from "../../../../../schemas/records/meta.ts";
import { isoDatePlus } from "../../../../db/dialect.ts";
import type { RecordData } from "../../../../records/engine/record-rows.ts";
import type { FigureReader } from "../../../../records/engine/figure-reader.ts";
import { money } from "./period.ts";

/** The age buckets in order, with their labels and the report's column of each. */
export const AGE_BUCKETS = [
  { bucket: "0-30", label: "0–30 days", column: "days_0_30" },
  { bucket: "31-60", label: "31–60 days", column: "days_31_60" },
  { bucket: "61-90", label: "61–90 days", column: "days_61_90" },
  { bucket: "90+", label: "Over 90 days", column: "days_over_90" },
] as const;

/** A submitted invoice that still owes something. */
export const OWING: Filter[] = [
  { field: "payment_status", op: "in", value: ["unpaid", "partly_paid"] },
  { field: "outstanding", op: "ne", value: 0 },
];

/** The due-date filters of each bucket on `today`, in AGE_BUCKETS' order. */
function bucketFilters(today: string): Filter[][] {
  const [d30, d60, d90] = [-30, -60, -90].map((days) => isoDatePlus(today, days));
  return [
    [{ field: "due_date", op: "gte", value: d30 }],
    [{ field: "due_date", op: "lt", value: d30 }, { field: "due_date", op: "gte", value: d60 }],
    [{ field: "due_date", op: "lt", value: d60 }, { field: "due_date", op: "gte", value: d90 }],
    [{ field: "due_date", op: "lt", value: d90 }],
  ];
}

const SUMS = [
  { fn: "sum" as const, field: "outstanding", as: "outstanding" },
  { fn: "count" as const, as: "invoices" },
];

/** Each bucket's rows: one row, or one per client. */
async function perBucket(
  read: FigureReader,
  today: string,
  byClient: boolean,
): Promise<RecordData[][]> {
  if (!read.reads("invoice", "payment_status", "due_date", "outstanding")) {
    return AGE_BUCKETS.map(() => []);
  }
  const rows: RecordData[][] = [];
  for (const due of bucketFilters(today)) {
    rows.push(
      await read.all("invoice", {
        filters: [...OWING, ...due],
        ...(byClient ? { group_by: [{ field: "client" }] } : {}),
        aggregates: SUMS,
      }),
    );
  }
  return rows;
}

/** One age bucket. */
export interface AgeBucket {
  bucket: string;
  label: string;
  outstanding: number;
  invoices: number;
}

/** Outstanding by age bucket on `today` (every bucket, zero when empty). */
export async function outstandingByAge(read: FigureReader, today: string): Promise<AgeBucket[]> {
  const buckets = await perBucket(read, today, false);
  return AGE_BUCKETS.map((b, i) => ({
    bucket: b.bucket,
    label: b.label,
    outstanding: money(buckets[i][0]?.outstanding),
    invoices: Number(buckets[i][0]?.invoices ?? 0),
  }));
}

/** One client's outstanding by age (a row of the aging report). */
export interface ClientAging {
  client_id: string | null;
  client_name: string;
  days_0_30: number;
  days_31_60: number;
  days_61_90: number;
  days_over_90: number;
  outstanding: number;
  invoices: number;
}

/** Outstanding per client and age bucket (the aging report), largest balance first. */
export async function agingByClient(read: FigureReader, today: string): Promise<ClientAging[]> {
  const buckets = await perBucket(read, today, true);
  const clients = new Map<string, ClientAging>();
  AGE_BUCKETS.forEach((b, i) => {
    for (const row of buckets[i]) {
      const id = (row.client as string | null) ?? null;
      const key = id ?? "";
      const client = clients.get(key) ?? {
        client_id: id,
        client_name: (row.client__title as string | undefined) || "No client",
        days_0_30: 0,
        days_31_60: 0,
        days_61_90: 0,
        days_over_90: 0,
        outstanding: 0,
        invoices: 0,
      };
      client[b.column] = money(row.outstanding);
      client.outstanding = money(client.outstanding + Number(row.outstanding ?? 0));
      client.invoices += Number(row.invoices);
      clients.set(key, client);
    }
  });
  return [...clients.values()].sort((a, b) =>
    b.outstanding - a.outstanding || a.client_name.localeCompare(b.client_name) ||
    (a.client_id ?? "").localeCompare(b.client_id ?? "")
  );
}
