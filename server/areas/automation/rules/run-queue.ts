/**
 * The durable queue of rule runs: a run is a row of `automation_runs`, inserted
 * in the transaction that triggered it (so a change rolled back triggers nothing)
 * and claimed by one instance at a time (`FOR UPDATE SKIP LOCKED` on PostgreSQL;
 * SQLite's single writer makes its claim serial). A claim is a lease: a run whose
 * instance died is claimed again once its lease has passed.
 */
import type { Queryable, SqlValue } from "../../../db/database.ts";
import { announceRecord, insertRecord } from "../../../records/engine/record-store.ts";
import { AUTOMATION_RUN } from "../types/automation-run.ts";

/** The column of a run field. */
export const runColumn = (id: string): string => AUTOMATION_RUN.field.get(id)!.column;

/** How long an instance may hold a claimed run before another takes it over. */
export const RUN_LEASE_MS = 5 * 60 * 1000;

/** A run to queue. */
export interface NewRun {
  organizationId: string;
  ruleId: string;
  recordType: string;
  recordId: string | null;
  recordName: string;
  trigger: string;
  depth: number;
  dueAt: string;
  now: string;
  /** Makes the run queued once (a date's due time, a webhook delivery). */
  key?: string;
  /** A run recorded without running (a chain too deep): its status and why. */
  skipped?: string;
  actorId?: string | null;
  /** The record as it was, for a run on a deleted record. */
  snapshot?: Readonly<Record<string, unknown>>;
}

const LETTERS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A short reference people can read and say: RUN- and eight letters and digits (1 in 10^12 alike). */
function reference(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `RUN-${[...bytes].map((b) => LETTERS[b % 32]).join("")}`;
}

/** Queues a run in the caller's transaction; false when a run with its key was queued already. */
export async function queueRun(tx: Queryable, run: NewRun): Promise<boolean> {
  if (run.key) {
    const known = await tx.get(
      `SELECT id FROM ${AUTOMATION_RUN.table} WHERE organization_id = ? AND ${
        runColumn("run_key")
      } = ?`,
      [run.organizationId, run.key],
    );
    if (known) return false;
  }
  const name = reference();
  const columns = new Map<string, SqlValue>([
    [runColumn("reference"), name],
    [runColumn("rule"), run.ruleId],
    [runColumn("record_type"), run.recordType],
    [runColumn("record_id"), run.recordId ?? ""],
    [runColumn("record_name"), run.recordName.slice(0, 140)],
    [runColumn("trigger"), run.trigger],
    [runColumn("status"), run.skipped ? "skipped" : "queued"],
    [runColumn("due_at"), run.dueAt],
    [runColumn("depth"), run.depth],
    [runColumn("step"), 0],
    [runColumn("attempts"), 0],
    [runColumn("run_key"), run.key ?? `run:${name}`],
    [runColumn("error"), run.skipped ?? ""],
    [runColumn("log"), ""],
    [runColumn("snapshot"), run.snapshot ? JSON.stringify(run.snapshot) : ""],
  ]);
  if (run.skipped) {
    columns.set(runColumn("started_at"), run.now);
    columns.set(runColumn("finished_at"), run.now);
  }
  const id = await insertRecord(tx, AUTOMATION_RUN, {
    organizationId: run.organizationId,
    name,
    now: run.now,
    userId: run.actorId ?? null,
  }, columns);
  // Heard by every instance's runner once committed.
  await announceRecord(tx, run.organizationId, AUTOMATION_RUN, id, 1);
  return true;
}

/** The ids of up to `limit` runs due now, claimed for this instance until the lease passes. */
export async function claimDueRuns(
  tx: Queryable,
  now: string,
  limit: number,
): Promise<string[]> {
  const status = runColumn("status");
  const due = runColumn("due_at");
  const lease = runColumn("lease_until");
  const skipLocked = tx.dialect === "postgres" ? " FOR UPDATE SKIP LOCKED" : "";
  const rows = await tx.all<{ id: string }>(
    `SELECT id FROM ${AUTOMATION_RUN.table}
      WHERE (${status} = 'queued' AND ${due} <= ?) OR (${status} = 'running' AND ${lease} < ?)
      ORDER BY ${due} LIMIT ${Math.max(1, Math.floor(limit))}${skipLocked}`,
    [now, now],
  );
  if (rows.length === 0) return [];
  const until = new Date(Date.parse(now) + RUN_LEASE_MS).toISOString();
  const ids = rows.map((r) => r.id);
  await tx.run(
    `UPDATE ${AUTOMATION_RUN.table}
        SET ${status} = 'running', ${lease} = ?, ${runColumn("attempts")} = ${
      runColumn("attempts")
    } + 1,
            ${runColumn("started_at")} = COALESCE(${runColumn("started_at")}, ?),
            version = version + 1, updated_at = ?
      WHERE id IN (${ids.map(() => "?").join(", ")})`,
    [until, now, now, ...ids],
  );
  return ids;
}
