/**
 * Checks what a caller sends for a record against its type, all at once: unknown
 * fields, fields the caller may not change (derived ones, and those the record's
 * state holds: state-locks.ts), each value's type and bounds, select options
 * (declared or from the organisation's type masters), links to records that exist
 * in the caller's organisation, child rows, then fills defaults, fetched values,
 * defaults from formulas (default-formulas.ts) and computed values and checks what
 * is required. Every failing field is reported together, under its path (child
 * rows as `lines[2].amount`) and in the user's words ("Line 3: Amount must be at
 * least 0.01", field-problems.ts); a change the record's state does not allow is
 * refused first, with the state's reason (409).
 */
import type { Queryable, SqlValue } from "../../db/database.ts";
import type { MembershipAccess } from "../../platform/access/access.ts";
import { authorize } from "../../platform/access/authorize.ts";
import type { RecordField, RecordType } from "../define.ts";
import { checkFieldValue, emptyStored, isCalendarDate, isEmpty } from "./field-values.ts";
import { fromColumn, type RecordData } from "./record-rows.ts";
import { storageClass } from "./table-ddl.ts";
import { conditionHolds, evaluateComputed } from "./conditions.ts";
import { uniqueKeyClashes } from "./unique-keys.ts";
import { roundHalfAway } from "../../../schemas/money/rounding.ts";
import { invalidFields, lockedByState } from "./field-problems.ts";
import type { StateLock } from "./state-locks.ts";
import { fillDefaultFormulas } from "./default-formulas.ts";
import { checkOptionPermissions } from "./option-permissions.ts";
import { optionMap, selectOptions } from "./select-options.ts";
import { checkLinks, fillFetched, fillFetchedOf, linkExists } from "./record-links.ts";
import {
  fetchedUnchanged,
  type FetchMemo,
  keepsUnchangedRows,
  rowUnchanged,
} from "./unchanged-rows.ts";

/** What validation gives a write: the merged record and what to store. */
export interface ValidatedRecord {
  /** The record's values by field id after the change (children included when known). */
  values: RecordData;
  /** Own-table columns to write, with their stored values. */
  columns: Map<string, SqlValue>;
  /** Child rows to store, by table field id (only tables that were sent or computed). */
  children: Map<string, Record<string, SqlValue>[]>;
  /**
   * On an update, by table field id: the rows sent back unchanged (their stored
   * row holds only the id; unchanged-rows.ts) and the ids of the rows stored before.
   */
  keptRows: Map<string, KeptRows>;
  /** Fields whose value changed: from and to as the API shows them. */
  changes: { field: string; from: unknown; to: unknown }[];
}

/**
 * A table's rows kept as stored by an update, and the rows it had. It applies to
 * the very rows validation made (`rows`): a controller that sets a table's rows
 * anew has them written whole.
 */
export interface KeptRows {
  rows: readonly Record<string, SqlValue>[];
  /** Positions in the sent rows of those kept as stored. */
  kept: ReadonlySet<number>;
  /** The ids of the rows stored before, in their order. */
  previous: readonly string[];
}

/** Where validation runs and for whom. */
export interface ValidationScope {
  q: Queryable;
  access: MembershipAccess;
  type: RecordType;
  /** The stored record (with children) on update; absent on create. */
  existing?: RecordData;
  now: string;
  findType(id: string): RecordType | undefined;
  /** Every declared type (which records hold a file, file-access.ts). */
  types: ReadonlyMap<string, RecordType>;
  /** What the record's state does not let change (state-locks.ts); absent for trusted writes. */
  lock?: StateLock;
  /** Values the code sets, not the caller's: level-1 fields are the code's to set too. */
  trusted?: boolean;
  /** A restore: table rows keep the ids and read-only values they are sent with. */
  restoring?: boolean;
}

/** Validates `input` for a create (no `existing`) or an update; throws 400 naming every bad field. */
export async function validateRecord(
  scope: ValidationScope,
  input: Record<string, unknown>,
): Promise<ValidatedRecord> {
  const { type, access, existing } = scope;
  const errors: Record<string, string> = {};
  // Changes the record's state does not allow, refused before anything else.
  const locked: Record<string, string> = {};
  const level1 = scope.trusted || authorize(access, type.module, "level1");
  const values: RecordData = existing ? { ...existing } : {};
  const sent = new Set<string>();

  for (const [key, value] of Object.entries(input)) {
    const field = type.field.get(key);
    if (!field || (field.level === 1 && !level1)) {
      errors[key] = "Unknown field";
      continue;
    }
    // A read-only table is the code's to write (trusted): a proposal's sent revisions.
    const derived = (field.read_only && !scope.trusted) || field.computed || fetchedAlways(field);
    if (derived || scope.lock?.fields.has(key)) {
      if (!sameValue(field, values[key], value)) {
        (derived ? errors : locked)[key] = "Cannot be changed";
      }
      continue;
    }
    sent.add(key);
    values[key] = await declaredDefault(field, value, scope);
  }
  if (!scope.trusted) checkOptionPermissions(access, type, { sent, values, existing });
  if (!existing) {
    for (const field of type.fields) {
      if (sent.has(field.id) || field.type === "table") continue;
      values[field.id] = field.default === undefined
        ? (field.type === "check" ? false : null)
        : await defaultValue(field.default, scope);
    }
  }
  // What the caller left empty, before conversion turns an empty number into 0.
  const leftEmpty = new Set(type.fields.filter((f) => isEmpty(values[f.id])).map((f) => f.id));

  const columns = new Map<string, SqlValue>();
  const children = new Map<string, Record<string, SqlValue>[]>();
  const keptRows = new Map<string, KeptRows>();
  for (const field of type.fields) {
    if (field.type === "table") {
      if (!sent.has(field.id)) continue;
      const rows = await checkChildRows(scope, field, values[field.id], errors, locked);
      if (rows) {
        children.set(field.id, rows.stored);
        if (existing) {
          keptRows.set(field.id, { rows: rows.stored, kept: rows.kept, previous: rows.previous });
        }
        values[field.id] = rows.shown;
      } else values[field.id] = [];
      continue;
    }
    if (!sent.has(field.id) && existing) continue;
    if (field.computed || fetchedAlways(field)) continue;
    const options = field.type === "select" && !isEmpty(values[field.id])
      ? optionMap(await selectOptions(scope.q, access.organizationId, field))
      : undefined;
    const checked = checkFieldValue(field, values[field.id], options);
    if (!checked.ok) {
      errors[field.id] = checked.message;
      // A refused value takes no part in what follows (links, fetched and computed values),
      // which read only values of their field's shape.
      values[field.id] = null;
      continue;
    }
    columns.set(field.column, checked.value);
    values[field.id] = fromColumn(field, checked.value);
  }

  await checkLinks(scope, type.fields, values, errors, "");
  await checkAttachedTo(scope, values, errors);
  await checkUnique(scope, columns, errors);
  await fillFetched(scope, values, columns, leftEmpty);
  const waiting = fillDefaultFormulas(type, { values, columns, leftEmpty, errors, now: scope.now });
  fillComputed(type, values, columns);

  for (const field of type.fields) {
    if (field.level === 1 && !level1) continue;
    if (!conditionHolds(field.visible_if, values, scope.now, true)) continue;
    const required = field.required || conditionHolds(field.required_if, values, scope.now, false);
    if (!required || errors[field.id] || waiting.has(field.id)) continue;
    const value = values[field.id];
    if (isEmpty(value) || (field.type === "table" && Array.isArray(value) && value.length === 0)) {
      errors[field.id] = "Required";
    }
  }
  if (Object.keys(locked).length > 0) throw lockedByState(type, scope.lock!.reason, locked);
  if (Object.keys(errors).length > 0) throw invalidFields(type, errors);

  const changes: ValidatedRecord["changes"] = [];
  for (const field of type.fields) {
    const before = existing ? existing[field.id] : undefined;
    const after = values[field.id];
    if (field.type === "table") {
      if (!children.has(field.id) || keptAsTheyWere(keptRows.get(field.id), after)) continue;
      if (JSON.stringify(before ?? []) !== JSON.stringify(after ?? [])) {
        changes.push({ field: field.id, from: before ?? [], to: after });
      }
      continue;
    }
    if (!sameValue(field, before, after)) {
      if (!existing && isEmpty(after)) continue;
      changes.push({ field: field.id, from: before ?? null, to: after ?? null });
    }
  }
  return { values, columns, children, keptRows, changes };
}

/** Every row sent back unchanged, in the order stored: the table did not change. */
function keptAsTheyWere(rows: KeptRows | undefined, after: unknown): boolean {
  return !!rows && Array.isArray(after) && rows.kept.size === after.length &&
    after.length === rows.previous.length && after.every((row, i) => row.id === rows.previous[i]);
}

function sameValue(field: RecordField, a: unknown, b: unknown): boolean {
  if (isEmpty(a) && isEmpty(b)) return true;
  if (field.type === "check") return Boolean(a) === Boolean(b);
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A fetched field the caller never sets (not `fetch_if_empty`). */
function fetchedAlways(field: RecordField): boolean {
  return !!field.fetch_from && !field.fetch_if_empty;
}

/**
 * A form sends a new record's (or row's) defaults as they are declared (`@today`,
 * `@me`…): sent for the field they are the default of, they mean what they mean as
 * defaults.
 */
async function declaredDefault(
  field: RecordField,
  value: unknown,
  scope: ValidationScope,
): Promise<unknown> {
  const token = typeof value === "string" && value.startsWith("@") && value === field.default;
  return token ? await defaultValue(value, scope) : value;
}

/** A new row's value of a field it was not sent: the declared default, if any. */
async function startValue(field: RecordField, scope: ValidationScope): Promise<unknown> {
  return field.default === undefined ? undefined : await defaultValue(field.default, scope);
}

/** A link's title (`<link>__title`), which a record read carries and a form may send back. */
function isLinkTitle(fields: ReadonlyMap<string, RecordField>, key: string): boolean {
  return key.endsWith("__title") && fields.get(key.slice(0, -"__title".length))?.type === "link";
}

async function defaultValue(
  value: string | number | boolean,
  scope: ValidationScope,
): Promise<unknown> {
  const setting = typeof value === "string" && /^@organization\.([a-z_]+)$/.exec(value);
  if (setting) {
    const row = await scope.q.get<{ v: unknown }>(
      `SELECT ${setting[1]} AS v FROM organizations WHERE id = ?`,
      [scope.access.organizationId],
    );
    return row?.v ?? null;
  }
  if (value === "@today") return scope.now.slice(0, 10);
  if (value === "@now") return scope.now;
  if (value === "@me") return scope.access.user.id;
  return value;
}

async function checkChildRows(
  scope: ValidationScope,
  field: RecordField,
  value: unknown,
  errors: Record<string, string>,
  locked: Record<string, string>,
): Promise<
  | {
    stored: Record<string, SqlValue>[];
    shown: RecordData[];
    kept: Set<number>;
    previous: string[];
  }
  | null
> {
  const childFields = field.childFields ?? [];
  const max = field.child?.max_rows ?? 5_000;
  if (value === null || value === undefined) value = [];
  if (!Array.isArray(value)) {
    errors[field.id] = "Must be a list of rows";
    return null;
  }
  if (value.length > max) {
    errors[field.id] = `Must have at most ${max} rows`;
    return null;
  }
  const stored: Record<string, SqlValue>[] = [];
  const shown: RecordData[] = [];
  const emptied: Set<string>[] = [];
  const kept = new Set<number>();
  const keeps = !scope.restoring && keepsUnchangedRows(field);
  const fetched: FetchMemo = new Map();
  // A caller without level 1 neither sends nor loses level-1 values: a row sent with
  // its id keeps what it held there, a new row starts empty.
  const hidden = scope.trusted || authorize(scope.access, scope.type.module, "level1")
    ? new Set<string>()
    : new Set(childFields.filter((c) => c.level === 1).map((c) => c.id));
  const before = new Map(
    ((scope.existing?.[field.id] ?? []) as RecordData[]).map((r) => [r.id as string, r]),
  );
  const byId = new Map(childFields.filter((c) => !hidden.has(c.id)).map((c) => [c.id, c]));
  // What a sent row sets: not computed or always fetched, not hidden from the caller,
  // not read-only (unless the code's own write sends it).
  const settableBy = (row: object) => (c: RecordField) =>
    !c.computed && !fetchedAlways(c) && !hidden.has(c.id) &&
    !(c.read_only && !(scope.trusted && Object.hasOwn(row, c.id)));
  const optionsOf = new Map<string, ReadonlyMap<string, string>>();
  for (const c of childFields) {
    if (c.type === "select") {
      optionsOf.set(c.id, optionMap(await selectOptions(scope.q, scope.access.organizationId, c)));
    }
  }
  for (const [index, row] of value.entries()) {
    const at = `${field.id}[${index}]`;
    if (typeof row !== "object" || row === null || Array.isArray(row)) {
      errors[at] = "Must be a row of values";
      continue;
    }
    const storedRow: Record<string, SqlValue> = {};
    const shownRow: RecordData = {};
    for (const key of Object.keys(row)) {
      if (key !== "id" && !byId.has(key) && !isLinkTitle(byId, key)) {
        errors[`${at}.${key}`] = "Unknown field";
      }
    }
    const rowId = (row as RecordData).id;
    if (rowId !== undefined && (typeof rowId !== "string" || rowId.length > 64)) {
      errors[`${at}.id`] = "Must be the id of a stored row";
    }
    const was = typeof rowId === "string" ? before.get(rowId) : undefined;
    if (
      was && keeps && rowUnchanged(childFields, row as RecordData, was, settableBy(row)) &&
      await fetchedUnchanged(scope, childFields, was, fetched)
    ) {
      // Sent back as stored: kept, neither checked again nor written.
      const keptRow: RecordData = { id: rowId };
      for (const c of childFields) if (storageClass(c)) keptRow[c.id] = was[c.id];
      stored.push({ id: rowId as string });
      shown.push(keptRow);
      emptied.push(new Set());
      kept.add(index);
      continue;
    }
    if (typeof rowId === "string" && (was || scope.restoring)) {
      shownRow.id = rowId;
      storedRow.id = rowId;
    }
    const rowEmpty = new Set<string>();
    for (const c of childFields) {
      if (!storageClass(c)) continue;
      let raw: unknown;
      if (c.computed || fetchedAlways(c)) {
        // Computed and always-fetched values are the server's: what was sent for them is ignored.
        raw = undefined;
      } else if (
        hidden.has(c.id) ||
        (c.read_only && !scope.restoring && !(scope.trusted && Object.hasOwn(row, c.id)))
      ) {
        // Not the caller's to set: a stored row keeps its value; a new row starts empty
        // (level 1) or with the declared default (read-only). The code's own writes
        // (trusted) set a read-only column they send.
        raw = was ? was[c.id] : hidden.has(c.id) ? undefined : await startValue(c, scope);
      } else if (!was && !Object.hasOwn(row, c.id)) {
        // A new row's value left out takes the field's declared default.
        raw = await startValue(c, scope);
      } else raw = await declaredDefault(c, (row as RecordData)[c.id], scope);
      if (isEmpty(raw)) rowEmpty.add(c.id);
      const checked = checkFieldValue(c, raw, optionsOf.get(c.id));
      if (!checked.ok) {
        errors[`${at}.${c.id}`] = checked.message;
        continue;
      }
      if (c.required && isEmpty(raw) && !hidden.has(c.id)) errors[`${at}.${c.id}`] = "Required";
      storedRow[c.column] = checked.value;
      shownRow[c.id] = fromColumn(c, checked.value);
    }
    stored.push(storedRow);
    shown.push(shownRow);
    emptied.push(rowEmpty);
  }
  const open = scope.lock?.openColumns.get(field.id);
  if (open) checkOpenColumns({ field, open, before, hidden }, shown, locked);
  for (const [index, row] of shown.entries()) {
    if (kept.has(index)) continue;
    await checkLinks(scope, childFields, row, errors, `${field.id}[${index}].`);
  }
  for (const [index, row] of shown.entries()) {
    if (kept.has(index)) continue;
    const columns = new Map<string, SqlValue>();
    await fillFetchedOf(scope, childFields, row, columns, emptied[index]);
    fillComputedOf(childFields, row, columns, scope.now);
    for (const [column, value] of columns) stored[index][column] = value;
  }
  return { stored, shown, kept, previous: [...before.keys()] };
}

/**
 * A table of which the record's state lets only some columns change: its rows are
 * the stored ones, in order, and their other columns keep their values.
 */
function checkOpenColumns(
  table: {
    field: RecordField;
    open: ReadonlySet<string>;
    before: ReadonlyMap<string, RecordData>;
    hidden: ReadonlySet<string>;
  },
  shown: readonly RecordData[],
  locked: Record<string, string>,
): void {
  const { field, open, before, hidden } = table;
  const ids = shown.map((row) => row.id).filter((id) => typeof id === "string");
  if (ids.length !== shown.length || new Set(ids).size !== before.size) {
    locked[field.id] = "Cannot have rows added or removed";
  }
  for (const [index, row] of shown.entries()) {
    const old = before.get(row.id as string);
    if (!old) continue;
    for (const c of field.childFields ?? []) {
      if (open.has(c.id) || hidden.has(c.id) || c.computed || fetchedAlways(c)) continue;
      if (!storageClass(c) || sameValue(c, old[c.id], row[c.id])) continue;
      locked[`${field.id}[${index}].${c.id}`] = "Cannot be changed";
    }
  }
}

/** A computed value as stored: numbers at the field's precision, dates as dates, else empty. */
function computedStored(field: RecordField, value: unknown): SqlValue {
  if (typeof value === "number" && Number.isFinite(value)) {
    return field.type === "int" ? Math.round(value) : roundHalfAway(value, field.precision ?? 2);
  }
  if (field.type === "date" && typeof value === "string" && isCalendarDate(value)) return value;
  return emptyStored(field);
}

/** A child row's computed expressions, in declared order over the row's values. */
function fillComputedOf(
  fields: readonly RecordField[],
  values: RecordData,
  columns: Map<string, SqlValue>,
  now: string,
): void {
  for (const field of fields) {
    const computed = field.computed;
    if (!computed || !("expression" in computed)) continue;
    const stored = computedStored(field, evaluateComputed(computed.expression, values, now));
    columns.set(field.column, stored);
    values[field.id] = fromColumn(field, stored);
  }
}

function fillComputed(type: RecordType, values: RecordData, columns: Map<string, SqlValue>): void {
  for (const field of type.fields) {
    const computed = field.computed;
    if (!computed || !("sum" in computed)) continue;
    const [tableId, childId] = computed.sum.split(".");
    const rows = values[tableId];
    let total = 0;
    if (Array.isArray(rows)) { for (const row of rows) total += Number(row[childId] ?? 0) || 0; }
    const value = roundHalfAway(total, field.precision ?? 2);
    columns.set(field.column, value);
    values[field.id] = value;
  }
  for (const field of type.fields) {
    const computed = field.computed;
    if (!computed || !("expression" in computed)) continue;
    const stored = computedStored(field, evaluateComputed(computed.expression, values));
    columns.set(field.column, stored);
    values[field.id] = fromColumn(field, stored);
  }
}

/** A record attached to another (a document) names a record type and a record the caller may read. */
async function checkAttachedTo(
  scope: ValidationScope,
  values: RecordData,
  errors: Record<string, string>,
): Promise<void> {
  const attached = scope.type.declaration.attached_to;
  if (!attached) return;
  const typeId = values[attached.type_field];
  const id = values[attached.id_field];
  if (isEmpty(typeId)) return;
  const target = scope.findType(String(typeId));
  if (!target || !authorize(scope.access, target.module, "read")) {
    errors[attached.type_field] = "Must be a record type you may read";
    return;
  }
  if (!isEmpty(id) && !(await linkExists(scope, target.id, String(id)))) {
    errors[attached.id_field] = `Must be an existing ${target.declaration.label.toLowerCase()}`;
  }
}

/** A unique key's new values are not another record's in the organisation. */
async function checkUnique(
  scope: ValidationScope,
  columns: ReadonlyMap<string, SqlValue>,
  errors: Record<string, string>,
): Promise<void> {
  const clashes = await uniqueKeyClashes(
    scope.q,
    scope.type,
    { organizationId: scope.access.organizationId, id: scope.existing?.id as string | undefined },
    columns,
    (field) => field.id in errors,
  );
  Object.assign(errors, clashes);
}
