/**
 * The record engine's service: every record type's list (record-list.ts), read,
 * create, update, delete, actions, history, comments, bulk changes and link
 * search, enforced for the caller (module switch, `<module>.<action>` permission, organisation,
 * own-record rule, permission level) and audited with the field diff. Routes
 * (../routes.ts) only translate HTTP to these calls.
 */
import { type LinkSearch, searchPeople, searchRecordsOf } from "./record-search.ts";
import { checkLinkFilters } from "./link-filter-check.ts";
import { checkTypeModules } from "./type-modules.ts";
import { type Removal, removeRecords } from "./record-removal.ts";
import {
  setSystemFields,
  type SystemFieldsAudit,
  type SystemFieldsResult,
  type SystemFieldsTarget,
  type SystemValues,
} from "./system-fields.ts";
import type { Database, Queryable } from "../../db/database.ts";
import type { Access } from "../../platform/access/access.ts";
import { conflict, forbidden, notFound } from "../../platform/errors/app-error.ts";
import { type AuditEntry, recordAudit } from "../../platform/audit/record.ts";
import type { ListRequest } from "../../../schemas/records/api.ts";
import type { RecordType } from "../define.ts";
import { mayReach, mayRead, sharedWith, typeFor, visibleRecord } from "./record-access.ts";
import type { RecordData } from "./record-rows.ts";
import {
  amendedName,
  announceRecord,
  insertRecord,
  loadRecord,
  nextSeriesNames,
  replaceChildren,
} from "./record-store.ts";
import { validateRecord } from "./validate-record.ts";
import { updateLoaded, type UpdateOptions } from "./record-update.ts";
import { listRecords } from "./record-list.ts";
import { addLinkTitles, titlesOf } from "./link-titles.ts";
import { availableActions, derivedStatus } from "./record-states.ts";
import { explainActions } from "./action-explanations.ts";
import { availableMakes, checkMakeTargets, madeRecord } from "./record-makes.ts";
import { bulkEdit } from "./bulk-edit.ts";
import { checkControllers, type RecordController } from "./controller.ts";
import { setTrustedValues } from "./trusted-values.ts";
import { documentStatusOf, stateLabelOf } from "./document-status.ts";
import { awaitingOf, waitingText } from "./awaiting.ts";
import { runQuery } from "./record-query.ts";
import { queryPages } from "./query-pages.ts";
import { checkDerivedStatusSql } from "./derived-status-sql.ts";
import type { QueryRequest } from "../../../schemas/records/query.ts";
import { type ChangeObserver, tellObservers } from "./record-changes.ts";
import type { WorkflowSource } from "./edited-workflows.ts";
import type { TimelineSource } from "./timeline-sources.ts";

/** What a write may carry besides its values. */
export interface WriteOptions {
  requestId?: string;
  /** Audit action (default: create or update). */
  auditAction?: string;
}

/** The engine over a database and the declared record types. */
export class RecordEngine {
  readonly db: Database;
  readonly types: ReadonlyMap<string, RecordType>;
  readonly clock: () => number;
  /** Each type's controller, by type id (controller.ts). */
  readonly controllers: ReadonlyMap<string, RecordController>;
  /** The server's public address: the base of the record links notices mail. */
  readonly publicUrl: string;
  /** What follows each change inside its transaction (record-changes.ts). */
  readonly observers: readonly ChangeObserver[];
  /** Organisations' edited workflows (edited-workflows.ts). */
  readonly #workflows: WorkflowSource | undefined;
  /** What other parts of the suite add to a record's timeline (timeline-sources.ts). */
  readonly timelines: readonly TimelineSource[];

  constructor(
    db: Database,
    types: readonly RecordType[],
    clock: () => number = Date.now,
    options: {
      publicUrl?: string;
      controllers?: readonly RecordController[];
      observers?: readonly ChangeObserver[];
      workflows?: WorkflowSource;
      timelines?: readonly TimelineSource[];
    } = {},
  ) {
    this.db = db;
    this.types = new Map(types.map((t) => [t.id, t]));
    this.clock = clock;
    checkTypeModules(this.types.values());
    checkLinkFilters(this.types);
    checkMakeTargets(this.types);
    for (const type of this.types.values()) checkDerivedStatusSql(type);
    this.controllers = checkControllers(this.types, options.controllers ?? []);
    this.publicUrl = options.publicUrl ?? "http://localhost:8000";
    this.observers = options.observers ?? [];
    this.timelines = options.timelines ?? [];
    this.#workflows = options.workflows;
  }

  /** The type as the organisation's edited workflow shapes it: the one its actions follow. */
  async workflowOf(read: Queryable, organizationId: string, type: RecordType): Promise<RecordType> {
    if (!type.declaration.workflow_editable || !this.#workflows) return type;
    return await this.#workflows(read, organizationId, type);
  }

  /** The declared type with this id, if any. */
  findType = (id: string): RecordType | undefined => this.types.get(id);

  /** The type after checking the caller may take `action` on it. */
  typeFor(access: Access, typeId: string, action: string): RecordType {
    return typeFor(this.types, access, typeId, action);
  }

  #now(): string {
    return new Date(this.clock()).toISOString();
  }

  /** A page of records (record-list.ts). */
  list(access: Access, typeId: string, request: ListRequest, q: Queryable = this.db) {
    return listRecords(this, access, typeId, request, q);
  }

  /** Rows, or groups and their aggregates, of the records the caller's list holds (record-query.ts). */
  query(access: Access, typeId: string, request: QueryRequest, q: Queryable = this.db) {
    return runQuery(this, access, typeId, request, q);
  }

  /** Every row of a query, `pageRows` at a time, for a walk through all of them (query-pages.ts). */
  queryPages(access: Access, typeId: string, request: QueryRequest, options: { pageRows: number }) {
    return queryPages(this, access, typeId, request, options);
  }

  #derive(type: RecordType, record: RecordData, today: string): void {
    const status = derivedStatus(type, record, today);
    if (status) record.status = status;
  }

  /** Loads a record the caller may reach, or 404. */
  async #reachable(
    q: Queryable,
    type: RecordType,
    access: Access,
    id: string,
    options: { lock?: boolean } = {},
  ): Promise<RecordData> {
    const record = await loadRecord(q, type, access.organizationId, id, options);
    if (record && !mayReach(type, access, record) && sharedWith(type, access, record)) {
      throw forbidden(`Only its owner changes this ${type.declaration.label.toLowerCase()}`);
    }
    if (!record || !mayReach(type, access, record)) throw notFound(type.declaration.label);
    return record;
  }

  /** A record with the actions the caller may take now, and the records they may start from it; 404
   * unless the caller may read it. */
  async get(access: Access, typeId: string, id: string) {
    const type = this.typeFor(access, typeId, "read");
    const record = await loadRecord(this.db, type, access.organizationId, id);
    if (!record || !(await mayRead({ q: this.db, types: this.types }, access, type, record))) {
      throw notFound(type.declaration.label);
    }
    await addLinkTitles(this.db, access.organizationId, type.fields, [record], this.findType);
    this.#derive(type, record, this.#now().slice(0, 10));
    // A record shared with the caller, not theirs, is read only: its owner changes it.
    const { actions, readOnly, reason } = mayReach(type, access, record)
      ? availableActions(
        await this.workflowOf(this.db, access.organizationId, type),
        access,
        record,
        this.#now(),
      )
      : {
        actions: [],
        readOnly: type.fields.map((f) => f.id),
        reason: `Only its owner changes this ${type.declaration.label.toLowerCase()}`,
      };
    const visible = visibleRecord(type, access, record);
    const awaiting = await awaitingOf(this.db, type, access.organizationId, record);
    return {
      record: visible,
      actions: await explainActions(this.db, this.controllers.get(type.id), {
        access,
        type,
        record,
        actions,
      }),
      read_only_fields: readOnly,
      // Why the record's state keeps fields from changing, for a form to say so.
      ...(reason ? { read_only_reason: reason } : {}),
      makes: availableMakes(type, access, visible, this.types, this.#now()),
      waiting_for: awaiting ? waitingText(awaiting) : null,
    };
  }

  /** The values a new record started from a record by one of its type's makes begins with. */
  async make(access: Access, typeId: string, id: string, makeId: string) {
    const type = this.typeFor(access, typeId, "read");
    const record = await this.#reachable(this.db, type, access, id);
    this.#derive(type, record, this.#now().slice(0, 10));
    return await madeRecord(
      this.db,
      access,
      {
        type,
        record: visibleRecord(type, access, record),
      },
      makeId,
      { types: this.types, now: this.#now() },
    );
  }

  /** Creates a record. */
  async create(
    access: Access,
    typeId: string,
    values: Record<string, unknown>,
    options: WriteOptions = {},
  ) {
    const type = this.typeFor(access, typeId, "create");
    const record = await this.db.transaction((tx) =>
      this.createIn(tx, access, type, values, options)
    );
    return visibleRecord(type, access, record);
  }

  /** Creates a record inside the caller's transaction (controllers and imports use it). */
  async createIn(
    tx: Queryable,
    access: Access,
    type: RecordType,
    values: Record<string, unknown>,
    options: WriteOptions & {
      amendedFrom?: RecordData;
      /** Fields the caller may not set that the code creating the record does (by field id). */
      system?: Record<string, unknown>;
    } = {},
  ): Promise<RecordData> {
    const now = this.#now();
    const checked = await validateRecord(
      { q: tx, access, type, now, findType: this.findType, types: this.types },
      values,
    );
    setTrustedValues(type, checked, options.system ?? {}, { unknown: "throw" });
    await this.controllers.get(type.id)?.beforeSave?.({ read: tx, access, type, checked, now });
    const naming = type.declaration.naming;
    let name: string;
    if (options.amendedFrom) {
      name = await amendedName(tx, type, access.organizationId, options.amendedFrom);
    } else if ("series" in naming) {
      [name] = await nextSeriesNames(tx, access.organizationId, naming.series, now);
    } else name = String(checked.values[naming.field] ?? "");
    const status = type.declaration.states?.initial;
    const id = await insertRecord(tx, type, {
      organizationId: access.organizationId,
      name,
      now,
      userId: access.user.id,
      status: derivedStatus(type, { ...checked.values, status }, now.slice(0, 10)) ?? status,
      amendedFrom: options.amendedFrom ? options.amendedFrom.id as string : null,
    }, checked.columns);
    for (const [fieldId, rows] of checked.children) {
      await replaceChildren(tx, type, fieldId, { organizationId: access.organizationId, id }, rows);
    }
    await recordAudit(tx, {
      organizationId: access.organizationId,
      actorId: access.user.id,
      action: options.auditAction ?? "create",
      resourceType: type.id,
      resourceId: id,
      after: Object.fromEntries(checked.changes.map((c) => [c.field, c.to])),
      requestId: options.requestId,
      now,
    });
    const created = (await loadRecord(tx, type, access.organizationId, id))!;
    await announceRecord(tx, access.organizationId, type, id, created.version as number);
    await tellObservers(this.observers, tx, {
      organizationId: access.organizationId,
      type,
      id,
      event: "created",
      before: null,
      after: created,
      actorId: access.user.id,
      now,
    });
    return created;
  }

  /** Updates a record at `version`; a stale version answers 409 and changes nothing. */
  async update(
    access: Access,
    typeId: string,
    id: string,
    version: number,
    values: Record<string, unknown>,
    options: WriteOptions = {},
  ) {
    const type = this.typeFor(access, typeId, "update");
    const record = await this.db.transaction((tx) =>
      this.updateIn(tx, access, type, id, version, values, options)
    );
    await addLinkTitles(this.db, access.organizationId, type.fields, [record], this.findType);
    return visibleRecord(type, access, record);
  }

  /** Updates inside the caller's transaction. `trusted` skips read-only checks (controllers set derived values). */
  async updateIn(
    tx: Queryable,
    access: Access,
    type: RecordType,
    id: string,
    version: number,
    values: Record<string, unknown>,
    options: UpdateOptions = {},
  ): Promise<RecordData> {
    const existing = await this.#reachable(tx, type, access, id, { lock: true });
    const { audit } = await this.updateLoadedIn(
      tx,
      access,
      type,
      existing,
      version,
      values,
      options,
    );
    if (audit) await recordAudit(tx, audit);
    return (await loadRecord(tx, type, access.organizationId, id))!;
  }

  /**
   * The update of `updateIn` for a record the caller has read in this transaction
   * (and checked the caller may reach): the version and state checks, validation,
   * rules, the write and its announcement, without reading the record again before
   * or after. The audit entry is answered, not written, so a caller updating many
   * records (the import) writes them all at once; the new version is answered too.
   */
  async updateLoadedIn(
    tx: Queryable,
    access: Access,
    type: RecordType,
    existing: RecordData,
    version: number,
    values: Record<string, unknown>,
    options: UpdateOptions = {},
  ): Promise<{ version: number; audit?: AuditEntry }> {
    return await updateLoaded(
      {
        tx,
        access,
        type,
        now: this.#now(),
        findType: this.findType,
        types: this.types,
        controller: this.controllers.get(type.id),
        observers: this.observers,
      },
      existing,
      version,
      values,
      options,
    );
  }

  /**
   * Sets figures a module computes and stores on a record, inside the caller's
   * transaction: versioned, stamped, audited and announced (system-fields.ts). The
   * caller has already authorised the change.
   */
  async setSystemFieldsIn(
    tx: Queryable,
    typeId: string,
    target: Omit<SystemFieldsTarget, "now">,
    values: SystemValues,
    audit: SystemFieldsAudit,
  ): Promise<SystemFieldsResult> {
    const type = this.types.get(typeId);
    if (!type) throw new Error(`Unknown record type "${typeId}"`);
    const now = this.#now();
    const result = await setSystemFields(tx, type, { ...target, now }, values, audit);
    if (this.observers.length > 0) {
      const after = (await loadRecord(tx, type, target.organizationId, target.id)) ?? null;
      await tellObservers(this.observers, tx, {
        organizationId: target.organizationId,
        type,
        id: target.id,
        event: "updated",
        before: after && { ...after, ...result.replaced, version: result.version - 1 },
        after,
        actorId: target.actorId,
        now,
      });
    }
    return result;
  }

  /**
   * Removes records as the consequence of a change the caller was allowed (a
   * project deleted with its tasks), inside the caller's transaction: audited under
   * `action` and announced (record-removal.ts).
   */
  removeAllIn(
    tx: Queryable,
    typeId: string,
    removal: Omit<Removal, "now">,
  ): Promise<void> {
    const type = this.types.get(typeId);
    if (!type) throw new Error(`Unknown record type "${typeId}"`);
    return removeRecords(tx, type, { ...removal, now: this.#now(), observers: this.observers });
  }

  /** Deletes a draft at `version`; submitted records are cancelled instead. */
  async remove(
    access: Access,
    typeId: string,
    id: string,
    version: number,
    options: WriteOptions = {},
  ) {
    const type = this.typeFor(access, typeId, "delete");
    await this.db.transaction(async (tx) => {
      const existing = await this.#reachable(tx, type, access, id, { lock: true });
      if (existing.version !== version) {
        throw conflict(`${type.declaration.label} ${existing.name} was changed by someone else`, {
          current_version: existing.version,
        });
      }
      if (documentStatusOf(type, existing) !== 0) {
        throw conflict(
          type.declaration.submittable
            ? `Only drafts can be deleted; cancel a submitted ${type.declaration.label.toLowerCase()} instead`
            : `Only drafts can be deleted: this ${type.declaration.label.toLowerCase()} is ${
              stateLabelOf(type, existing)
            }`,
        );
      }
      await this.controllers.get(type.id)?.beforeDelete?.({
        read: tx,
        access,
        type,
        record: existing,
      });
      await removeRecords(tx, type, {
        organizationId: access.organizationId,
        ids: [id],
        actorId: access.user.id,
        action: "delete",
        requestId: options.requestId,
        now: this.#now(),
        observers: this.observers,
      });
    });
  }

  /** Link type-ahead: records whose title or search fields contain `q`, meeting `filters`. */
  async search(access: Access, typeId: string, search: Omit<LinkSearch, "today"> = {}) {
    const today = this.#now().slice(0, 10);
    if (typeId === "user") {
      return { items: await searchPeople(this.db, access, { ...search, today }) };
    }
    const type = this.typeFor(access, typeId, "read");
    return {
      items: await searchRecordsOf(this.db, type, access, { ...search, today }, this.types),
    };
  }

  /** Titles of linked ids (for callers outside the engine). */
  titles(access: Access, target: string, ids: readonly string[]) {
    return titlesOf(this.db, access.organizationId, target, ids, this.findType);
  }

  /**
   * Applies the same values to many records, one result per id; each change is its
   * own transaction, and the edit is kept for its author to undo (bulk-edit.ts).
   */
  bulkUpdate(
    access: Access,
    typeId: string,
    ids: readonly string[],
    values: Record<string, unknown>,
  ) {
    return bulkEdit(this, access, { typeId, ids, values });
  }
}
