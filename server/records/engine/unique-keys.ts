/**
 * A record type's unique keys (a `unique` field alone, or a `unique_together`
 * set such as a type master's list and code): a second record of the organisation
 * with the same values is refused with 400 naming the key's last field, never a
 * database error. Validation asks before writing (so every failing field is named
 * at once); when two writers pass that check together, the unique index refuses
 * one of them and `duplicateFromViolation` gives that refusal the same answer.
 */
import type { Queryable, SqlValue } from "../../db/database.ts";
import { uniqueViolationColumns } from "../../db/constraint-errors.ts";
import type { AppError } from "../../platform/errors/app-error.ts";
import { invalidFields } from "./field-problems.ts";
import type { RecordField, RecordType } from "../define.ts";

/** The field a key's refusal is named at: its last. */
export function keyField(key: readonly RecordField[]): RecordField {
  return key[key.length - 1];
}

/** What a caller is told, at the key's field, when another record holds the key's values. */
export function duplicateMessage(type: RecordType, key: readonly RecordField[]): string {
  const what = type.declaration.label.toLowerCase();
  if (key.length === 1) return `Is already used by another ${what}`;
  const others = key.slice(0, -1).map((f) => f.label.toLowerCase()).join(" and ");
  return `Is already used by another ${what} with this ${others}`;
}

const isEmptyStored = (value: SqlValue | undefined) =>
  value === undefined || value === null || value === "";

/**
 * Field id → message for each key whose new values another record of the
 * organisation holds. `columns` are the values being written; a key's other
 * columns are the record's stored ones (`id`, on update). Keys with an empty value
 * are left alone, as a `unique` field left empty is.
 */
export async function uniqueKeyClashes(
  q: Queryable,
  type: RecordType,
  target: { organizationId: string; id?: string },
  columns: ReadonlyMap<string, SqlValue>,
  skip: (field: RecordField) => boolean = () => false,
): Promise<Record<string, string>> {
  const clashes: Record<string, string> = {};
  for (const key of type.uniqueKeys) {
    const field = keyField(key);
    if (skip(field) || !key.some((f) => columns.has(f.column))) continue;
    if (key.some((f) => columns.has(f.column) && isEmptyStored(columns.get(f.column)))) continue;
    if (!target.id && key.some((f) => !columns.has(f.column))) continue;
    const conditions: string[] = [];
    const params: SqlValue[] = [target.organizationId, target.id ?? ""];
    for (const f of key) {
      if (columns.has(f.column)) {
        conditions.push(`other.${f.column} = ?`);
        params.push(columns.get(f.column)!);
      } else {
        conditions.push(
          `other.${f.column} = (SELECT me.${f.column} FROM ${type.table} me WHERE me.id = ?)`,
        );
        params.push(target.id!);
      }
    }
    const taken = await q.get(
      `SELECT 1 AS found FROM ${type.table} other
       WHERE other.organization_id = ? AND other.id <> ? AND ${conditions.join(" AND ")}`,
      params,
    );
    if (taken) clashes[field.id] = duplicateMessage(type, key);
  }
  return clashes;
}

/**
 * The 400 a unique index's refusal of a record's row stands for, naming the key's
 * field; undefined when the error is not a refusal of one of the type's keys.
 */
export function duplicateFromViolation(type: RecordType, error: unknown): AppError | undefined {
  const violated = uniqueViolationColumns(error, type.table);
  if (!violated) return undefined;
  const columns = violated.filter((c) => c !== "organization_id");
  const key = type.uniqueKeys.find((k) =>
    k.length === columns.length && k.every((f) => columns.includes(f.column))
  );
  if (!key) return undefined;
  return invalidFields(type, { [keyField(key).id]: duplicateMessage(type, key) });
}
