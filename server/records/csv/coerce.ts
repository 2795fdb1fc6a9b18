/**
 * Turns the text of one CSV cell into the value a field holds, or says why it
 * cannot. Numbers take `.` as the decimal point and may group thousands with `,`
 * (`1,234.50`); percents may end in `%`, currencies may start with `$`, `€`, `£`
 * or `¥`. Flags are yes/no, true/false, 1/0. Selects match an option's value or
 * label, ignoring case. Dates are `YYYY-MM-DD` only, since `03/04/2026` reads as
 * March or April depending on the locale that saved the file; datetimes are ISO
 * 8601 (UTC when no offset is given). Range, length and required checks are the
 * engine's validation, run on the coerced values. Link cells are resolved in
 * batches (rows.ts).
 */
import type { SelectOption } from "../../../schemas/records/meta.ts";
import type { RecordField } from "../define.ts";

/** A cell's value, or the reason it has none. */
export type Coerced = { value: unknown; error?: undefined } | { error: string };

const NUMBER = /^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?$/;
const CURRENCY_SIGN = /^([+-]?)[$€£¥]\s*/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;
/**
 * The `'` the CSV writer puts before a cell that looks like a formula (an export,
 * a file of an import's failed rows: `'-5`, `'+1 555 0100`), taken off again.
 */
const PROTECTED_FORMULA = /^'[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;
const FLAGS: Readonly<Record<string, boolean>> = {
  yes: true,
  no: false,
  true: true,
  false: false,
  "1": true,
  "0": false,
};

/** Most characters of a cell a message quotes. */
const QUOTED_CHARS = 60;

/**
 * A cell's text as a message quotes it, cut after 60 characters: a failure names
 * the value, and a thousand failures do not repeat a thousand cells of 32,767
 * characters each.
 */
export function quoted(text: string): string {
  return `"${text.length > QUOTED_CHARS ? `${text.slice(0, QUOTED_CHARS)}…` : text}"`;
}

/** The value of a cell for the field; `options` are a select's options when they come from elsewhere. */
export function coerceCell(
  field: RecordField,
  text: string,
  options: readonly SelectOption[] | undefined = field.options,
): Coerced {
  const trimmed = text.trim();
  switch (field.type) {
    case "long_text":
      return { value: unprotect(text) };
    case "data":
    case "email":
    case "phone":
    case "url":
    case "attach":
      return { value: unprotect(trimmed) };
    case "int":
    case "float":
    case "currency":
    case "percent":
      return coerceNumber(field, unprotect(trimmed), options);
    case "check":
      return coerceFlag(trimmed);
    case "select":
      if (!trimmed) return { value: "" };
      return options ? matchOption(unprotect(trimmed), options) : { value: unprotect(trimmed) };
    case "date":
      return coerceDate(trimmed);
    case "datetime":
      return coerceDateTime(trimmed);
    case "link":
      return { value: unprotect(trimmed) || null };
    case "table":
      return { error: "Child rows cannot be imported from CSV" };
  }
}

function unprotect(text: string): string {
  return PROTECTED_FORMULA.test(text) ? text.slice(1) : text;
}

/** A number as users type it: `1,234.50`, `-3`, `.5`; `null` when empty. */
export function parseNumber(text: string): number | null | undefined {
  if (!text) return null;
  if (!NUMBER.test(text) || !/\d/.test(text)) return undefined;
  return Number(text.replaceAll(",", ""));
}

function coerceNumber(
  field: RecordField,
  text: string,
  options: readonly SelectOption[] | undefined,
): Coerced {
  if (field.type === "int" && options && text) {
    const option = options.find((o) => o.value === text) ??
      options.find((o) => o.label.toLowerCase() === text.toLowerCase());
    if (option) return { value: Number(option.value) };
  }
  let cleaned = text;
  if (field.type === "currency") cleaned = cleaned.replace(CURRENCY_SIGN, "$1");
  if (field.type === "percent" && cleaned.endsWith("%")) cleaned = cleaned.slice(0, -1).trim();
  const value = parseNumber(cleaned);
  if (value === undefined) return { error: `${quoted(text)} is not a number` };
  if (field.type === "int" && value !== null && !Number.isSafeInteger(value)) {
    return { error: `${quoted(text)} is not a whole number` };
  }
  return { value };
}

function coerceFlag(text: string): Coerced {
  if (!text) return { value: false };
  const flag = FLAGS[text.toLowerCase()];
  return flag === undefined
    ? { error: `${quoted(text)} is not yes or no (write yes/no, true/false or 1/0)` }
    : { value: flag };
}

function matchOption(text: string, options: readonly SelectOption[]): Coerced {
  const lower = text.toLowerCase();
  const option = options.find((o) => o.value === text) ??
    options.find((o) => o.value.toLowerCase() === lower) ??
    options.find((o) => o.label.toLowerCase() === lower);
  if (option) return { value: option.value };
  const shown = options.slice(0, 10).map((o) => o.label).join(", ");
  return {
    error: `${quoted(text)} is not one of the options (${shown}${
      options.length > 10 ? ", …" : ""
    })`,
  };
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day;
}

function coerceDate(text: string): Coerced {
  if (!text) return { value: null };
  const match = DATE.exec(text);
  if (!match || !isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]))) {
    return { error: `${quoted(text)} is not a date written as YYYY-MM-DD (such as 2026-03-14)` };
  }
  return { value: text };
}

function coerceDateTime(text: string): Coerced {
  if (!text) return { value: null };
  const match = DATETIME.exec(text);
  const [, date, hours = "00", minutes = "00", seconds = "00", fraction = ""] = match ?? [];
  let zone = match?.[6]?.toUpperCase() ?? "Z";
  if (zone !== "Z" && !zone.includes(":")) zone = `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const [y, m, d] = (date ?? "").split("-").map(Number);
  const valid = match && isCalendarDate(y, m, d) && Number(hours) < 24 && Number(minutes) < 60 &&
    Number(seconds) < 60;
  const at = valid
    ? new Date(`${date}T${hours}:${minutes}:${seconds}${fraction.slice(0, 4)}${zone}`)
    : null;
  if (!at || Number.isNaN(at.getTime())) {
    return {
      error: `${
        quoted(text)
      } is not a date and time written as YYYY-MM-DD HH:MM (ISO 8601, UTC unless an offset is given)`,
    };
  }
  return { value: at.toISOString() };
}
