/**
 * Values the code sets on a record, not the caller: a controller's derived values,
 * a credit note's return marks, an action's effects. They skip the caller's
 * checks (read-only fields included) but are stored, noted as changes and audited
 * like any other, through one conversion: by column, flags as 1 and 0.
 */
import type { SqlValue } from "../../db/database.ts";
import type { RecordType } from "../define.ts";
import type { RecordData } from "./record-rows.ts";
import type { ValidatedRecord } from "./validate-record.ts";

/** A value as its column stores it: flags as 1 and 0. */
export function storedValue(value: unknown): SqlValue {
  return (value === true ? 1 : value === false ? 0 : value) as SqlValue;
}

/** Values by column, flags as 1 and 0; table fields and fields the type lacks left out. */
export function storedColumns(
  type: RecordType,
  values: Record<string, unknown> | undefined,
): Record<string, SqlValue> {
  const stored: Record<string, SqlValue> = {};
  for (const [id, value] of Object.entries(values ?? {})) {
    const field = type.field.get(id);
    if (!field || field.type === "table") continue;
    stored[field.column] = storedValue(value);
  }
  return stored;
}

/**
 * Sets the code's values on a validated record: its columns, its values, and a
 * change for each that differs from `before` (a new record's are all changes). A
 * field the type lacks is an error of the code (`unknown: "throw"`), or passed
 * over (`"skip"`: an action's values may name more than the type stores).
 */
export function setTrustedValues(
  type: RecordType,
  checked: ValidatedRecord,
  values: Record<string, unknown>,
  options: { before?: RecordData; unknown: "throw" | "skip" },
): void {
  for (const [key, value] of Object.entries(values)) {
    const field = type.field.get(key);
    if (!field) {
      if (options.unknown === "skip") continue;
      throw new Error(`Record type "${type.id}" has no field "${key}"`);
    }
    // A table's rows are checked and stored as its declaration says (validate-record.ts).
    if (field.type === "table") continue;
    checked.columns.set(field.column, storedValue(value));
    const from = options.before?.[key] ?? null;
    if (!options.before || JSON.stringify(options.before[key]) !== JSON.stringify(value)) {
      checked.changes.push({ field: key, from, to: value });
    }
    checked.values[key] = value;
  }
}
