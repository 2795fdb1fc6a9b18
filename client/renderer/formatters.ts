/**
 * The formatters a binding may name. Numbers and dates are written the way a
 * US-English business app writes them; a value that cannot be formatted is missing.
 */
import type { Format, ValueLabels } from "../../schemas/descriptor/mod.ts";

const LOCALE = "en-US";
const numberFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });
const integerFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const percentFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });
const currencyFormat = new Intl.NumberFormat(LOCALE, { style: "currency", currency: "USD" });
const wholeCurrencyFormat = new Intl.NumberFormat(LOCALE, {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});
const dateFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium" });
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeStyle: "short" });
const relativeFormat = new Intl.RelativeTimeFormat(LOCALE, { numeric: "auto" });

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 7],
  ["week", 4.345],
  ["month", 12],
  ["year", Number.POSITIVE_INFINITY],
];

/** The text of `value` in `format`, or undefined when it cannot be shown. */
export function formatValue(
  value: unknown,
  format: Format = "text",
  now: Date = new Date(),
): string | undefined {
  if (value === undefined || value === null) return undefined;
  switch (format) {
    case "text":
    case "code":
      return typeof value === "object" ? undefined : String(value);
    case "number":
      return withNumber(value, (n) => numberFormat.format(n));
    case "integer":
      return withNumber(value, (n) => integerFormat.format(Math.round(n)));
    case "percent":
      return withNumber(value, (n) => `${percentFormat.format(n)}%`);
    case "fraction-percent":
      return withNumber(value, (n) => `${percentFormat.format(n * 100)}%`);
    case "hours":
      return withNumber(value, (n) => `${numberFormat.format(n)} h`);
    case "currency":
      return withNumber(
        value,
        (n) => (Number.isInteger(n) ? wholeCurrencyFormat : currencyFormat).format(n),
      );
    case "count":
      return Array.isArray(value)
        ? integerFormat.format(value.length)
        : withNumber(value, (n) => integerFormat.format(n));
    case "date":
      return withDate(value, (d) => dateFormat.format(d));
    case "datetime":
      return withDate(value, (d) => dateTimeFormat.format(d));
    case "relative-time":
      return withDate(value, (d) => relativeTime(d, now));
    case "lines":
      return Array.isArray(value)
        ? value.length === 0 ? undefined : value.map((line) => String(line)).join("\n")
        : typeof value === "object"
        ? undefined
        : String(value);
  }
}

/** How a value is shown: a formatter, or the labels of an enumerated value. */
export interface DisplaySpec {
  format?: Format;
  labels?: Readonly<ValueLabels>;
}

/**
 * The text of a value as a binding, field or column asks for it: an enumerated
 * value (one with `labels`) by its label, anything else by its formatter.
 */
export function displayValue(value: unknown, spec: DisplaySpec): string | undefined {
  return spec.labels ? labelOf(value, spec.labels) : formatValue(value, spec.format);
}

/**
 * The label of an enumerated value (booleans look up "true"/"false"); a value with
 * no label is humanised, so a code never reaches the screen as it is stored.
 */
export function labelOf(value: unknown, labels: Readonly<ValueLabels>): string | undefined {
  if (value === undefined || value === null || value === "" || typeof value === "object") {
    return undefined;
  }
  const code = String(value);
  return Object.hasOwn(labels, code) ? labels[code] : humanise(code);
}

/** A code as words: "on_hold" → "On hold", "user.role_change" → "User role change". */
export function humanise(code: string): string {
  const words = code.replace(/[_.-]+/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function withNumber(value: unknown, write: (n: number) => string): string | undefined {
  const n = typeof value === "number"
    ? value
    : typeof value === "string" && value.trim() !== ""
    ? Number(value)
    : NaN;
  return Number.isFinite(n) ? write(n) : undefined;
}

/** Parses ISO strings and epoch numbers; a bare `YYYY-MM-DD` is a local calendar date. */
export function parseDate(value: unknown): Date | undefined {
  if (value instanceof Date) return value;
  if (typeof value === "string") {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    const date = day
      ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]))
      : new Date(value);
    return Number.isNaN(date.getTime()) ? undefined : date;
  }
  if (typeof value === "number" && Number.isFinite(value)) return new Date(value);
  return undefined;
}

function withDate(value: unknown, write: (d: Date) => string): string | undefined {
  const date = parseDate(value);
  return date ? write(date) : undefined;
}

function relativeTime(date: Date, now: Date): string {
  let amount = (date.getTime() - now.getTime()) / 1000;
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return relativeFormat.format(Math.round(amount), unit);
    amount /= size;
  }
  return dateFormat.format(date);
}
