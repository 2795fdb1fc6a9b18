/**
 * Workflow actions: taking one (which a caller may take now is record-states.ts).
 * Transitions move the record between declared states; submittable types have
 * submit (draft → submitted, read-only), cancel (submitted → cancelled) and amend
 * (a cancelled record → a new draft linking back); custom actions run their controller's.
 * A refusal says why: the permission missing (403), or the state or condition
 * that does not allow it (409).
 */
import { storedColumns } from "./trusted-values.ts";
import type { Queryable } from "../../db/database.ts";
import type { Access } from "../../platform/access/access.ts";
import { authorize, requireAuthorized } from "../../platform/access/authorize.ts";
import { conflict, forbidden, invalidInput, notFound } from "../../platform/errors/app-error.ts";
import type { RecordType } from "../define.ts";
import { actionWording } from "../action-wording.ts";
import type { RecordData } from "./record-rows.ts";
import { announceRecord, loadRecord } from "./record-store.ts";
import { tellObservers } from "./record-changes.ts";
import { mayReach } from "./record-access.ts";
import { recordAudit } from "../../platform/audit/record.ts";
import type { RecordEngine } from "./engine.ts";
import { refusal } from "./record-states.ts";
import { permissionsFor, transitionFrom } from "./edited-workflows.ts";
import { type BulkOutcome, outcomeError, summarise } from "./bulk-results.ts";
import { announceArrival } from "./awaiting.ts";
import type { MadeRecord } from "./made-records.ts";
import { readMembershipAccess } from "../../platform/access/resolver.ts";

/** Takes an action on a record at `version`. */
export async function takeAction(
  engine: RecordEngine,
  access: Access,
  input: {
    typeId: string;
    id: string;
    action: string;
    version: number;
    comment?: string;
    signature_name?: string;
    choices?: readonly string[];
    requestId?: string;
  },
): Promise<{ record: RecordData; made: MadeRecord[] }> {
  const type = engine.findType(input.typeId);
  if (!type) throw notFound(`Record type "${input.typeId}"`);
  if (!type.actions.includes(input.action)) {
    throw notFound(`Action "${input.action}" of ${type.declaration.label}`);
  }
  if (access.user.is_client_portal_user) requirePortalAction(access, type, input.action);
  else if (!type.declaration.workflow_editable) requireMayTake(access, type, input.action);
  return await engine.db.transaction(async (tx) => {
    // Gathered afresh on every attempt: a transaction run again makes its records again.
    const made: MadeRecord[] = [];
    const record = await actIn(engine, tx, access, type, { ...input, made });
    return { record, made };
  });
}

/** Takes an action inside the caller's transaction (a rule's run records its step with it). */
export async function takeActionIn(
  engine: RecordEngine,
  tx: Queryable,
  access: Access,
  input: {
    typeId: string;
    id: string;
    action: string;
    version: number;
    comment?: string;
    signature_name?: string;
    choices?: readonly string[];
    requestId?: string;
  },
): Promise<RecordData> {
  const type = engine.findType(input.typeId);
  if (!type) throw notFound(`Record type "${input.typeId}"`);
  if (!type.actions.includes(input.action)) {
    throw notFound(`Action "${input.action}" of ${type.declaration.label}`);
  }
  return await actIn(engine, tx, access, type, input);
}

/** What an action is asked to do, and where it tells of the records it made. */
interface ActInput {
  id: string;
  action: string;
  version: number;
  comment?: string;
  /** The full name the person typed as their signature (an action declaring `signature`). */
  signature_name?: string;
  /** The optional child rows (by id) the person picked as they took it. */
  choices?: readonly string[];
  requestId?: string;
  /** Records the action made (an amendment, a controller action's client), for its answer. */
  made?: MadeRecord[];
}

async function actIn(
  engine: RecordEngine,
  tx: Queryable,
  access: Access,
  type: RecordType,
  input: ActInput,
): Promise<RecordData> {
  // The organisation's edited workflow decides from where, by whom and with what comment.
  const shaped = await engine.workflowOf(tx, access.organizationId, type);
  if (!access.user.is_client_portal_user) requireMayTake(access, shaped, input.action);
  // Locked first: the same action sent twice at once takes turns, the second sees the first.
  const before = await loadRecord(tx, type, access.organizationId, input.id, { lock: true });
  let changed = await changeByAction(engine, tx, access, shaped, input);
  if (input.action === "amend" || !before) return changed;
  // The controller's effects of the action (record-rules.ts), in the same transaction.
  const now = new Date(engine.clock()).toISOString();
  const save = async (values: Record<string, unknown>) => {
    changed = await engine.updateIn(tx, access, type, input.id, changed.version as number, values, {
      trusted: true,
      auditAction: input.action,
      requestId: input.requestId,
    });
    return changed;
  };
  const values = await engine.controllers.get(type.id)?.afterAction?.({
    read: tx,
    access,
    type,
    action: input.action,
    input: { comment: input.comment, signature_name: input.signature_name, choices: input.choices },
    before,
    record: changed,
    now,
    update: save,
    createAs: async (userId, typeId, values, system) => {
      const other = engine.findType(typeId);
      if (!other) throw notFound(`Record type "${typeId}"`);
      const membership = await readMembershipAccess(tx, userId, access.organizationId);
      if (!membership || membership.user.is_client_portal_user) {
        throw conflict(
          `${type.declaration.label} ${before.name}: its owner is no longer an active member of this organisation`,
        );
      }
      const made = await engine.createIn(
        tx,
        { ...membership, sessionId: access.sessionId },
        other,
        values,
        {
          requestId: input.requestId,
          system,
          auditAction: input.action,
        },
      );
      input.made?.push({ type: other, record: made });
      return made;
    },
    setSystemFields: (typeId, id, set, audit) =>
      engine.setSystemFieldsIn(
        tx,
        typeId,
        {
          organizationId: access.organizationId,
          id,
          actorId: access.user.id,
        },
        set,
        { requestId: input.requestId, ...audit },
      ),
  });
  if (values) await save(values);
  // A state that awaits someone: refused when no one could act, else they are told.
  await announceArrival(tx, { access, type, before, publicUrl: engine.publicUrl, now }, changed);
  await tellObservers(engine.observers, tx, {
    organizationId: access.organizationId,
    type,
    id: input.id,
    event: "action",
    action: input.action,
    before,
    after: changed,
    actorId: access.user.id,
    now,
  });
  return changed;
}

async function changeByAction(
  engine: RecordEngine,
  tx: Queryable,
  access: Access,
  type: RecordType,
  input: ActInput,
): Promise<RecordData> {
  const now = new Date(engine.clock()).toISOString();
  const record = await loadRecord(tx, type, access.organizationId, input.id, { lock: true });
  if (!record || !mayReachToAct(type, access, record)) throw notFound(type.declaration.label);
  if (record.version !== input.version) {
    throw conflict(`${type.declaration.label} ${record.name} was changed by someone else`, {
      current_version: record.version,
    });
  }
  const transition = transitionFrom(type, record, input.action);
  if (transition && !access.user.is_client_portal_user) {
    requireAuthorized(access, type.module, transition.permission ?? input.action);
  }
  const possible = actionWording(type, input.action);
  if ((transition?.comment ?? possible.comment) === "required" && !input.comment?.trim()) {
    throw invalidInput(`${possible.label} needs a comment`, { comment: "Required" });
  }
  if (transition?.signature === "required" && !input.signature_name?.trim()) {
    throw invalidInput(`${possible.label} needs your full name as your signature`, {
      signature_name: "Required",
    });
  }
  const refused = refusal(type, access, record, input.action, now);
  if (refused) {
    throw refused.status === 403 ? forbidden(refused.message) : conflict(refused.message);
  }
  const audit = { action: input.action, comment: input.comment?.trim() || undefined };
  if (transition) {
    const target = type.declaration.states!.list.find((s) => s.id === transition.to)!;
    const values: Record<string, unknown> = { status: transition.to };
    if (type.declaration.submittable) values.docstatus = target.docstatus;
    return await setStandard(tx, access, type, record, values, audit, input.requestId, now);
  }
  if (input.action === "submit" || input.action === "cancel") {
    // The type's controller may refuse the move or set its stored values with it.
    const own = await runControllerAction(engine, tx, access, type, record, input, now);
    const values = {
      ...storedColumns(type, own?.values),
      docstatus: input.action === "submit" ? 1 : 2,
    };
    return await setStandard(tx, access, type, record, values, audit, input.requestId, now);
  }
  if (input.action === "amend") {
    const values: Record<string, unknown> = {};
    for (const f of type.fields) {
      if (f.read_only || f.computed || (f.fetch_from && !f.fetch_if_empty)) continue;
      values[f.id] = f.type === "table"
        ? (record[f.id] as RecordData[] ?? []).map(({ id: _id, ...row }) => row)
        : record[f.id];
    }
    const amended = await engine.createIn(tx, access, type, values, {
      amendedFrom: record,
      auditAction: "amend",
      requestId: input.requestId,
    });
    input.made?.push({ type, record: amended });
    return amended;
  }
  const result = await runControllerAction(engine, tx, access, type, record, input, now);
  return await engine.updateIn(
    tx,
    access,
    type,
    record.id as string,
    record.version as number,
    result?.values ?? {},
    {
      trusted: true,
      auditAction: input.action,
      requestId: input.requestId,
    },
  ).then(async (updated) => {
    if (audit.comment) await commentOn(tx, access, type, updated.id as string, audit.comment, now);
    return updated;
  });
}

/** Runs the action of the type's controller, if it has one. */
async function runControllerAction(
  engine: RecordEngine,
  tx: Queryable,
  access: Access,
  type: RecordType,
  record: RecordData,
  input: { action: string; requestId?: string; made?: MadeRecord[] },
  now: string,
): Promise<{ values?: Record<string, unknown> } | void> {
  const run = engine.controllers.get(type.id)?.actions?.[input.action];
  if (!run) return undefined;
  return await run({
    read: tx,
    access,
    record,
    now,
    create: async (typeId, values, system) => {
      const other = engine.findType(typeId);
      if (!other) throw notFound(`Record type "${typeId}"`);
      requireAuthorized(access, other.module, "create");
      const made = await engine.createIn(tx, access, other, values, {
        requestId: input.requestId,
        system,
      });
      input.made?.push({ type: other, record: made });
      return made;
    },
    list: (typeId, request) => engine.list(access, typeId, request, tx),
    refuse: (message) => {
      throw conflict(message);
    },
  });
}

async function setStandard(
  tx: Queryable,
  access: Access,
  type: RecordType,
  record: RecordData,
  values: Record<string, unknown>,
  audit: { action: string; comment?: string },
  requestId: string | undefined,
  now: string,
): Promise<RecordData> {
  const sets = Object.keys(values).map((k) => `${k} = ?`);
  const result = await tx.run(
    `UPDATE ${type.table} SET ${
      sets.join(", ")
    }, version = version + 1, updated_at = ?, updated_by = ?
     WHERE organization_id = ? AND id = ? AND version = ?`,
    [
      ...Object.values(values) as (string | number)[],
      now,
      access.user.id,
      access.organizationId,
      record.id as string,
      record.version as number,
    ],
  );
  if (result.changes !== 1) {
    throw conflict(`${type.declaration.label} ${record.name} was changed by someone else`);
  }
  await recordAudit(tx, {
    organizationId: access.organizationId,
    actorId: access.user.id,
    action: audit.action,
    resourceType: type.id,
    resourceId: record.id as string,
    before: Object.fromEntries(Object.keys(values).map((k) => [k, record[k] ?? null])),
    after: { ...values, ...(audit.comment ? { comment: audit.comment } : {}) },
    requestId,
    now,
  });
  const changed = (await loadRecord(tx, type, access.organizationId, record.id as string))!;
  await announceRecord(
    tx,
    access.organizationId,
    type,
    changed.id as string,
    changed.version as number,
  );
  return changed;
}

/** Adds a comment to a record's timeline. */
export async function commentOn(
  tx: Queryable,
  access: Access,
  type: RecordType,
  id: string,
  body: string,
  now: string,
): Promise<string> {
  const commentId = crypto.randomUUID();
  await tx.run(
    `INSERT INTO record_comments (id, organization_id, record_type, record_id, body, created_by, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    [commentId, access.organizationId, type.id, id, body, access.user.id, now],
  );
  return commentId;
}

/** Refuses (403) a caller holding none of the permissions the action may need on the type. */
/** A portal user takes only the actions the type offers the portal (`declaration.portal`). */
function requirePortalAction(access: Access, type: RecordType, action: string): void {
  if (!type.declaration.portal?.actions.includes(action)) {
    throw forbidden("Client portal users cannot use this call");
  }
  if (!access.enabledModules.has(type.module)) {
    throw forbidden(`Module ${type.module} is disabled for this organization`, {
      module: type.module,
    });
  }
}

/**
 * Whether the caller may act on the record: staff as they may read it; a portal
 * user on a record of their own client, by an action the type offers the portal.
 */
function mayReachToAct(type: RecordType, access: Access, record: RecordData): boolean {
  if (!access.user.is_client_portal_user) return mayReach(type, access, record);
  const field = type.declaration.portal?.client_field;
  return !!field && !!access.user.client_id && record[field] === access.user.client_id;
}

function requireMayTake(access: Access, type: RecordType, action: string): void {
  const needed = permissionsFor(type, action);
  if (!needed.some((p) => authorize(access, type.module, p))) {
    requireAuthorized(access, type.module, needed[0]);
  }
}

/** Takes one action on many records, one result per id; each in its own transaction. */
export async function bulkAction(
  engine: RecordEngine,
  access: Access,
  input: { typeId: string; ids: readonly string[]; action: string; comment?: string },
) {
  const type = engine.findType(input.typeId);
  if (!type) throw notFound(`Record type "${input.typeId}"`);
  if (!type.actions.includes(input.action)) {
    throw notFound(`Action "${input.action}" of ${type.declaration.label}`);
  }
  requireMayTake(
    access,
    await engine.workflowOf(engine.db, access.organizationId, type),
    input.action,
  );
  const results: BulkOutcome[] = [];
  for (const id of new Set(input.ids)) {
    try {
      const record = await engine.db.transaction(async (tx) => {
        const current = await loadRecord(tx, type, access.organizationId, id);
        if (!current || !mayReach(type, access, current)) throw notFound(type.declaration.label);
        return await actIn(engine, tx, access, type, {
          id,
          action: input.action,
          version: current.version as number,
          comment: input.comment,
        });
      });
      results.push({ id, ok: true, version: record.version as number });
    } catch (error) {
      results.push({ id, ok: false, error: outcomeError(error) });
    }
  }
  return summarise(results);
}
