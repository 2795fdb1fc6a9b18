/**
 * How a new record carries its context. A list's New puts the values its records
 * are confined to in the new form's address (a project's Tasks panel lists that
 * project's tasks, so its New opens `/app/tasks/new?project=prj_1`); the form's
 * descriptor names which query parameters start which fields, and the form reads
 * them back typed by field. "Save and new" keeps what the records share.
 */
import type { FieldMeta, Filter, RecordTypeMeta } from "../../schemas/records/meta.ts";
import { formPathOf } from "./standard-fields.ts";

type Values = Record<string, unknown>;

/** Whether a person sets the field (so it may start from context and be kept). */
function settable(field: FieldMeta): boolean {
  return !field.read_only && !field.computed && !field.hidden && field.type !== "table" &&
    field.type !== "attach";
}

/**
 * The address of a new record of the list's type, carrying the values its `eq`
 * filters hold (relative values such as `@me` are left to the form's defaults).
 */
export function newRecordPath(meta: RecordTypeMeta, filters: readonly Filter[]): string {
  const fields = new Map(meta.fields.map((f) => [f.id, f]));
  const query = new URLSearchParams();
  for (const filter of filters) {
    const field = fields.get(filter.field);
    const value = filter.value;
    if (filter.op !== "eq" || field === undefined || !settable(field)) continue;
    if (typeof value === "string" && value !== "" && !value.startsWith("@")) {
      query.set(field.id, value);
    } else if (typeof value === "number" || typeof value === "boolean") {
      query.set(field.id, String(value));
    }
  }
  const path = formPathOf(meta, "new");
  const text = query.toString();
  return text === "" ? path : `${path}?${text}`;
}

/** A new record's starting values as their fields hold them (the address gives text). */
export function typedStartValues(meta: RecordTypeMeta, values: Values): Values {
  const fields = new Map(meta.fields.map((f) => [f.id, f]));
  const typed: Values = {};
  for (const [id, value] of Object.entries(values)) {
    const field = fields.get(id);
    if (field === undefined || typeof value !== "string") {
      typed[id] = value;
    } else if (["int", "float", "currency", "percent"].includes(field.type)) {
      const n = Number(value);
      if (value !== "" && Number.isFinite(n)) typed[id] = n;
    } else if (field.type === "check") {
      typed[id] = value === "1" || value === "true";
    } else {
      typed[id] = value;
    }
  }
  return typed;
}

/**
 * What "Save and new" keeps of the record just saved: the link fields the person
 * set (with their titles) and the values fetched through them (a client's payment
 * terms, which its invoice's due date follows), besides the values the form
 * started from.
 */
export function sharedValues(meta: RecordTypeMeta, edits: Values): Values {
  const kept: Values = {};
  for (const field of meta.fields) {
    if (field.type !== "link" || !settable(field) || !Object.hasOwn(edits, field.id)) continue;
    kept[field.id] = edits[field.id];
    const title = `${field.id}__title`;
    if (Object.hasOwn(edits, title)) kept[title] = edits[title];
    for (const fetched of meta.fields) {
      if (fetched.fetch_from?.startsWith(`${field.id}.`) && Object.hasOwn(edits, fetched.id)) {
        kept[fetched.id] = edits[fetched.id];
      }
    }
  }
  return kept;
}
