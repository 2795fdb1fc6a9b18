/**
 * An organisation's own workflow for a record type whose declaration allows one
 * (`workflow_editable`): its administrators edit, as data, from which states each
 * declared transition may be taken, the permission it needs and whether it asks
 * for a comment (the automation area keeps them, `automation/workflows`). The
 * engine asks for the type as the organisation shaped it wherever it offers or
 * takes an action, so the edited workflow is the one enforced; the states, and
 * where each transition leads, stay the declaration's.
 */
import type { Queryable } from "../../db/database.ts";
import type { RecordType } from "../define.ts";
import type { TransitionDeclaration } from "../declaration.ts";
import type { RecordData } from "./record-rows.ts";
import { storedState, transitionsOf } from "./record-states.ts";

/** The type as the organisation's active workflow shapes it (the type itself when it has none). */
export type WorkflowSource = (
  read: Queryable,
  organizationId: string,
  type: RecordType,
) => Promise<RecordType>;

/** The transition an action takes from the record's stored state, if one does. */
export function transitionFrom(
  type: RecordType,
  record: RecordData,
  action: string,
): TransitionDeclaration | undefined {
  const here = storedState(record);
  return transitionsOf(type, action).find((t) => t.from.includes(here));
}

/** The action whose permission taking `action` on the record needs (its own, unless edited). */
export function permissionFor(type: RecordType, record: RecordData, action: string): string {
  return transitionFrom(type, record, action)?.permission ?? action;
}

/**
 * The actions whose permission `action` may need on some record: a caller holding
 * none of them is refused before any record is read.
 */
export function permissionsFor(type: RecordType, action: string): string[] {
  const transitions = transitionsOf(type, action).filter((t) => t.from.length > 0);
  if (transitions.length === 0) return [action];
  return [...new Set(transitions.map((t) => t.permission ?? action))];
}
