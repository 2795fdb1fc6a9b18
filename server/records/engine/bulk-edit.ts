/**
 * Bulk edits, and taking one back. A bulk edit sets the same values on many
 * records, each in its own transaction through the engine's one update path
 * (validation, rules, audit, announcement), and keeps what it changed — each
 * record's previous values of the edited fields and its version right after —
 * for `BULK_UNDO_SECONDS`. Its author may undo it once in that time: each record
 * gets its previous values back through the same update path, at the version the
 * edit left it at, so a record someone changed since is refused by name and kept
 * as they left it (the undo never overwrites a later change). The undo is claimed
 * by one conditional update before any record is touched, so two undos sent at
 * once restore the records once.
 */
import type { Queryable } from "../../db/database.ts";
import type { Access } from "../../platform/access/access.ts";
import { conflict, notFound } from "../../platform/errors/app-error.ts";
import { recordAudit } from "../../platform/audit/record.ts";
import { newId } from "../../platform/ids.ts";
import { BULK_UNDO_SECONDS } from "../../../schemas/records/api.ts";
import type { RecordType } from "../define.ts";
import { type BulkOutcome, outcomeError, summarise } from "./bulk-results.ts";
import type { RecordEngine } from "./engine.ts";
import { mayReach } from "./record-access.ts";
import type { RecordData } from "./record-rows.ts";
import { loadRecord } from "./record-store.ts";

/** What a bulk edit changed on one record. */
interface EditedRecord {
  id: string;
  /** The record's version right after the edit: an undo applies only at it. */
  version: number;
  /** The edited fields' values before the edit. */
  before: Record<string, unknown>;
}

/** A stored bulk edit, as its row reads. */
interface BulkEditRow {
  created_by: string;
  record_type: string;
  expires_at: string;
  undone_at: string | null;
  changes: string;
}

/** Sets `values` on every record of `ids`, one result per id, and keeps the edit for undo. */
export async function bulkEdit(
  engine: RecordEngine,
  access: Access,
  input: { typeId: string; ids: readonly string[]; values: Record<string, unknown> },
) {
  const type = engine.typeFor(access, input.typeId, "update");
  const results: BulkOutcome[] = [];
  const edited: EditedRecord[] = [];
  for (const id of new Set(input.ids)) {
    try {
      const change = await engine.db.transaction(async (tx) => {
        const existing = await reachable(tx, type, access, id);
        const updated = await engine.updateLoadedIn(
          tx,
          access,
          type,
          existing,
          existing.version as number,
          input.values,
          { auditAction: "bulk_update" },
        );
        if (updated.audit) await recordAudit(tx, updated.audit);
        const before = Object.fromEntries(
          Object.keys(input.values).map((field) => [field, existing[field] ?? null]),
        );
        return { id, version: updated.version, before };
      });
      edited.push(change);
      results.push({ id, ok: true, version: change.version });
    } catch (error) {
      results.push({ id, ok: false, error: outcomeError(error) });
    }
  }
  if (edited.length === 0) return summarise(results);
  const undo = await remember(engine, access, type, edited);
  return { ...summarise(results), undo };
}

/** Keeps an edit for its author to undo, and sweeps the edits no one can undo any more. */
async function remember(
  engine: RecordEngine,
  access: Access,
  type: RecordType,
  edited: readonly EditedRecord[],
): Promise<{ id: string; until: string }> {
  const now = engine.clock();
  const id = newId("bed");
  const until = new Date(now + BULK_UNDO_SECONDS * 1000).toISOString();
  await engine.db.transaction(async (tx) => {
    await tx.run("DELETE FROM bulk_edits WHERE expires_at < ?", [new Date(now).toISOString()]);
    await tx.run(
      `INSERT INTO bulk_edits
         (id, organization_id, record_type, created_by, created_at, expires_at, changes)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        access.organizationId,
        type.id,
        access.user.id,
        new Date(now).toISOString(),
        until,
        JSON.stringify(edited),
      ],
    );
  });
  return { id, until };
}

/**
 * Undoes the caller's bulk edit `editId` of the type: one result per record it
 * changed, refused by name where the record changed since (or is gone).
 */
export async function undoBulkEdit(
  engine: RecordEngine,
  access: Access,
  input: { typeId: string; editId: string; requestId?: string },
) {
  const type = engine.typeFor(access, input.typeId, "update");
  const edited = await claim(engine, access, type, input.editId);
  const label = type.declaration.label;
  const results: BulkOutcome[] = [];
  for (const change of edited) {
    try {
      const version = await engine.db.transaction(async (tx) => {
        const existing = await reachable(tx, type, access, change.id);
        if (existing.version !== change.version) {
          throw conflict(
            `${label} ${existing.name} was changed after the bulk edit, so it was kept`,
          );
        }
        const restored = await engine.updateLoadedIn(
          tx,
          access,
          type,
          existing,
          change.version,
          change.before,
          { auditAction: "bulk_undo", requestId: input.requestId },
        );
        if (restored.audit) await recordAudit(tx, restored.audit);
        return restored.version;
      });
      results.push({ id: change.id, ok: true, version });
    } catch (error) {
      results.push({ id: change.id, ok: false, error: outcomeError(error) });
    }
  }
  return summarise(results);
}

/**
 * Marks the edit undone if the caller may still undo it, and answers what it
 * changed. The mark is one conditional update, so of two undos only one gets
 * the changes; the other is told the edit was undone already.
 */
async function claim(
  engine: RecordEngine,
  access: Access,
  type: RecordType,
  editId: string,
): Promise<EditedRecord[]> {
  const now = new Date(engine.clock()).toISOString();
  return await engine.db.transaction(async (tx) => {
    const claimed = await tx.run(
      `UPDATE bulk_edits SET undone_at = ?
        WHERE id = ? AND organization_id = ? AND created_by = ? AND record_type = ?
          AND undone_at IS NULL AND expires_at >= ?`,
      [now, editId, access.organizationId, access.user.id, type.id, now],
    );
    const row = await tx.get<BulkEditRow>(
      `SELECT created_by, record_type, expires_at, undone_at, changes FROM bulk_edits
        WHERE id = ? AND organization_id = ?`,
      [editId, access.organizationId],
    );
    // Someone else's edit, or one of another type, is not the caller's to find.
    if (!row || row.created_by !== access.user.id || row.record_type !== type.id) {
      throw notFound("Bulk edit");
    }
    if (claimed.changes === 1) return JSON.parse(row.changes) as EditedRecord[];
    if (row.undone_at !== null) throw conflict("This bulk edit was undone already");
    throw conflict(
      `This bulk edit can no longer be undone: an edit can be undone for ${BULK_UNDO_SECONDS} seconds`,
    );
  });
}

/** Loads and locks a record the caller may reach, or 404. */
async function reachable(
  tx: Queryable,
  type: RecordType,
  access: Access,
  id: string,
): Promise<RecordData> {
  const record = await loadRecord(tx, type, access.organizationId, id, { lock: true });
  if (!record || !mayReach(type, access, record)) throw notFound(type.declaration.label);
  return record;
}
