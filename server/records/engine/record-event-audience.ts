/**
 * Who hears of a record's change. A `records` event names records (type, id,
 * version), which tells whoever hears it that they exist and changed, so it is
 * carried only to callers who may read them — the record's own visibility
 * (record-access.ts): the type's read permission, the own-record rule, the record
 * it is attached to. Client-portal users hear no staff record. A change naming
 * no record (many of a type at once) goes to whoever may read the type. A
 * deleted record can no longer be read, so only callers who read every record of
 * its type hear of its deletion.
 *
 * One event reaches every open stream of the organisation, so the decision is
 * made once per event and per distinct access (role, permissions and user), and
 * the rows it needs are read once per type: a hundred tabs of one user cost what
 * one costs.
 */
import type { RecordChange } from "../../db/change-signal.ts";
import type { MembershipAccess } from "../../platform/access/access.ts";
import { logLine } from "../../platform/http/log.ts";
import type { RecordEngine } from "./engine.ts";
import { mayReadType, readableIds, readsEveryRecord } from "./record-access.ts";

/** An event naming changed records (the change feed's `records` event). */
export interface NamedRecords {
  records: readonly RecordChange[];
}

/** Decides which of an event's records each listener may hear of. */
export class RecordEventAudience {
  readonly #records: RecordEngine;
  readonly #decided = new WeakMap<NamedRecords, Map<string, Promise<RecordChange[]>>>();

  constructor(records: RecordEngine) {
    this.#records = records;
  }

  /** The changes of `event` the caller may hear of (none on failure: never more than allowed). */
  audible(event: NamedRecords, access: MembershipAccess): Promise<RecordChange[]> {
    let byAccess = this.#decided.get(event);
    if (!byAccess) this.#decided.set(event, byAccess = new Map());
    const key = `${access.fingerprint}|${access.user.id}|${access.user.is_client_portal_user}`;
    let decision = byAccess.get(key);
    if (!decision) {
      decision = this.#decide(event, access).catch((error) => {
        logLine(null, "warn", "record event audience failed", { error: String(error) });
        return [];
      });
      byAccess.set(key, decision);
    }
    return decision;
  }

  async #decide(event: NamedRecords, access: MembershipAccess): Promise<RecordChange[]> {
    if (access.user.is_client_portal_user) return [];
    const context = { q: this.#records.db, types: this.#records.types };
    const lookUp = new Map<string, string[]>();
    const heard: RecordChange[] = [];
    for (const change of event.records) {
      const type = this.#records.types.get(change.type);
      if (!type || !mayReadType(type, access)) continue;
      if (change.id === null || readsEveryRecord(type, access)) heard.push(change);
      else lookUp.set(type.id, [...(lookUp.get(type.id) ?? []), change.id]);
    }
    const readable = new Set<string>();
    for (const [typeId, ids] of lookUp) {
      const type = this.#records.types.get(typeId)!;
      for (const id of await readableIds(context, access, type, ids)) {
        readable.add(`${typeId}/${id}`);
      }
    }
    return event.records.filter((change) =>
      heard.includes(change) || readable.has(`${change.type}/${change.id}`)
    );
  }
}
