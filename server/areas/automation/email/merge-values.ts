/**
 * What a template's merge fields read: one record's values as its reader sees
 * them, in words as the product writes them. Dates read "Mar 31, 2026", money
 * "$17,352.00" in the record's currency, a select its option's label, a status
 * its label; a check stays true or false (for `{% if %}`), other numbers stay
 * numbers. A link field is its record's title when written out
 * (`{{ client }}`) and that record's values by name (`{{ client.email }}`);
 * a table is its rows (`{% for line in lines %}`). Fields the reader may not see
 * are not in the record they read, so they stay empty. Besides its fields a
 * record offers `id`, `name`, `title`, `status`, `created_at`, `updated_at`
 * and `link` (the address of its page in the app).
 */
import type { RecordField, RecordType } from "../../../records/define.ts";
import { DEFAULT_LOCALE, formatParam } from "../../../platform/notifications/notice-text.ts";

/** Values by merge field name. */
export type MergeValues = Record<string, unknown>;

/** The names every record offers besides its fields. */
export const STANDARD_NAMES = [
  "id",
  "name",
  "title",
  "status",
  "created_at",
  "updated_at",
  "link",
] as const;

/** A code in words: `on_hold` → "On hold". */
function inWords(code: string): string {
  const words = code.replace(/_/g, " ").trim();
  return words === "" ? "" : words[0].toUpperCase() + words.slice(1);
}

function dateTimeText(value: string): string {
  const at = Date.parse(value);
  if (Number.isNaN(at)) return value;
  return new Intl.DateTimeFormat(DEFAULT_LOCALE, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  }).format(at);
}

/** The label of a record's status: its workflow state's or derived status rule's. */
export function statusText(type: RecordType, status: unknown): string {
  if (typeof status !== "string" || status === "") return "";
  const state = type.declaration.states?.list.find((s) => s.id === status);
  if (state?.label) return state.label;
  const rule = type.declaration.derived_status?.find((r) => r.status === status);
  return rule?.label ?? inWords(status);
}

/** One stored value in words; a link is left to the caller (it is a record). */
export function fieldText(field: RecordField, value: unknown, currency: unknown): unknown {
  if (value === null || value === undefined) return field.type === "check" ? false : "";
  switch (field.type) {
    case "check":
      return value === true || value === 1;
    case "date":
      return typeof value === "string" && value !== ""
        ? formatParam({ date: value }, DEFAULT_LOCALE)
        : "";
    case "datetime":
      return typeof value === "string" && value !== "" ? dateTimeText(value) : "";
    case "currency": {
      const amount = Number(value);
      if (typeof currency === "string" && /^[A-Z]{3}$/.test(currency)) {
        return formatParam({ money: amount, currency }, DEFAULT_LOCALE);
      }
      return new Intl.NumberFormat(DEFAULT_LOCALE, {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(amount);
    }
    case "percent":
      return `${
        new Intl.NumberFormat(DEFAULT_LOCALE, { maximumFractionDigits: 2 }).format(Number(value))
      }%`;
    case "select": {
      const option = field.options?.find((o) => o.value === value);
      return option?.label ?? String(value);
    }
    default:
      return value;
  }
}

/** A linked record as a merge value: its title when written out, its values by name. */
export function linkedValue(title: string, values: MergeValues): MergeValues {
  return { ...values, title, toString: () => title };
}

/** A child row's values in words; its links are their titles. */
function rowValues(
  fields: readonly RecordField[],
  row: Record<string, unknown>,
  currency: unknown,
) {
  const out: MergeValues = {};
  for (const field of fields) {
    out[field.id] = field.type === "link"
      ? String(row[`${field.id}__title`] ?? "")
      : fieldText(field, row[field.id], currency);
  }
  return out;
}

/**
 * A record's own values in words (its links as their titles); `links` replaces a
 * link field's title by the linked record's values where the reader may read it.
 */
export function recordValues(
  type: RecordType,
  record: Readonly<Record<string, unknown>>,
  options: { appUrl: string; links?: Readonly<Record<string, MergeValues>> },
): MergeValues {
  const currency = record.currency;
  const title = String(record[type.declaration.title_field ?? "name"] ?? record.name ?? "");
  const out: MergeValues = {
    id: String(record.id ?? ""),
    name: String(record.name ?? ""),
    title,
    status: statusText(type, record.status),
    created_at: typeof record.created_at === "string" ? dateTimeText(record.created_at) : "",
    updated_at: typeof record.updated_at === "string" ? dateTimeText(record.updated_at) : "",
    link: options.appUrl,
  };
  for (const field of type.fields) {
    const value = record[field.id];
    if (field.type === "link") {
      const linkTitle = String(record[`${field.id}__title`] ?? "");
      out[field.id] = options.links?.[field.id] ??
        (value ? linkedValue(linkTitle, { id: String(value), name: linkTitle }) : "");
    } else if (field.type === "table") {
      out[field.id] = Array.isArray(value)
        ? value.map((row) =>
          rowValues(field.childFields ?? [], row as Record<string, unknown>, currency)
        )
        : [];
    } else {
      out[field.id] = fieldText(field, value, currency);
    }
  }
  return out;
}
