/**
 * How a type's list may be seen as a timeline (a Gantt chart), from its metadata as
 * one caller sees it: a start date and an end date the caller may filter by (the
 * timeline reads the records whose span overlaps its window), found by their names
 * (`start_date` or `start`, then `end_date`, `due_date` or `end`); movable when the
 * caller may change both, so a bar is moved by one change of the two. The type's
 * dependencies are a child table of links to records of the same type the caller
 * may read (a task's "Depends on"): each row names a predecessor of its record.
 */
import type {
  TimelineDependencies,
  TimelineSetup,
} from "../../schemas/descriptor/record-widgets.ts";
import type { FieldMeta, RecordTypeMeta } from "../../schemas/records/meta.ts";

/** The names a start date and an end date go by, the preferred first. */
const START_NAMES = ["start_date", "start"];
const END_NAMES = ["end_date", "due_date", "end"];

function offered(field: FieldMeta | undefined): field is FieldMeta & { type: "date" } {
  return field !== undefined && field.type === "date" && field.filterable === true &&
    !field.hidden;
}

function named(meta: RecordTypeMeta, names: readonly string[]): FieldMeta | undefined {
  for (const name of names) {
    const field = meta.fields.find((f) => f.id === name);
    if (offered(field)) return field;
  }
  return undefined;
}

function changeable(meta: RecordTypeMeta, field: FieldMeta): boolean {
  return meta.can.update && !field.read_only && !field.computed;
}

/** The child table of links to the type's own records, when the caller may read it. */
function dependenciesOf(meta: RecordTypeMeta): TimelineDependencies | undefined {
  for (const table of meta.fields) {
    if (table.type !== "table" || table.hidden) continue;
    const link = table.fields?.find((f) => f.type === "link" && f.link === meta.id && !f.hidden);
    if (link) return { field: table.id, link: link.id, label: table.label };
  }
  return undefined;
}

/** The timeline of a type's list for the caller, or none when it has no start and end dates. */
export function timelineSetup(meta: RecordTypeMeta): TimelineSetup | undefined {
  const start = named(meta, START_NAMES);
  const end = named(meta, END_NAMES);
  if (!start || !end) return undefined;
  const dependencies = dependenciesOf(meta);
  return {
    start: { id: start.id, label: start.label },
    end: { id: end.id, label: end.label },
    movable: changeable(meta, start) && changeable(meta, end),
    ...(dependencies ? { dependencies } : {}),
  };
}
