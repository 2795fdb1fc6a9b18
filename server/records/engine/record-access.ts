/**
 * What a caller may see of records: the one visibility decision that a record's
 * own GET takes and that every other read surface takes with it (lists, search,
 * exports, history, the audit log, comparisons, calendars, dashboards, live
 * events, files). A caller reads a record when
 * - they may read its type: its module is on and they hold `<module>.read`
 *   (client-portal users never read staff records through it);
 * - its type's own-record rule does not confine their role, or the record names
 *   them in one of the rule's fields (a member's own tasks and claims);
 * - it is attached to another record (a document), and they may read that one.
 * Of a record they read, the fields above their permission level are left out:
 * level-1 fields, of child rows too, need `<module>.level1`.
 *
 * The same rule is given three ways, so no surface has to restate it: on a loaded
 * record (`mayRead`, `visibleRecord`), as SQL over a table (`readableClause`) and
 * for many records at once by id (`readableIds`).
 */
import type { Queryable, SqlValue } from "../../db/database.ts";
import type { MembershipAccess } from "../../platform/access/access.ts";
import { authorize, requireAuthorized } from "../../platform/access/authorize.ts";
import { notFound } from "../../platform/errors/app-error.ts";
import type { RecordField, RecordType } from "../define.ts";
import type { RecordData } from "./record-rows.ts";

/** Where a decision that needs other records looks them up: the database and the declared types. */
export interface ReadContext {
  q: Queryable;
  types: ReadonlyMap<string, RecordType>;
}

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

/** Whether the caller may read records of the type at all. */
export function mayReadType(type: RecordType, access: MembershipAccess): boolean {
  return !access.user.is_client_portal_user && authorize(access, type.module, "read");
}

/**
 * Whether the caller may read every record of the type in their organisation (no
 * own-record rule confines them, nothing is attached): no record needs a look.
 */
export function readsEveryRecord(type: RecordType, access: MembershipAccess): boolean {
  return mayReadType(type, access) && !confiningColumns(type, access) &&
    !type.declaration.attached_to && !type.declaration.sharing;
}

/** Whether the caller sees a field of the type (a child table's field included). */
export function readsField(
  type: RecordType,
  access: MembershipAccess,
  field: RecordField,
): boolean {
  return field.level !== 1 || authorize(access, type.module, "level1");
}

/** The fields of the type the caller may not see: own fields, and child fields by table. */
function hiddenFields(type: RecordType, access: MembershipAccess) {
  const own = new Set<string>();
  const children = new Map<string, Set<string>>();
  for (const field of type.fields) {
    if (!readsField(type, access, field)) {
      own.add(field.id);
      continue;
    }
    const hidden = (field.childFields ?? []).filter((c) => !readsField(type, access, c));
    if (hidden.length > 0) children.set(field.id, new Set(hidden.map((c) => c.id)));
  }
  return { own, children };
}

/** The own-record rule's columns when it confines the caller's role; undefined otherwise. */
function confiningColumns(type: RecordType, access: MembershipAccess): string[] | undefined {
  const own = type.declaration.own_records;
  if (!own || !own.roles.includes(access.role)) return undefined;
  return own.fields.map((f) => type.field.get(f)?.column ?? f);
}

/**
 * Whether the caller may change the record (and read it): their role is not
 * confined to its own records of the type, or they own this one; a shared record
 * (`sharing`) only by its owner.
 */
export function mayReach(type: RecordType, access: MembershipAccess, record: RecordData): boolean {
  const sharing = type.declaration.sharing;
  if (sharing && record[sharing.owner] !== access.user.id) return false;
  const own = type.declaration.own_records;
  if (!own || !own.roles.includes(access.role)) return true;
  return own.fields.some((f) => record[f] === access.user.id);
}

/** Whether a shared record (`sharing`) is shared with the caller: everyone, or their role. */
export function sharedWith(
  type: RecordType,
  access: MembershipAccess,
  record: RecordData,
): boolean {
  const sharing = type.declaration.sharing;
  if (!sharing) return false;
  const mode = record[sharing.mode];
  if (mode === "organization") return true;
  const rows = record[sharing.roles];
  return mode === "roles" && Array.isArray(rows) &&
    rows.some((row) => (row as RecordData)?.role === access.role);
}

/** The condition under `alias` of the shared records the caller owns or is shared. */
function sharingClause(type: RecordType, access: MembershipAccess, alias: string) {
  const sharing = type.declaration.sharing;
  if (!sharing) return undefined;
  const column = (id: string) => type.field.get(id)?.column ?? id;
  const table = type.field.get(sharing.roles)!;
  const role = table.childFields!.find((c) => c.id === "role")!.column;
  const parent = table.child!.parent_column ?? "parent_id";
  const mode = `${alias}.${column(sharing.mode)}`;
  return {
    sql: `(${alias}.${column(sharing.owner)} = ? OR ${mode} = 'organization' OR (${mode} = 'roles'
      AND EXISTS (SELECT 1 FROM ${
      table.child!.table
    } s WHERE s.organization_id = ${alias}.organization_id
        AND s.${parent} = ${alias}.id AND s.${role} = ?)))`,
    params: [access.user.id, access.role],
  };
}

/** The record another one is attached to (a document's), when it names one. */
function attachedTarget(type: RecordType, record: RecordData) {
  const attached = type.declaration.attached_to;
  if (!attached) return undefined;
  const typeId = record[attached.type_field];
  if (typeof typeId !== "string" || typeId === "") return undefined;
  return { typeId, id: String(record[attached.id_field] ?? "") };
}

/**
 * Whether the caller may read this loaded record: its type, the own-record rule
 * and, for a record attached to another, that other record.
 */
export async function mayRead(
  context: ReadContext,
  access: MembershipAccess,
  type: RecordType,
  record: RecordData,
): Promise<boolean> {
  if (!mayReadType(type, access)) return false;
  if (!mayReach(type, access, record) && !sharedWith(type, access, record)) return false;
  const target = attachedTarget(type, record);
  if (!target) return true;
  const targetType = context.types.get(target.typeId);
  if (!targetType || targetType.declaration.attached_to) return false;
  return (await readableIds(context, access, targetType, [target.id])).size === 1;
}

/**
 * The record without what the caller may not see: fields above their level, of
 * its child rows too, with the titles of hidden links. Works on any object keyed
 * by field ids, so an audit entry's before and after values go through it too.
 */
export function visibleRecord(
  type: RecordType,
  access: MembershipAccess,
  record: RecordData,
): RecordData {
  const { own, children } = hiddenFields(type, access);
  if (own.size === 0 && children.size === 0) return record;
  const out = { ...record };
  for (const id of own) {
    delete out[id];
    delete out[`${id}__title`];
  }
  for (const [table, hidden] of children) {
    if (!Array.isArray(out[table])) continue;
    out[table] = (out[table] as unknown[]).map((row) => {
      if (typeof row !== "object" || row === null) return row;
      const shown = { ...row as RecordData };
      for (const id of hidden) {
        delete shown[id];
        delete shown[`${id}__title`];
      }
      return shown;
    });
  }
  return out;
}

/**
 * The condition (SQL over the type's table under `alias`) that keeps the rows the
 * caller may read: the organisation, the own-record rule and the records a row is
 * attached to. A type the caller may not read keeps nothing.
 */
export function readableClause(
  context: Pick<ReadContext, "types">,
  access: MembershipAccess,
  type: RecordType,
  alias = "t",
): { sql: string; params: SqlValue[] } {
  if (!mayReadType(type, access)) return { sql: "1 = 0", params: [] };
  const parts = [`${alias}.organization_id = ?`];
  const params: SqlValue[] = [access.organizationId];
  const columns = confiningColumns(type, access);
  if (columns) {
    parts.push(`(${columns.map((c) => `${alias}.${c} = ?`).join(" OR ")})`);
    for (const _ of columns) params.push(access.user.id);
  }
  const shared = sharingClause(type, access, alias);
  if (shared) {
    parts.push(shared.sql);
    params.push(...shared.params);
  }
  const attached = type.declaration.attached_to;
  if (attached) {
    const typeColumn = `${alias}.${
      type.field.get(attached.type_field)?.column ?? attached.type_field
    }`;
    const idColumn = `${alias}.${type.field.get(attached.id_field)?.column ?? attached.id_field}`;
    const ways = [`${typeColumn} = ''`];
    for (const target of targetTypes(context, access)) {
      const confined = confiningColumns(target, access);
      if (!confined) {
        ways.push(`${typeColumn} = ?`);
        params.push(target.id);
        continue;
      }
      ways.push(
        `(${typeColumn} = ? AND ${idColumn} IN (SELECT a.id FROM ${target.table} a
           WHERE a.organization_id = ? AND (${confined.map((c) => `a.${c} = ?`).join(" OR ")})))`,
      );
      params.push(target.id, access.organizationId, ...confined.map(() => access.user.id));
    }
    parts.push(`(${ways.join(" OR ")})`);
  }
  return { sql: parts.join(" AND "), params };
}

/** The types a record may be attached to that the caller may read. */
function targetTypes(context: Pick<ReadContext, "types">, access: MembershipAccess) {
  return [...context.types.values()].filter((t) =>
    !t.declaration.attached_to && mayReadType(t, access)
  );
}

/** Most ids one query asks about. */
const IDS_PER_QUERY = 500;

/** Of `ids` of records of the type, those the caller may read (one query per 500; none when the type is closed to them). */
export async function readableIds(
  context: ReadContext,
  access: MembershipAccess,
  type: RecordType,
  ids: readonly string[],
): Promise<Set<string>> {
  const wanted = [...new Set(ids)];
  const readable = new Set<string>();
  if (wanted.length === 0 || !mayReadType(type, access)) return readable;
  const where = readableClause(context, access, type);
  for (let at = 0; at < wanted.length; at += IDS_PER_QUERY) {
    const chunk = wanted.slice(at, at + IDS_PER_QUERY);
    const rows = await context.q.all<{ id: string }>(
      `SELECT t.id FROM ${type.table} t WHERE ${where.sql} AND t.id IN (${
        chunk.map(() => "?").join(", ")
      })`,
      [...where.params, ...chunk],
    );
    for (const row of rows) readable.add(row.id);
  }
  return readable;
}

/**
 * Of rows that stand for records of the type (a project's tasks in a module's
 * answer, a version's copies of them), those whose record the caller may read.
 * Without an own-record rule or attachment in the way no query is made.
 */
export async function readableRows<T>(
  context: ReadContext,
  access: MembershipAccess,
  type: RecordType,
  rows: readonly T[],
  idOf: (row: T) => string,
): Promise<T[]> {
  if (!mayReadType(type, access)) return [];
  if (readsEveryRecord(type, access)) return [...rows];
  const readable = await readableIds(context, access, type, rows.map(idOf));
  return rows.filter((row) => readable.has(idOf(row)));
}
