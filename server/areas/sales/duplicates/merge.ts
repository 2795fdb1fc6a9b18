/**
 * Merging two duplicate leads: the survivor takes the value picked for each
 * field, and whatever points at the merged-away lead — records linking to it
 * (activities, proposals, account plans…), documents attached to it and its
 * comments — moves to the survivor. The merged-away lead is kept, marked
 * `merged_into` the survivor with the merge pending, and holds what undoing
 * puts back (`merge_undo`: the survivor's values before, the records moved), so
 * the merge is reversible until it is confirmed. Every write goes through the
 * engine (versioned, audited under the action `merge`, announced) in one
 * transaction that first locks both leads, so two merges or a merge and its undo
 * touching the same lead run one after the other on PostgreSQL as on SQLite.
 */
import type { Access } from "../../../platform/access/access.ts";
import type { Queryable } from "../../../db/database.ts";
import { conflict, invalidInput, notFound } from "../../../platform/errors/app-error.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import type { RecordType } from "../../../records/define.ts";
import { loadRecord, lockRecords } from "../../../records/engine/record-store.ts";
import type { RecordData } from "../../../records/engine/record-rows.ts";
import { mayRead, readsField } from "../../../records/engine/record-access.ts";
import { commentOn } from "../../../records/engine/record-actions.ts";

/** The lead fields a merge picks between, in form order. */
export const MERGE_FIELDS = [
  "name",
  "company",
  "email",
  "phone",
  "estimated_value",
  "owner",
] as const;
export type MergeField = typeof MERGE_FIELDS[number];

/** Which of the two leads each field's value is taken from. */
export type Picks = Partial<Record<MergeField, "survivor" | "merged">>;

/** What undoing a merge puts back. */
interface UndoData {
  survivor: string;
  before: Record<string, unknown>;
  moved: { type: string; id: string; field: string }[];
  comments: string[];
}

const AUDIT = { auditAction: "merge" };

function leadType(engine: RecordEngine, access: Access, action: string): RecordType {
  return engine.typeFor(access, "lead", action);
}

/** Both leads, locked, each readable by the caller (else 404). */
async function lockedPair(
  engine: RecordEngine,
  tx: Queryable,
  access: Access,
  ids: [string, string],
): Promise<[RecordData, RecordData]> {
  const type = leadType(engine, access, "update");
  await lockRecords(tx, type.table, access.organizationId, ids);
  const found: RecordData[] = [];
  for (const id of ids) {
    const record = await loadRecord(tx, type, access.organizationId, id);
    if (!record || !(await mayRead({ q: tx, types: engine.types }, access, type, record))) {
      throw notFound(type.declaration.label);
    }
    found.push(record);
  }
  return [found[0], found[1]];
}

/** The declared fields of other records that link to a lead (an activity's `lead`). */
function linksToLeads(engine: RecordEngine): { type: RecordType; field: string; column: string }[] {
  return [...engine.types.values()].flatMap((type) =>
    type.fields
      .filter((f) => f.type === "link" && f.link === "lead" && f.id !== "merged_into")
      .map((f) => ({ type, field: f.id, column: f.column }))
  );
}

/** Sets `field` of the record to `lead`, through the engine at its current version. */
async function relink(
  engine: RecordEngine,
  tx: Queryable,
  access: Access,
  target: { type: string; id: string; field: string },
  lead: string,
): Promise<void> {
  const type = engine.findType(target.type)!;
  const row = await tx.get<{ version: number }>(
    `SELECT version FROM ${type.table} WHERE organization_id = ? AND id = ?`,
    [access.organizationId, target.id],
  );
  if (!row) return;
  await engine.updateIn(tx, access, type, target.id, Number(row.version), {
    [target.field]: lead,
  }, { ...AUDIT, trusted: true });
}

/** Everything pointing at `lead`: linking records and attached documents. */
async function pointingAt(
  engine: RecordEngine,
  tx: Queryable,
  organizationId: string,
  lead: string,
): Promise<{ type: string; id: string; field: string }[]> {
  const found: { type: string; id: string; field: string }[] = [];
  for (const link of linksToLeads(engine)) {
    const rows = await tx.all<{ id: string }>(
      `SELECT id FROM ${link.type.table} WHERE organization_id = ? AND ${link.column} = ? ORDER BY id`,
      [organizationId, lead],
    );
    for (const row of rows) found.push({ type: link.type.id, id: row.id, field: link.field });
  }
  for (const type of engine.types.values()) {
    const attached = type.declaration.attached_to;
    if (!attached) continue;
    const typeColumn = type.field.get(attached.type_field)!.column;
    const idColumn = type.field.get(attached.id_field)!.column;
    const rows = await tx.all<{ id: string }>(
      `SELECT id FROM ${type.table}
        WHERE organization_id = ? AND ${typeColumn} = 'lead' AND ${idColumn} = ? ORDER BY id`,
      [organizationId, lead],
    );
    for (const row of rows) found.push({ type: type.id, id: row.id, field: attached.id_field });
  }
  return found;
}

/**
 * Merges lead `merged` into lead `survivor` with the values picked, and answers
 * the survivor. Refuses a lead merged into itself (400 naming `merged`), a lead
 * already merged (409), a lead the caller may not read (404) or change (403).
 */
export async function mergeLeads(
  engine: RecordEngine,
  access: Access,
  request: { survivor: string; merged: string; picks: Picks },
): Promise<RecordData> {
  const type = leadType(engine, access, "update");
  if (request.survivor === request.merged) {
    throw invalidInput("A lead cannot be merged into itself", {
      merged: "Choose a different lead to merge into this one",
    });
  }
  for (const field of Object.keys(request.picks) as MergeField[]) {
    if (!readsField(type, access, type.field.get(field)!)) {
      throw invalidInput(`Unknown field "${field}"`, { [`picks.${field}`]: "Unknown field" });
    }
  }
  return await engine.db.transaction(async (tx) => {
    const [survivor, merged] = await lockedPair(engine, tx, access, [
      request.survivor,
      request.merged,
    ]);
    for (const [which, lead] of [["survivor", survivor], ["merged", merged]] as const) {
      if (lead.merged_into) {
        throw conflict(`Lead ${lead.name} was already merged into another lead`, { field: which });
      }
    }
    const before: Record<string, unknown> = {};
    const values: Record<string, unknown> = {};
    for (const [field, from] of Object.entries(request.picks)) {
      if (from !== "merged" || merged[field] === survivor[field]) continue;
      before[field] = survivor[field] ?? null;
      values[field] = merged[field] ?? null;
    }
    const moved = await pointingAt(engine, tx, access.organizationId, request.merged);
    for (const target of moved) await relink(engine, tx, access, target, request.survivor);
    const comments = (await tx.all<{ id: string }>(
      `SELECT id FROM record_comments
        WHERE organization_id = ? AND record_type = 'lead' AND record_id = ? ORDER BY id`,
      [access.organizationId, request.merged],
    )).map((r) => r.id);
    await tx.run(
      `UPDATE record_comments SET record_id = ?
        WHERE organization_id = ? AND record_type = 'lead' AND record_id = ?`,
      [request.survivor, access.organizationId, request.merged],
    );
    const undo: UndoData = { survivor: request.survivor, before, moved, comments };
    await engine.updateIn(tx, access, type, request.merged, Number(merged.version), {
      merged_into: request.survivor,
      merge_state: "pending",
      merge_undo: JSON.stringify(undo),
    }, { ...AUDIT, trusted: true });
    const after = await engine.updateIn(
      tx,
      access,
      type,
      request.survivor,
      Number(survivor.version),
      values,
      { ...AUDIT, trusted: true },
    );
    await commentOn(
      tx,
      access,
      type,
      request.survivor,
      `Merged lead ${merged.name} into this lead: ${moved.length} linked record(s) and ${comments.length} comment(s) moved`,
      new Date(engine.clock()).toISOString(),
    );
    return after;
  });
}

/** The merged-away lead and its survivor, locked, with the merge pending (else 409). */
async function pendingMerge(
  engine: RecordEngine,
  tx: Queryable,
  access: Access,
  mergedId: string,
): Promise<{ merged: RecordData; survivor: RecordData; undo: UndoData }> {
  const type = leadType(engine, access, "update");
  const first = await loadRecord(tx, type, access.organizationId, mergedId);
  if (!first?.merged_into) {
    if (first && (await mayRead({ q: tx, types: engine.types }, access, type, first))) {
      throw conflict(`Lead ${first.name} is not merged into another lead`);
    }
    throw notFound(type.declaration.label);
  }
  const [merged, survivor] = await lockedPair(engine, tx, access, [
    mergedId,
    String(first.merged_into),
  ]);
  if (merged.merge_state !== "pending" || merged.merged_into !== survivor.id) {
    throw conflict(`The merge of lead ${merged.name} is confirmed and can no longer be undone`);
  }
  return { merged, survivor, undo: JSON.parse(String(merged.merge_undo)) as UndoData };
}

/**
 * Undoes a pending merge: the survivor's picked fields get their values back,
 * the records and comments moved go back to the merged-away lead, which is no
 * longer marked merged. Answers the merged-away lead as it is again.
 */
export async function undoMerge(
  engine: RecordEngine,
  access: Access,
  mergedId: string,
): Promise<RecordData> {
  const type = leadType(engine, access, "update");
  return await engine.db.transaction(async (tx) => {
    const { merged, survivor, undo } = await pendingMerge(engine, tx, access, mergedId);
    await engine.updateIn(tx, access, type, survivor.id as string, Number(survivor.version), {
      ...undo.before,
    }, { ...AUDIT, trusted: true });
    for (const target of undo.moved) await relink(engine, tx, access, target, mergedId);
    if (undo.comments.length > 0) {
      await tx.run(
        `UPDATE record_comments SET record_id = ?
          WHERE organization_id = ? AND record_type = 'lead' AND id IN (${
          undo.comments.map(() => "?").join(", ")
        })`,
        [mergedId, access.organizationId, ...undo.comments],
      );
    }
    const after = await engine.updateIn(tx, access, type, mergedId, Number(merged.version), {
      merged_into: null,
      merge_state: "",
      merge_undo: "",
    }, { ...AUDIT, trusted: true });
    await commentOn(
      tx,
      access,
      type,
      survivor.id as string,
      `Undid the merge of lead ${merged.name}: its values and ${undo.moved.length} linked record(s) moved back`,
      new Date(engine.clock()).toISOString(),
    );
    return after;
  });
}

/** Confirms a pending merge: it can no longer be undone. Answers the merged-away lead. */
export async function confirmMerge(
  engine: RecordEngine,
  access: Access,
  mergedId: string,
): Promise<RecordData> {
  const type = leadType(engine, access, "update");
  return await engine.db.transaction(async (tx) => {
    const { merged, survivor } = await pendingMerge(engine, tx, access, mergedId);
    const after = await engine.updateIn(tx, access, type, mergedId, Number(merged.version), {
      merge_state: "confirmed",
      merge_undo: "",
    }, { ...AUDIT, trusted: true });
    await commentOn(
      tx,
      access,
      type,
      survivor.id as string,
      `Confirmed the merge of lead ${merged.name}`,
      new Date(engine.clock()).toISOString(),
    );
    return after;
  });
}
