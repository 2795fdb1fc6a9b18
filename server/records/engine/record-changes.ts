/**
 * What the engine tells its observers of each change it writes, inside the writing
 * transaction: the record before and after, and who made it. An observer (the
 * automation queue) may write in the same transaction, so what it writes is kept
 * only when the change is, and refuses the change by throwing.
 */
import type { Queryable } from "../../db/database.ts";
import type { RecordType } from "../define.ts";
import type { RecordData } from "./record-rows.ts";

/** How a record changed. */
export type ChangeEvent = "created" | "updated" | "deleted" | "action";

/** One change to one record. */
export interface RecordChange {
  organizationId: string;
  type: RecordType;
  id: string;
  event: ChangeEvent;
  /**
   * The action taken (`submit`, `approve`…) when `event` is `action`; on `updated`,
   * the action whose effects the update writes (none for a person's own edit).
   */
  action?: string;
  /** The record as it was (null when created). */
  before: Readonly<RecordData> | null;
  /** The record as it is now (null when deleted). */
  after: Readonly<RecordData> | null;
  /** Who made it (null for the system). */
  actorId: string | null;
  now: string;
}

/** Follows changes inside their transactions. */
export type ChangeObserver = (tx: Queryable, change: RecordChange) => Promise<void>;

/** Tells every observer of a change, in order. */
export async function tellObservers(
  observers: readonly ChangeObserver[],
  tx: Queryable,
  change: RecordChange,
): Promise<void> {
  for (const observe of observers) await observe(tx, change);
}
