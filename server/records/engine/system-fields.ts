/**
 * Stored figures a module computes and keeps on a record (a project's reported
 * progress and its progress version, an invoice's balance moved by a payment):
 * set through the engine like every other change to a record, so the record's row
 * is locked and read, the figures computed from it (or given), written by one
 * update conditional on the version read, its stamps set, the change audited and
 * announced. No validation or rules run:
 * the values are the module's own, named by field id, and a field the declaration
 * does not have is a programming error.
 */
import type { Queryable, SqlValue } from "../../db/database.ts";
import { forUpdate } from "../../db/dialect.ts";
import { conflict, notFound } from "../../platform/errors/app-error.ts";
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
  /** What it records after, from the values set and the row as it was stored (locked). */
  afterOf?: (values: Values, stored: Values) => Promise<unknown>;
}

type Values = Readonly<Record<string, SqlValue>>;

/**
 * The values to set: given, or computed from the row as stored, read under its
 * lock (so two moves of one figure take turns and each starts from the other's
 * result, on both databases). Throwing refuses the change.
 */
export type SystemValues = Values | ((stored: Values) => Values);

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
  values: SystemValues,
  audit: SystemFieldsAudit,
): Promise<SystemFieldsResult> {
  // The row as stored: its name and state, and its fields by id.
  const system = [
    "name",
    ...(type.declaration.states ? ["status"] : []),
    ...(type.declaration.submittable ? ["docstatus"] : []),
  ];
  const fields = type.fields.filter((f) => storageClass(f) && !system.includes(f.column));
  const row = await tx.get<Record<string, SqlValue>>(
    `SELECT version, ${[...system, ...fields.map((f) => f.column)].join(", ")} FROM ${type.table}
      WHERE organization_id = ? AND id = ? ${forUpdate(tx.dialect)}`,
    [target.organizationId, target.id],
  );
  if (!row) throw notFound(type.declaration.label);
  const before: Record<string, SqlValue> = Object.fromEntries(system.map((c) => [c, row[c]]));
  for (const f of fields) before[f.id] = row[f.column];
  const set = typeof values === "function" ? values(before) : values;
  const ids = Object.keys(set);
  const columns = ids.map((id) => {
    const field = type.field.get(id);
    if (!field || !storageClass(field)) {
      throw new Error(`Record type "${type.id}" has no stored field "${id}"`);
    }
    return field.column;
  });
  // Conditional on the version read: the figures were computed from exactly that row.
  const written = await tx.run(
    `UPDATE ${type.table} SET ${columns.map((c) => `${c} = ?`).join(", ")},
            version = version + 1, updated_at = ?, updated_by = ?
      WHERE organization_id = ? AND id = ? AND version = ?`,
    [
      ...ids.map((id) => set[id]),
      target.now,
      target.actorId,
      target.organizationId,
      target.id,
      row.version,
    ],
  );
  if (written.changes !== 1) {
    throw conflict(`${type.declaration.label} ${row.name} was changed by someone else`);
  }
  const version = Number(row.version) + 1;
  const replaced = Object.fromEntries(ids.map((id) => [id, before[id]]));
  await recordAudit(tx, {
    organizationId: target.organizationId,
    actorId: target.actorId,
    action: audit.action,
    resourceType: type.id,
    resourceId: target.id,
    before: audit.before ? audit.before(replaced) : replaced,
    after: audit.afterOf ? await audit.afterOf(set, before) : audit.after ?? set,
    requestId: audit.requestId,
    now: target.now,
  });
  await announceRecord(tx, target.organizationId, type, target.id, version);
  return { replaced, version };
}
