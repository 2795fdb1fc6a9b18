/**
 * The records an action made besides changing its own (a lead's conversion makes
 * a client, an amendment a new draft): its answer names each by its type, title
 * and, when the caller may open it, where its form is, so the result can say
 * "Lead converted — client Fabrikam created" with a link.
 */
import type { MembershipAccess } from "../../platform/access/access.ts";
import { authorize } from "../../platform/access/authorize.ts";
import type { RecordType } from "../define.ts";
import type { RecordData } from "./record-rows.ts";

/** A record an action made, as the engine has it. */
export interface MadeRecord {
  type: RecordType;
  record: RecordData;
}

/** A made record as the action's answer names it. */
export interface MadeRecordRef {
  type: string;
  /** The type's label ("Client"). */
  label: string;
  id: string;
  title: string;
  /** The record's form under /app, when the caller may read the type. */
  path?: string;
}

/** How the answer names `made` for the caller. */
export function madeRecordRef(made: MadeRecord, access: MembershipAccess): MadeRecordRef {
  const { type, record } = made;
  const declaration = type.declaration;
  const id = String(record.id);
  // Its title where it has one, else its number (a payment without a reference).
  const title = record[declaration.title_field] || record.name || id;
  const route = declaration.form_route ?? `${type.module}/:id`;
  return {
    type: type.id,
    label: declaration.label,
    id,
    title: String(title),
    ...(authorize(access, type.module, "read")
      ? { path: `/app/${route}`.replace(":id", encodeURIComponent(id)) }
      : {}),
  };
}
