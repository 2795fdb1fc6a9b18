/**
 * How a record's field value reads: select and enumerated int values by their
 * label (with their tone as a badge), checks as Yes/No, dates and numbers
 * formatted (currency and percent with the field's precision), links by their
 * title (the list item's `<field>__title`, or the record's) — as a link to the
 * linked record where the caller may open it. Codes never reach the screen as stored.
 */
import { Link } from "react-router-dom";
import type { FieldMeta, SelectOption } from "../../schemas/records/meta.ts";
import { linkPathOf } from "./standard-fields.ts";
import { MISSING_TEXT } from "../renderer/bindings.ts";
import { formatValue } from "../renderer/formatters.ts";

/** Options of type-master select fields, by field id (from the type's meta call). */
export type ExternalOptions = Readonly<Record<string, readonly { value: string; label: string }[]>>;

/** The options a select (or enumerated int) field offers. */
export function optionsOf(
  field: FieldMeta,
  external: ExternalOptions = {},
): readonly SelectOption[] {
  if (field.options !== undefined) return field.options;
  if (field.options_from !== undefined && Object.hasOwn(external, field.id)) {
    return external[field.id];
  }
  return [];
}

/** The text (and tone, for options) of a value; `row` gives a link's title. */
export function displayOf(
  field: FieldMeta,
  value: unknown,
  row: Readonly<Record<string, unknown>>,
  external: ExternalOptions = {},
): { text: string; tone?: string } {
  if (field.type === "check") return { text: value === true || value === 1 ? "Yes" : "No" };
  if (value === undefined || value === null || value === "") return { text: MISSING_TEXT };
  const options = optionsOf(field, external);
  if (options.length > 0) {
    const option = options.find((o) => o.value === String(value));
    if (option !== undefined) return { text: option.label, tone: option.tone };
  }
  switch (field.type) {
    case "link": {
      const title = row[`${field.id}__title`];
      return { text: typeof title === "string" && title !== "" ? title : String(value) };
    }
    case "date":
      return { text: formatValue(value, "date") ?? String(value) };
    case "datetime":
      return { text: formatValue(value, "datetime") ?? String(value) };
    case "int":
    case "float":
    case "currency":
    case "percent":
      return { text: numberText(field, value) };
    case "table":
      return { text: Array.isArray(value) ? `${value.length} rows` : MISSING_TEXT };
    default:
      return { text: String(value) };
  }
}

/** A number in the field's kind and precision. */
export function numberText(field: FieldMeta, value: unknown): string {
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(n)) return MISSING_TEXT;
  const digits = field.precision ?? (field.type === "int" ? 0 : field.type === "float" ? 2 : 2);
  const format = new Intl.NumberFormat("en-US", {
    minimumFractionDigits: field.type === "currency" ? digits : 0,
    maximumFractionDigits: digits,
    ...(field.type === "currency" ? { style: "currency", currency: "USD" } : {}),
  });
  return field.type === "percent" ? `${format.format(n)}%` : format.format(n);
}

/**
 * A value as shown, as a badge when its option has a tone; a link to its record
 * when `linked` (not inside another link, such as a list row's first cell).
 */
export function FieldDisplay(
  { field, value, row, external, linked }: {
    field: FieldMeta;
    value: unknown;
    row: Readonly<Record<string, unknown>>;
    external?: ExternalOptions;
    linked?: boolean;
  },
) {
  const { text, tone } = displayOf(field, value, row, external);
  const path = linked && field.type === "link" && text !== MISSING_TEXT
    ? linkPathOf(field, value)
    : undefined;
  if (path !== undefined) return <Link to={path} className="record-link">{text}</Link>;
  return tone ? <span className={`badge tone-${tone}`} data-tone={tone}>{text}</span> : <>{text}</>;
}
