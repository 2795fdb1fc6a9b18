/**
 * How a type's list may be seen as groups, from its metadata as one caller sees
 * it: the choices, links, flags and dates the caller may filter by (a date it may
 * sort by too; and its status, when the type has states), and up to three of its
 * amounts and hours to sum per group (money first). The groups are one grouped query of the engine.
 */
import type { GroupSetup } from "../../schemas/descriptor/record-widgets.ts";
import type { FieldMeta, RecordTypeMeta } from "../../schemas/records/meta.ts";

const GROUPED = new Set(["select", "link", "check", "date", "datetime"]);
const SUMMED = ["currency", "float"];

function shown(field: FieldMeta): boolean {
  return !field.hidden && field.type !== "table";
}

function isDate(field: FieldMeta): boolean {
  return field.type === "date" || field.type === "datetime";
}

/** The groups of a type's list for the caller, or none when nothing can be grouped by. */
export function groupSetup(meta: RecordTypeMeta): GroupSetup | undefined {
  const fields = meta.fields
    .filter((f) =>
      shown(f) && GROUPED.has(f.type) && (f.filterable === true || isDate(f) && f.sortable === true)
    )
    .map((f) => ({
      id: f.id,
      label: f.label,
      ...(isDate(f) ? { date: true } : {}),
    }));
  if (meta.states && !meta.fields.some((f) => f.id === "status")) {
    fields.unshift({ id: "status", label: "Status" });
  }
  const sums = meta.fields
    .filter((f) => shown(f) && SUMMED.includes(f.type))
    .sort((a, b) => SUMMED.indexOf(a.type) - SUMMED.indexOf(b.type))
    .slice(0, 3)
    .map((f) => ({ id: f.id, label: f.label }));
  return fields.length > 0 ? { fields, sums } : undefined;
}
