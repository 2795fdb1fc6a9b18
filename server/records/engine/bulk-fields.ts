/**
 * Sets fields on many records of one type inside the caller's transaction with
 * few statements (a bulk assignment of 10,000 leads): the records are grouped by
 * the values they get, each group written by one UPDATE per 500 ids that moves
 * every record's version on and stamps it; rows appended to a child table go in
 * multi-row INSERTs after the rows each record has; one audit entry per record
 * is written in multi-row INSERTs; and one announcement names every record. It
 * does not run the type's controller: the caller has checked the values, read
 * the records under lock in this transaction (`loadRecords` after locking) and
 * checked that the caller may reach each.
 */
import type { Queryable, SqlValue } from "../../db/database.ts";
import type { Access } from "../../platform/access/access.ts";
import type { AuditEntry } from "../../platform/audit/record.ts";
import type { RecordType } from "../define.ts";
import { auditInBulk, bulkIds, insertRows } from "./import-store.ts";
import type { RecordData } from "./record-rows.ts";

/** What one record gets. */
export interface BulkFieldChange {
  /** The record as read in this transaction. */
  record: RecordData;
  /** Stored values of own fields, by field id. */
  values: Record<string, SqlValue>;
  /** Rows appended to child tables, by table field id, each row by column. */
  append?: Record<string, Record<string, SqlValue>[]>;
}

/** Most ids one UPDATE names. */
const IDS_PER_UPDATE = 500;

/** Writes the changes; answers each record's new version by id. */
export async function setFieldsInBulk(
  tx: Queryable,
  access: Access,
  type: RecordType,
  changes: readonly BulkFieldChange[],
  options: { action: string; now: string; requestId?: string },
): Promise<Map<string, number>> {
  const org = access.organizationId;
  const groups = new Map<string, { values: Record<string, SqlValue>; ids: string[] }>();
  for (const change of changes) {
    const key = JSON.stringify(
      Object.entries(change.values).sort(([a], [b]) => a.localeCompare(b)),
    );
    const group = groups.get(key) ?? { values: change.values, ids: [] };
    group.ids.push(String(change.record.id));
    groups.set(key, group);
  }
  for (const { values, ids } of groups.values()) {
    const fields = Object.keys(values).map((id) => {
      const field = type.field.get(id);
      if (!field || field.type === "table") {
        throw new Error(`Record type "${type.id}" has no own stored field "${id}"`);
      }
      return field;
    });
    for (let at = 0; at < ids.length; at += IDS_PER_UPDATE) {
      const chunk = ids.slice(at, at + IDS_PER_UPDATE);
      await tx.run(
        `UPDATE ${type.table} SET ${fields.map((f) => `${f.column} = ?`).join(", ")},
                version = version + 1, updated_at = ?, updated_by = ?
          WHERE organization_id = ? AND id IN (${chunk.map(() => "?").join(", ")})`,
        [...fields.map((f) => values[f.id]), options.now, access.user.id, org, ...chunk],
      );
    }
  }
  await appendChildren(tx, type, org, changes);
  const audits: AuditEntry[] = changes.map((change) => ({
    organizationId: org,
    actorId: access.user.id,
    action: options.action,
    resourceType: type.id,
    resourceId: String(change.record.id),
    before: Object.fromEntries(
      Object.keys(change.values).map((id) => [id, change.record[id] ?? null]),
    ),
    after: change.values,
    requestId: options.requestId,
    now: options.now,
  }));
  await auditInBulk(tx, audits);
  const versions = new Map(
    changes.map((c) => [String(c.record.id), Number(c.record.version) + 1]),
  );
  if (changes.length > 0) {
    await tx.announce({
      organizationId: org,
      topics: ["data"],
      records: [...versions].map(([id, version]) => ({ type: type.id, id, version })),
    });
  }
  return versions;
}

/** Appends the changes' child rows after the rows each record has. */
async function appendChildren(
  tx: Queryable,
  type: RecordType,
  organizationId: string,
  changes: readonly BulkFieldChange[],
): Promise<void> {
  const fieldIds = new Set(changes.flatMap((c) => Object.keys(c.append ?? {})));
  for (const fieldId of fieldIds) {
    const field = type.field.get(fieldId);
    if (!field?.child) throw new Error(`Record type "${type.id}" has no child table "${fieldId}"`);
    const parent = field.child.parent_column ?? "parent_id";
    const columns = (field.childFields ?? []).filter((c) => c.type !== "table").map((c) =>
      c.column
    );
    const id = bulkIds("row");
    const rows: SqlValue[][] = [];
    for (const change of changes) {
      const added = change.append?.[fieldId] ?? [];
      const had = Array.isArray(change.record[fieldId])
        ? (change.record[fieldId] as unknown[]).length
        : 0;
      added.forEach((row, i) =>
        rows.push([
          id(),
          organizationId,
          String(change.record.id),
          had + i,
          ...columns.map((c) => row[c] ?? null),
        ])
      );
    }
    await insertRows(
      tx,
      field.child.table,
      ["id", "organization_id", parent, "idx", ...columns],
      rows,
    );
  }
}
