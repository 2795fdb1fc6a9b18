/**
 * Records removed as the consequence of a change the caller was allowed to make (a
 * project deleted with its tasks after its export): each record's row, child rows
 * and owned rows deleted at the version it holds, the removal audited with what the
 * record held and announced, as a delete is. The per-record permission and draft
 * checks of a delete are the caller's change's own. A record another still needs
 * (a foreign key) refuses the whole change with 409.
 */
import type { Queryable } from "../../db/database.ts";
import { isForeignKeyViolation } from "../../db/constraint-errors.ts";
import { conflict } from "../../platform/errors/app-error.ts";
import { recordAudit } from "../../platform/audit/record.ts";
import type { RecordType } from "../define.ts";
import { announceRecord, columnFields, deleteRecord, loadRecord } from "./record-store.ts";
import { type ChangeObserver, tellObservers } from "./record-changes.ts";

/** Who removes which records of `type`, why (the audit action) and when. */
export interface Removal {
  organizationId: string;
  ids: readonly string[];
  actorId: string | null;
  action: string;
  requestId?: string;
  now: string;
  /** What follows each removal inside the transaction (record-changes.ts). */
  observers?: readonly ChangeObserver[];
}

/** Removes the records inside the caller's transaction; ids no longer there are passed over. */
export async function removeRecords(
  tx: Queryable,
  type: RecordType,
  removal: Removal,
): Promise<void> {
  for (const id of removal.ids) {
    const existing = await loadRecord(tx, type, removal.organizationId, id, { lock: true });
    if (!existing) continue;
    try {
      await deleteRecord(tx, type, {
        organizationId: removal.organizationId,
        id,
        version: existing.version as number,
      });
    } catch (error) {
      if (!isForeignKeyViolation(error)) throw error;
      throw conflict(
        `${type.declaration.label} ${existing.name} is still used by other records, so it cannot be deleted`,
      );
    }
    const before: Record<string, unknown> = { name: existing.name };
    for (const f of columnFields(type)) before[f.id] = existing[f.id];
    await recordAudit(tx, {
      organizationId: removal.organizationId,
      actorId: removal.actorId,
      action: removal.action,
      resourceType: type.id,
      resourceId: id,
      before,
      requestId: removal.requestId,
      now: removal.now,
    });
    await announceRecord(tx, removal.organizationId, type, id);
    await tellObservers(removal.observers ?? [], tx, {
      organizationId: removal.organizationId,
      type,
      id,
      event: "deleted",
      before: existing,
      after: null,
      actorId: removal.actorId,
      now: removal.now,
    });
  }
}
