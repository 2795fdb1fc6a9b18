/**
 * A form's live field rules: `visible_if`, `required_if` and `read_only_if`
 * evaluated over the values being edited with the shared condition language, so
 * the form agrees with the server's checks. A condition that does not parse
 * leaves the field as declared (the server refuses such declarations anyway).
 */
import { conditionHolds } from "../../schemas/records/expression.ts";
import type { FieldMeta } from "../../schemas/records/meta.ts";

/** How a field stands given the current values. */
export interface FieldState {
  visible: boolean;
  required: boolean;
  readOnly: boolean;
}

/** Today's local date as `YYYY-MM-DD`, what `today()` means in the browser. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function holds(
  source: string | undefined,
  values: Readonly<Record<string, unknown>>,
  today: string,
  otherwise: boolean,
): boolean {
  if (source === undefined) return otherwise;
  try {
    return conditionHolds(source, values, { today });
  } catch {
    return otherwise;
  }
}

/** The state of `field` over `values`. */
export function fieldState(
  field: FieldMeta,
  values: Readonly<Record<string, unknown>>,
  readOnlyFields: ReadonlySet<string>,
  today: string,
): FieldState {
  return {
    visible: !field.hidden && holds(field.visible_if, values, today, true),
    required: field.required === true || holds(field.required_if, values, today, false),
    readOnly: field.read_only === true || field.computed === true ||
      field.fetch_from !== undefined || readOnlyFields.has(field.id) ||
      holds(field.read_only_if, values, today, false),
  };
}

/** True when a required field has no value. */
export function isEmptyValue(field: FieldMeta, value: unknown): boolean {
  if (field.type === "check") return false;
  if (field.type === "table") return !Array.isArray(value) || value.length === 0;
  return value === null || value === undefined || value === "";
}
