/**
 * Records of another type that any saved record's form starts in a small dialog
 * (an area's `recordScreens.formQuickAdds`: Remind me). The dialog asks for a
 * few of that type's fields and creates it naming the record on the form (its
 * type id and id, in the two fields the quick add names), so the engine's create
 * decides everything: permissions, validation, the record's visibility. A form
 * offers it only to callers who may create that type, and never on records of
 * that type itself or on records that are themselves attached to another.
 */
import type { NodeOf } from "../../../schemas/descriptor/mod.ts";
import type { MembershipAccess } from "../../platform/access/access.ts";
import { authorize } from "../../platform/access/authorize.ts";
import type { RecordType } from "../../records/define.ts";
import { recordTypeMeta } from "../../records/type-meta.ts";
import { recordApi } from "./record-list-screen.ts";

/** A record of `type` started from any record's form. */
export interface RecordFormQuickAdd {
  /** snake_case, unique among the quick adds. */
  id: string;
  /** The button's and the dialog's title. */
  label: string;
  type: RecordType;
  /** The fields the dialog asks for, in order. */
  fields: readonly string[];
  /** The fields of `type` that name the record the form shows: its type id, and its id. */
  about: { type_field: string; id_field: string };
  /** What the toast says once it is created. */
  done: string;
}

type QuickAddNode = NonNullable<NodeOf<"record-form">["quickAdds"]>[number];

/** The quick adds the caller is offered on a saved record of `type`. */
export function quickAddsFor(
  type: RecordType,
  access: MembershipAccess,
  quickAdds: readonly RecordFormQuickAdd[],
): QuickAddNode[] {
  if (type.declaration.attached_to) return [];
  return quickAdds.filter((q) =>
    q.type.id !== type.id && authorize(access, q.type.module, "create")
  ).map((q) => ({
    id: q.id,
    label: q.label,
    api: recordApi(q.type),
    meta: recordTypeMeta(q.type, access),
    fields: [...q.fields],
    values: { [q.about.type_field]: type.id, [q.about.id_field]: { $param: "id" } },
    done: q.done,
  }));
}
