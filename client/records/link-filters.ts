/**
 * A link field's picker conditions (`link_filters` of its metadata) with the form's
 * values filled in: `{ $field: "client" }` becomes the record's client (for a child
 * row's link, the parent record's), and an empty one null, so that a payment's
 * invoices wait for its client. The server checks the conditions again.
 */
import { useMemo } from "react";
import type { FieldMeta, Filter, LinkFilter } from "../../schemas/records/meta.ts";

type Values = Readonly<Record<string, unknown>>;

/** The filters a link's picker searches with, or undefined when the field declares none. */
export function pickerFilters(field: FieldMeta, values: Values): Filter[] | undefined {
  if (field.link_filters === undefined) return undefined;
  return field.link_filters.map((condition) => ({
    field: condition.field,
    op: condition.op,
    value: filled(condition.value, values),
  }));
}

/** The filters of each link column of a child table, by column id (none: empty). */
export function columnFilters(table: FieldMeta, values: Values): Record<string, Filter[]> {
  const found: Record<string, Filter[]> = {};
  for (const column of table.fields ?? []) {
    const filters = pickerFilters(column, values);
    if (filters !== undefined) found[column.id] = filters;
  }
  return found;
}

/** The same object while its JSON stays the same, so memoised children are not drawn again. */
export function useSameWhileEqual<T>(value: T): T {
  const json = JSON.stringify(value);
  return useMemo(() => (json === undefined ? value : JSON.parse(json) as T), [json]);
}

function filled(value: LinkFilter["value"], values: Values): Filter["value"] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const referenced = values[value.$field];
  return typeof referenced === "string" || typeof referenced === "number" ||
      typeof referenced === "boolean"
    ? (referenced === "" ? null : referenced)
    : null;
}
