/**
 * Stored figures a module computes and keeps on a record (a project's reported
 * progress and its progress version): set through the engine like every other
 * change to a record, so the record's row is locked, its version incremented and
 * its stamps set, the change audited and announced. No validation or rules run:
 * the values are the module's own, named by field id, and a field the declaration
 * does not have is a programming error.
 */
import type { Queryable, SqlValue } from "../../db/database.ts";
import { forUpdate } from "../../db/dialect.ts";
import { notFound } from "../../platform/errors/app-error.ts";
import { recordAudit } from "../../platform/audit/record.ts";
import type { RecordType } from "../define.ts";
import { announceRecord } from "./record-store.ts";
import { storageClass } from "./table-ddl.ts";

/** Whose record, and who sets its figures when. */
export interface SystemFieldsTarget {
  organizationId: string;
  id: string;
  actorId: string | null;
  now: string;
}

/** The audit entry of the change: its action, and what it records when not the fields themselves. */
export interface SystemFieldsAudit {
  action: string;
  requestId?: string;
  before?: (replaced: Record<string, SqlValue>) => unknown;
  after?: unknown;
}

/** What a set replaced, field by field, and the record's new version. */
export interface SystemFieldsResult {
  replaced: Record<string, SqlValue>;
  version: number;
}

/** Sets `values` (by field id) on the record, inside the caller's transaction. */
export async function setSystemFields(
  tx: Queryable,
  type: RecordType,
  target: SystemFieldsTarget,
  values: Readonly<Record<string, SqlValue>>,
  audit: SystemFieldsAudit,
): Promise<SystemFieldsResult> {
  const ids = Object.keys(values);
  const columns = ids.map((id) => {
    const field = type.field.get(id);
    if (!field || !storageClass(field)) {
      throw new Error(`Record type "${type.id}" has no stored field "${id}"`);
    }
    return field.column;
  });
  const row = await tx.get<Record<string, SqlValue>>(
    `SELECT version, ${columns.join(", ")} FROM ${type.table}
      WHERE organization_id = ? AND id = ? ${forUpdate(tx.dialect)}`,
    [target.organizationId, target.id],
  );
  if (!row) throw notFound(type.declaration.label);
  await tx.run(
    `UPDATE ${type.table} SET ${columns.map((c) => `${c} = ?`).join(", ")},
            version = version + 1, updated_at = ?, updated_by = ?
      WHERE organization_id = ? AND id = ?`,
    [...ids.map((id) => values[id]), target.now, target.actorId, target.organizationId, target.id],
  );
  const version = Number(row.version) + 1;
  const replaced = Object.fromEntries(ids.map((id, i) => [id, row[columns[i]]]));
  await recordAudit(tx, {
    organizationId: target.organizationId,
    actorId: target.actorId,
    action: audit.action,
    resourceType: type.id,
    resourceId: target.id,
    before: audit.before ? audit.before(replaced) : replaced,
    after: audit.after ?? values,
    requestId: audit.requestId,
    now: target.now,
  });
  await announceRecord(tx, target.organizationId, type, target.id, version);
  return { replaced, version };
}
