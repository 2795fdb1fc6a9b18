/**
 * One field's value as sent by a caller, checked and converted to what is stored:
 * the type, the length, the bounds, the precision and the options. Returns the
 * stored value, or the message saying what is wrong (named at the field by the
 * caller of this).
 */
import type { SqlValue } from "../../db/database.ts";
import type { RecordField } from "../define.ts";
import { nameTextProblem } from "../../../schemas/api/name-text.ts";
import { roundHalfAway } from "../../../schemas/money/rounding.ts";

/** A checked value, or why it is refused. */
export type Checked = { ok: true; value: SqlValue } | { ok: false; message: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const URL_PATTERN = /^https?:\/\/[^\s]+$/i;
const PHONE = /^[+()0-9 .\-/]{3,40}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Options as a refusal names them: the first few, then how many more. */
function namedOptions(names: readonly string[]): string {
  const more = names.length - OPTIONS_NAMED;
  return more > 0
    ? `${names.slice(0, OPTIONS_NAMED).join(", ")} and ${more} more`
    : names.join(", ");
}

/** Whether a sent value means "empty". */
export function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === "";
}

/** The stored form of an empty value of the field ('' for text, 0 for numbers and flags, NULL for links and dates). */
export function emptyStored(field: RecordField): SqlValue {
  switch (field.type) {
    case "int":
    case "check":
    case "float":
    case "currency":
    case "percent":
      return 0;
    case "link":
    case "date":
    case "datetime":
      return null;
    default:
      return "";
  }
}

/** Whether a calendar date `YYYY-MM-DD` exists. */
export function isCalendarDate(day: string): boolean {
  if (!DATE.test(day)) return false;
  const ms = Date.parse(`${day}T00:00:00.000Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === day;
}

/** Most options a refusal lists by name. */
const OPTIONS_NAMED = 10;

/** Checks one value against its field; `options` are a select's allowed values and their labels. */
export function checkFieldValue(
  field: RecordField,
  value: unknown,
  options?: ReadonlyMap<string, string>,
): Checked {
  if (isEmpty(value)) return { ok: true, value: emptyStored(field) };
  switch (field.type) {
    case "data":
    case "long_text":
    case "email":
    case "phone":
    case "url":
    case "attach":
    case "select": {
      if (typeof value !== "string") return { ok: false, message: "Must be text" };
      const text = field.type === "long_text" ? value : value.trim();
      if (field.max_length && text.length > field.max_length) {
        return { ok: false, message: `Must be at most ${field.max_length} characters` };
      }
      const notName = field.is_name ? nameTextProblem(text) : undefined;
      if (notName) return { ok: false, message: notName };
      if (field.type === "email" && !EMAIL.test(text)) {
        return { ok: false, message: "Must be an email address" };
      }
      if (field.type === "url" && !URL_PATTERN.test(text)) {
        return { ok: false, message: "Must be a web address starting with http:// or https://" };
      }
      if (field.type === "phone" && !PHONE.test(text)) {
        return { ok: false, message: "Must be a phone number" };
      }
      if (field.type === "select" && options && !options.has(text)) {
        return { ok: false, message: `Must be one of: ${namedOptions([...options.values()])}` };
      }
      return { ok: true, value: text };
    }
    case "int":
    case "float":
    case "currency":
    case "percent": {
      if (typeof value !== "number" || !Number.isFinite(value)) {
        return { ok: false, message: "Must be a number" };
      }
      if (field.type === "int" && !Number.isInteger(value)) {
        return { ok: false, message: "Must be a whole number" };
      }
      if (Math.abs(value) > 1e15) return { ok: false, message: "Is too large" };
      if (field.min !== undefined && value < field.min) {
        return { ok: false, message: `Must be at least ${field.min}` };
      }
      if (field.max !== undefined && value > field.max) {
        return { ok: false, message: `Must be at most ${field.max}` };
      }
      if (field.options && !field.options.some((o) => Number(o.value) === value)) {
        return {
          ok: false,
          message: `Must be one of: ${namedOptions(field.options.map((o) => o.value))}`,
        };
      }
      if (field.type === "int") return { ok: true, value };
      return { ok: true, value: roundHalfAway(value, field.precision ?? 2) };
    }
    case "check":
      if (typeof value !== "boolean") return { ok: false, message: "Must be true or false" };
      return { ok: true, value: value ? 1 : 0 };
    case "date":
      if (typeof value !== "string" || !isCalendarDate(value)) {
        return { ok: false, message: "Must be a date (YYYY-MM-DD)" };
      }
      return { ok: true, value };
    case "datetime": {
      const ms = typeof value === "string" && value.length <= 40 ? Date.parse(value) : NaN;
      if (Number.isNaN(ms) || !/^\d{4}-\d{2}-\d{2}T/.test(String(value))) {
        return { ok: false, message: "Must be a date and time (ISO 8601)" };
      }
      return { ok: true, value: new Date(ms).toISOString() };
    }
    case "link":
      if (typeof value !== "string" || value.length > 64) {
        return { ok: false, message: "Must be the id of a record" };
      }
      return { ok: true, value };
    case "table":
      return { ok: false, message: "Child rows are checked row by row" };
  }
}
