/**
 * How a type's list may be seen as a board, from its metadata as one caller sees
 * it: the fields the columns may be of (a select or a link the caller may filter by
 * and change, so that each column pages its cards by its value and a card moves by
 * one change of it), the default first (a select with declared options, the type's
 * pipeline, before a select of an organisation's list, before a link); the currency
 * field each column sums (the type's first), weighted too by a field whose values
 * carry weights; and the list's columns a card shows.
 */
import type { BoardField, BoardSetup } from "../../schemas/descriptor/record-widgets.ts";
import type { FieldMeta, RecordTypeMeta } from "../../schemas/records/meta.ts";

/** Fields a card shows under its title, at most. */
const CARD_FIELDS = 5;

function rank(field: FieldMeta): number {
  if (field.type === "select") return field.options ? 0 : 1;
  return 2;
}

function offered(field: FieldMeta): boolean {
  if (field.type !== "select" && field.type !== "link") return false;
  return field.filterable === true && !field.read_only && !field.computed && !field.hidden;
}

/** The board of a type's list for the caller, or none when no field can carry one. */
export function boardSetup(meta: RecordTypeMeta): BoardSetup | undefined {
  const fields = meta.fields.filter(offered)
    .map((field, order) => ({ field, order }))
    .sort((a, b) => rank(a.field) - rank(b.field) || a.order - b.order)
    .map(({ field }): BoardField => ({
      id: field.id,
      label: field.label,
      ...(field.weighted ? { weighted: true } : {}),
      ...(field.options
        ? {
          columns: field.options.map((o) => ({
            value: o.value,
            label: o.label,
            ...(o.tone ? { tone: o.tone } : {}),
          })),
        }
        : {}),
    }));
  if (fields.length === 0) return undefined;
  const byId = new Map(meta.fields.map((f) => [f.id, f]));
  const currency = meta.fields.find((f) => f.type === "currency" && !f.hidden);
  const cards = meta.list.columns.filter((id) => id !== meta.title_field && byId.has(id))
    .slice(0, CARD_FIELDS);
  return {
    fields,
    ...(currency ? { sum: { field: currency.id, label: currency.label } } : {}),
    cards,
    ...(meta.list.rank ? { rank: meta.list.rank } : {}),
  };
}
