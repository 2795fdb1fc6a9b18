/**
 * One record's update, for a record already read in the caller's transaction:
 * the version and document-state checks, validation (level-1 and read-only fields,
 * links, uniqueness), the type's rules, the derived status, the write with its
 * child rows, and the announcement. The audit entry is answered, not written, so a
 * caller updating many records (the import) writes them all at once.
 */
import type { Queryable } from "../../db/database.ts";
import type { Access } from "../../platform/access/access.ts";
import { conflict } from "../../platform/errors/app-error.ts";
import type { AuditEntry } from "../../platform/audit/record.ts";
import type { RecordType } from "../define.ts";
import type { RecordData } from "./record-rows.ts";
import { announceRecord, updateRecord } from "./record-store.ts";
import { writeChildren } from "./child-row-writes.ts";
import { validateRecord } from "./validate-record.ts";
import { derivedStatus } from "./record-states.ts";
import type { RecordController } from "./controller.ts";
import { setTrustedValues } from "./trusted-values.ts";
import { stateLock } from "./state-locks.ts";
import { type ChangeObserver, tellObservers } from "./record-changes.ts";

/** Who updates what, when, and what the engine lends the update. */
export interface UpdateScope {
  tx: Queryable;
  access: Access;
  type: RecordType;
  /** ISO time of the change. */
  now: string;
  findType(id: string): RecordType | undefined;
  types: ReadonlyMap<string, RecordType>;
  /** The type's controller (controller.ts), if it has one. */
  controller?: RecordController;
  /** What follows the change inside the transaction (record-changes.ts). */
  observers?: readonly ChangeObserver[];
}

/** How an update is written and audited. */
export interface UpdateOptions {
  requestId?: string;
  /** Audit action (default: update). */
  auditAction?: string;
  /** Skip read-only checks and rules (controllers setting derived values). */
  trusted?: boolean;
  /**
   * A restore of an earlier state (a project version rolled back): table rows come
   * back under the ids they had and with their read-only values, as they were.
   */
  restoring?: boolean;
}

/** The values of `values` that are a table field's rows. */
function tableValues(type: RecordType, values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).filter(([id]) => type.field.get(id)?.type === "table"),
  );
}

/** Updates `existing` at `version` with `values`: its new version and, when audited, the entry. */
export async function updateLoaded(
  scope: UpdateScope,
  existing: RecordData,
  version: number,
  values: Record<string, unknown>,
  options: UpdateOptions = {},
): Promise<{ version: number; audit?: AuditEntry }> {
  const { tx, access, type, now } = scope;
  const id = existing.id as string;
  if (existing.version !== version) {
    throw conflict(`${type.declaration.label} ${existing.name} was changed by someone else`, {
      current_version: existing.version,
    });
  }
  const docstatus = Number(existing.docstatus ?? 0);
  if (docstatus === 2) {
    throw conflict(
      `A cancelled ${type.declaration.label.toLowerCase()} cannot be changed; amend it instead`,
    );
  }
  const checked = await validateRecord(
    {
      q: tx,
      access,
      type,
      existing,
      now,
      findType: scope.findType,
      types: scope.types,
      lock: options.trusted ? undefined : stateLock(type, existing),
      trusted: options.trusted,
      restoring: options.restoring,
    },
    // The code's values skip the caller's checks, but a table's rows are still checked.
    options.trusted ? tableValues(type, values) : values,
  );
  if (!options.trusted) {
    await scope.controller?.beforeSave?.({ read: tx, access, type, existing, checked, now });
  }
  if (options.trusted) {
    setTrustedValues(type, checked, values, { before: existing, unknown: "skip" });
  }
  const naming = type.declaration.naming;
  const name = "field" in naming && checked.changes.some((c) => c.field === naming.field)
    ? String(checked.values[naming.field] ?? "")
    : undefined;
  const status = type.declaration.states
    ? derivedStatus(type, checked.values, now.slice(0, 10))
    : undefined;
  if (status && status !== existing.status) {
    checked.columns.set("status", status);
    checked.changes.push({ field: "status", from: existing.status, to: status });
  }
  const updated = await updateRecord(tx, type, {
    organizationId: access.organizationId,
    id,
    version,
  }, {
    columns: checked.columns,
    now,
    userId: access.user.id,
    name,
  });
  if (!updated) {
    throw conflict(`${type.declaration.label} ${existing.name} was changed by someone else`);
  }
  for (const [fieldId, rows] of checked.children) {
    const parent = { organizationId: access.organizationId, id };
    await writeChildren(tx, type, fieldId, parent, rows, checked.keptRows.get(fieldId));
  }
  await announceRecord(tx, access.organizationId, type, id, version + 1);
  if (scope.observers?.length && checked.changes.length > 0) {
    await tellObservers(scope.observers, tx, {
      organizationId: access.organizationId,
      type,
      id,
      event: "updated",
      action: options.auditAction,
      before: existing,
      after: {
        ...checked.values,
        ...(status ? { status } : {}),
        ...(name !== undefined ? { name } : {}),
        version: version + 1,
        updated_at: now,
      },
      actorId: access.user.id,
      now,
    });
  }
  if (checked.changes.length === 0 && !options.auditAction) return { version: version + 1 };
  return {
    version: version + 1,
    audit: {
      organizationId: access.organizationId,
      actorId: access.user.id,
      action: options.auditAction ?? "update",
      resourceType: type.id,
      resourceId: id,
      before: Object.fromEntries(checked.changes.map((c) => [c.field, c.from])),
      after: Object.fromEntries(checked.changes.map((c) => [c.field, c.to])),
      requestId: options.requestId,
      now,
    },
  };
}
