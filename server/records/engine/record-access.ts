/**
 * What a caller may see of a record type: the type itself (its module switched on
 * and the action permitted), which records (own-record rules) and which fields
 * (permission levels).
 */
import type { MembershipAccess } from "../../platform/access/access.ts";
import { authorize, requireAuthorized } from "../../platform/access/authorize.ts";
import { notFound } from "../../platform/errors/app-error.ts";
import type { RecordType } from "../define.ts";
import type { RecordData } from "./record-rows.ts";

/** The type with this id after checking the caller may take `action` on it; 404 for an unknown type. */
export function typeFor(
  types: ReadonlyMap<string, RecordType>,
  access: MembershipAccess,
  typeId: string,
  action: string,
): RecordType {
  const type = types.get(typeId);
  if (!type) throw notFound(`Record type "${typeId}"`);
  requireAuthorized(access, type.module, action);
  return type;
}

/** Whether the caller's role is confined to its own records of the type, and they own this one. */
export function mayReach(type: RecordType, access: MembershipAccess, record: RecordData): boolean {
  const own = type.declaration.own_records;
  if (!own || !own.roles.includes(access.role)) return true;
  return own.fields.some((f) => record[f] === access.user.id);
}

/** The record without the fields the caller may not see (level 1 without the level). */
export function visibleRecord(
  type: RecordType,
  access: MembershipAccess,
  record: RecordData,
): RecordData {
  if (authorize(access, type.module, "level1")) return record;
  const out = { ...record };
  for (const field of type.fields) {
    if (field.level === 1) {
      delete out[field.id];
      delete out[`${field.id}__title`];
      continue;
    }
    // Level-1 fields of child rows (a project team's hourly rates) are hidden too.
    const hidden = (field.childFields ?? []).filter((c) => c.level === 1);
    if (hidden.length === 0 || !Array.isArray(out[field.id])) continue;
    out[field.id] = (out[field.id] as RecordData[]).map((row) => {
      const shown = { ...row };
      for (const c of hidden) {
        delete shown[c.id];
        delete shown[`${c.id}__title`];
      }
      return shown;
    });
  }
  return out;
}
