/**
 * A record's workflow state, read without changing anything: its derived status
 * (Overdue), the fields deriving it reads, whether an action may be taken now and
 * why not, and the actions a caller may take on it. The engine and lists read
 * these; taking an action (record-actions.ts) does too.
 */
import type { MembershipAccess } from "../../platform/access/access.ts";
import { authorize } from "../../platform/access/authorize.ts";
import type { RecordField, RecordType } from "../define.ts";
import type { TransitionDeclaration } from "../declaration.ts";
import {
  type ActionWording,
  actionWording,
  deleteWording,
  saveWording,
} from "../action-wording.ts";
import { conditionHolds } from "./conditions.ts";
import { fieldsOf, parseExpression } from "../../../schemas/records/expression.ts";
import type { RecordData } from "./record-rows.ts";
import { documentStatusOf } from "./document-status.ts";
import { stateLock } from "./state-locks.ts";

/** The derived status of a record, when a rule holds. */
export function derivedStatus(
  type: RecordType,
  record: RecordData,
  today: string,
): string | undefined {
  for (const rule of type.declaration.derived_status ?? []) {
    if (rule.in_states && !rule.in_states.includes(String(record.status))) continue;
    if (conditionHolds(rule.when, record, `${today}T00:00:00.000Z`, false)) return rule.status;
  }
  return undefined;
}

/** The fields a type's derived status rules read (a list must load them to derive it). */
export function derivedStatusInputs(type: RecordType): string[] {
  const ids = new Set<string>();
  for (const rule of type.declaration.derived_status ?? []) {
    for (const id of fieldsOf(parseExpression(rule.when))) ids.add(id);
  }
  return [...ids];
}

/** The workflow state a derived status belongs to is kept in `status`; actions read the stored one. */
export function storedState(record: RecordData): string {
  return String(record.status ?? "");
}

/** Why an action cannot be taken on the record now, or null when it can (permission aside). */
export function refusal(
  type: RecordType,
  access: MembershipAccess,
  record: RecordData,
  action: string,
  now: string,
): { status: 403 | 409; message: string } | null {
  const label = type.declaration.label.toLowerCase();
  const docstatus = Number(record.docstatus ?? 0);
  const transition = transitionsOf(type, action);
  if (transition.length > 0) {
    const here = storedState(record);
    const t = transition.find((x) => x.from.includes(here));
    if (!t) {
      const state = type.declaration.states?.list.find((s) => s.id === here)?.label ?? here;
      return {
        status: 409,
        message: `Cannot ${transition[0].label.toLowerCase()} a ${label} that is ${state}`,
      };
    }
    if (t.condition && !conditionHolds(t.condition.expression, record, now, false)) {
      return { status: 409, message: t.condition.message };
    }
    if (t.not_by_creator && record.created_by === access.user.id) {
      return { status: 403, message: `You cannot ${t.label.toLowerCase()} a ${label} you created` };
    }
    return null;
  }
  const custom = type.declaration.actions?.find((a) => a.action === action);
  if (custom) {
    if (custom.on_submitted && docstatus !== 1) {
      return {
        status: 409,
        message: `Only a submitted ${label} can have a ${custom.label.toLowerCase()}`,
      };
    }
    if (!custom.on_submitted && docstatus !== 0) {
      return { status: 409, message: `Cannot ${custom.label.toLowerCase()} a submitted ${label}` };
    }
    if (custom.condition && !conditionHolds(custom.condition.expression, record, now, false)) {
      return { status: 409, message: custom.condition.message };
    }
    return null;
  }
  if (action === "submit") {
    return docstatus === 0
      ? null
      : { status: 409, message: `Only a draft ${label} can be submitted` };
  }
  if (action === "cancel") {
    return docstatus === 1
      ? null
      : { status: 409, message: `Only a submitted ${label} can be cancelled` };
  }
  if (action === "amend") {
    return docstatus === 2
      ? null
      : { status: 409, message: `Only a cancelled ${label} can be amended` };
  }
  return { status: 409, message: `Unknown action "${action}"` };
}

export function transitionsOf(type: RecordType, action: string): readonly TransitionDeclaration[] {
  return type.declaration.states?.transitions.filter((t) => t.action === action) ?? [];
}

/** An action's wording on one record: without the words for many. */
type RecordActionWording = Omit<ActionWording, "bulk_confirm" | "bulk_label">;

function oneRecord(wording: ActionWording): RecordActionWording {
  const { bulk_confirm: _many, bulk_label: _label, ...one } = wording;
  return one;
}

/**
 * The actions the caller may take on the record now; the fields they may not
 * change (a child table's column as `<table>.<column>`); and, when the record's
 * state holds some of them, why. Save (`update`) is offered only when something is
 * left that the caller may change.
 */
export function availableActions(
  type: RecordType,
  access: MembershipAccess,
  record: RecordData,
  now: string,
) {
  const actions: RecordActionWording[] = [];
  const lock = stateLock(type, record);
  const level1 = authorize(access, type.module, "level1");
  const mayUpdate = authorize(access, type.module, "update");
  const fixed = (f: RecordField) =>
    f.read_only || f.computed || (f.fetch_from && !f.fetch_if_empty) || (f.level === 1 && !level1);
  const readOnly: string[] = [];
  let changeable = false;
  for (const f of type.fields) {
    if (
      fixed(f) || lock?.fields.has(f.id) || !mayUpdate ||
      conditionHolds(f.read_only_if, record, now, false)
    ) {
      readOnly.push(f.id);
      continue;
    }
    const open = lock?.openColumns.get(f.id);
    // A table's rows may be added and removed unless the state fixes them.
    if (f.type !== "table" || !open) changeable = true;
    for (const c of f.childFields ?? []) {
      if (fixed(c)) continue;
      if (open && !open.has(c.id)) readOnly.push(`${f.id}.${c.id}`);
      else changeable = true;
    }
  }
  if (changeable) actions.push(oneRecord(saveWording(type)));
  if (documentStatusOf(type, record) === 0 && authorize(access, type.module, "delete")) {
    actions.push(oneRecord(deleteWording(type)));
  }
  for (const action of type.actions) {
    const here = transitionsOf(type, action).find((t) => t.from.includes(storedState(record)));
    if (!authorize(access, type.module, here?.permission ?? action)) continue;
    if (refusal(type, access, record, action, now) === null) {
      const wording = oneRecord(actionWording(type, action));
      // An edited workflow may ask for a comment on this transition only.
      actions.push(here?.comment ? { ...wording, comment: here.comment } : wording);
    }
  }
  return { actions, readOnly, reason: lock?.reason };
}
