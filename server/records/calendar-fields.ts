/**
 * How a type's list may be seen as a calendar, from its metadata as one caller sees
 * it: the date and datetime fields the caller may filter by (a calendar reads each
 * month's or week's records between its first and last day), in declaration order,
 * each saying whether the caller may change it, which decides whether a record may
 * be moved to another day.
 */
import type { CalendarField, CalendarSetup } from "../../schemas/descriptor/record-widgets.ts";
import type { FieldMeta, RecordTypeMeta } from "../../schemas/records/meta.ts";

function offered(field: FieldMeta): field is FieldMeta & { type: "date" | "datetime" } {
  if (field.type !== "date" && field.type !== "datetime") return false;
  return field.filterable === true && !field.hidden;
}

/** The calendar of a type's list for the caller, or none when no date can carry one. */
export function calendarSetup(meta: RecordTypeMeta): CalendarSetup | undefined {
  const fields = meta.fields.filter(offered).map((field): CalendarField => ({
    id: field.id,
    label: field.label,
    type: field.type,
    movable: meta.can.update && !field.read_only && !field.computed,
  }));
  return fields.length > 0 ? { fields } : undefined;
}
