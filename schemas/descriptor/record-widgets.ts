/**
 * The record widgets: a list, a form (and its read-only detail) and a timeline,
 * each rendered from a record type's metadata (schemas/records/meta.ts) and the
 * record engine's API under `api` (`/api/records/{type}`). The server emits the
 * metadata as the caller may see it, so the client stays generic.
 */
import { z } from "zod";
import { RecordTypeMeta } from "../records/meta.ts";
import { Filter, SelectOption } from "../records/meta.ts";
import { JsonTemplate } from "./value.ts";
import { base } from "./widget-base.ts";
// Only read inside z.lazy: widgets.ts (the catalogue) imports this file first.
import { Node, type NodeLike } from "./widgets.ts";

/** Child nodes (the catalogue is recursive; see NodeLike). */
const children = (): z.ZodArray<z.ZodType<NodeLike>> =>
  z.array(z.lazy(() => Node) as z.ZodType<NodeLike>);

const api = z.string().regex(/^\/api\/records\/[a-z][a-z0-9_]*$/).describe(
  "base path of the type's record API, e.g. /api/records/task",
);

/** One column of a board: a value of its field, in the field's declared order. */
export const BoardColumn = z.object({
  value: z.string(),
  label: z.string(),
  tone: SelectOption.shape.tone,
}).strict();

/**
 * A field a list may be seen as a board by: a select (its declared options are the
 * columns, in order) or a link (`columns` absent: the values its records hold,
 * counted by one grouped query, are the columns, named by their titles).
 */
export const BoardField = z.object({
  id: z.string(),
  label: z.string(),
  columns: z.array(BoardColumn).optional(),
  /**
   * Each value weighs its records (a pipeline stage's probability): a column also
   * shows its sum weighted so, as the grouped query computes it.
   */
  weighted: z.boolean().optional(),
}).strict();
export type BoardField = z.infer<typeof BoardField>;

/** How a type's list may be seen as a board, from its declaration and the caller's fields. */
export const BoardSetup = z.object({
  /** The fields offered, the default first. */
  fields: z.array(BoardField).min(1),
  /** A currency field each column sums (the type's first), with its label. */
  sum: z.object({ field: z.string(), label: z.string() }).strict().optional(),
  /** Fields a card shows under its title, in order (the board's own field is left out). */
  cards: z.array(z.string()).max(6),
  /** The field keeping the cards' order in a column, highest first; absent: the list's order. */
  rank: z.string().optional(),
}).strict();
export type BoardSetup = z.infer<typeof BoardSetup>;

/**
 * A date or datetime field a list may be seen as a calendar by: one the caller may
 * filter by (the calendar reads each range's records by it); `movable` when the
 * caller may also change it, so that a record is moved to another day by one change.
 */
export const CalendarField = z.object({
  id: z.string(),
  label: z.string(),
  type: z.enum(["date", "datetime"]),
  movable: z.boolean(),
}).strict();
export type CalendarField = z.infer<typeof CalendarField>;

/** How a type's list may be seen as a calendar: the fields offered, the default first. */
export const CalendarSetup = z.object({
  fields: z.array(CalendarField).min(1),
}).strict();
export type CalendarSetup = z.infer<typeof CalendarSetup>;

/** A date a timeline's bars start or end at. */
export const TimelineField = z.object({ id: z.string(), label: z.string() }).strict();

/**
 * Where a type declares its dependencies: a child table (`field`) whose rows link
 * (`link`) to the records of the same type that must come first.
 */
export const TimelineDependencies = z.object({
  field: z.string(),
  link: z.string(),
  label: z.string(),
}).strict();
export type TimelineDependencies = z.infer<typeof TimelineDependencies>;

/**
 * How a type's list may be seen as a timeline: a bar from each record's start date
 * to its end date (both ones the caller may filter by); `movable` when the caller
 * may change both, so a bar moves by one change of the two; arrows from each
 * predecessor to its successor where the type declares dependencies.
 */
export const TimelineSetup = z.object({
  start: TimelineField,
  end: TimelineField,
  movable: z.boolean(),
  dependencies: TimelineDependencies.optional(),
}).strict();
export type TimelineSetup = z.infer<typeof TimelineSetup>;

/** A field a list's records may be grouped by (a date by month), or summed per group. */
export const GroupField = z.object({
  id: z.string(),
  label: z.string(),
  /** A date or datetime, grouped by month. */
  date: z.boolean().optional(),
}).strict();

/** How a type's list may be seen as groups: the fields offered to group by, and the figures summed. */
export const GroupSetup = z.object({
  fields: z.array(GroupField).min(1),
  sums: z.array(GroupField).max(3),
}).strict();
export type GroupSetup = z.infer<typeof GroupSetup>;

/** A record list: server-side paging, sort, filters, search, views, bulk, import, export, New. */
export const RecordList = z.object({
  type: z.literal("record-list"),
  ...base,
  api,
  meta: RecordTypeMeta,
  /** The view selected first (a declared view id). */
  view: z.string().optional(),
  /** Filters always applied (a related list's link to its parent); values may be templates. */
  fixedFilters: z.array(
    z.object({
      field: z.string(),
      op: Filter.shape.op,
      value: JsonTemplate,
    }).strict(),
  ).optional(),
  /** Compact lists (related lists on a form) show no toolbar beyond New. */
  compact: z.boolean().optional(),
  pageSize: z.number().int().min(1).max(500).optional(),
  emptyText: z.string().optional(),
  /** Present when the list may also be seen as a board (a List/Board switch). */
  board: BoardSetup.optional(),
  /** Present when the list may also be seen as a calendar by a date. */
  calendar: CalendarSetup.optional(),
  /** Present when the list may also be seen as a timeline from a start to an end date. */
  timeline: TimelineSetup.optional(),
  /** Present when the list may also be seen as groups with their counts and sums. */
  groups: GroupSetup.optional(),
}).strict().meta({ id: "widget:record-list" });

/**
 * A type's records in groups of one or two fields (a date by month), each group
 * with its count and the sums of the type's figures, and a totals row: one grouped
 * query of the engine over the list's filters and search.
 */
export const RecordGroups = z.object({
  type: z.literal("record-groups"),
  ...base,
  api,
  meta: RecordTypeMeta,
  ...GroupSetup.shape,
  /** The fields grouped by, in order (one or two of those offered). */
  by: z.array(z.string()).min(1).max(2),
  filters: z.array(Filter).optional(),
  search: z.string().max(200).optional(),
}).strict().meta({ id: "widget:record-groups" });

/**
 * A board of a type's records: a column per value of one field with its count and
 * sum (one grouped query), each column's cards paged as it scrolls, a card moved to
 * another column by one PATCH of that field at the record's version (by pointer,
 * touch, keyboard or its "Move to" menu), put back with the server's reason when
 * refused.
 */
export const RecordBoard = z.object({
  type: z.literal("record-board"),
  ...base,
  api,
  meta: RecordTypeMeta,
  ...BoardSetup.shape,
  /** The field the columns are of (default the first offered). */
  field: z.string().optional(),
  /** Filters and search the board shows the records of (the list's). */
  filters: z.array(Filter).optional(),
  search: z.string().max(200).optional(),
  /** Cards a column loads at a time. */
  pageSize: z.number().int().min(1).max(100).optional(),
}).strict().meta({ id: "widget:record-board" });

/**
 * A calendar of a type's records by one date field: a month grid or a week, with
 * previous, next and today; each range's records read through the list call between
 * its first and last day (every page of it; a day showing a few says how many more);
 * a record moved to another day by one PATCH of that field at its version (dragged,
 * by keyboard, or through its "Move to" date), put back with the server's reason
 * when refused.
 */
export const RecordCalendar = z.object({
  type: z.literal("record-calendar"),
  ...base,
  api,
  meta: RecordTypeMeta,
  ...CalendarSetup.shape,
  /** The field the records are placed by (default the first offered). */
  field: z.string().optional(),
  /** Month grid or week; absent: a week on a narrow screen, else a month. */
  span: z.enum(["month", "week"]).optional(),
  /** Filters and search the calendar shows the records of (the list's). */
  filters: z.array(Filter).optional(),
  search: z.string().max(200).optional(),
}).strict().meta({ id: "widget:record-calendar" });

/**
 * A timeline (Gantt chart) of a type's records: a bar from each record's start date
 * to its end date over a window of a week, a month or a quarter, with previous,
 * next, today and a line at today; the window's records (those whose span overlaps
 * it) read through the list call; arrows from predecessor to successor where the
 * type declares dependencies; a bar moved by one PATCH of both dates at the
 * record's version (dragged, by keyboard or its day buttons), put back with the
 * server's reason when refused.
 */
export const RecordTimelineView = z.object({
  type: z.literal("record-timeline-view"),
  ...base,
  api,
  meta: RecordTypeMeta,
  ...TimelineSetup.shape,
  /** How much the window shows; absent: a month. */
  zoom: z.enum(["week", "month", "quarter"]).optional(),
  /** Filters and search the timeline shows the records of (the list's). */
  filters: z.array(Filter).optional(),
  search: z.string().max(200).optional(),
}).strict().meta({ id: "widget:record-timeline-view" });

/**
 * A small record of another type started from a saved record's form in a dialog
 * (Remind me): the person fills `fields` of that type, and the dialog creates it
 * at `api` with `values` (which name the record the form shows) added.
 */
export const RecordQuickAdd = z.object({
  /** snake_case, unique on the form. */
  id: z.string().regex(/^[a-z][a-z0-9_]*$/),
  /** The button's and the dialog's title ("Remind me"). */
  label: z.string().min(1),
  api,
  /** The other type's metadata: its fields' labels, types and rules. */
  meta: RecordTypeMeta,
  /** The fields the dialog asks for, in order; left empty, a field takes its default. */
  fields: z.array(z.string()).min(1),
  /** Values added to what the person enters; may be templates (`{ "$param": "id" }`). */
  values: z.record(z.string(), JsonTemplate),
  /** What the toast says once it is created ("Reminder set"). */
  done: z.string().min(1),
}).strict().meta({ id: "RecordQuickAdd" });

/**
 * Buttons a saved record's form loads from a call, each running another call on
 * the record (a rule run by hand): `from` answers `{items: [{id, name}]}`, what
 * the caller is offered now; each item is a button reading `label` with `{name}`
 * filled in. A click POSTs `{record_id}` to `run` with `{id}` the item's, then the
 * form says `done` with `{name}` and `{record}` (the record's title) filled in, or
 * the server's refusal, and loads the record and its timeline again.
 */
export const RecordRunButtons = z.object({
  /** snake_case, unique on the form. */
  id: z.string().regex(/^[a-z][a-z0-9_]*$/),
  /** GET: `{items: [{id, name}]}`. */
  from: z.string().startsWith("/api/"),
  /** A button's words: `Run: {name}`. */
  label: z.string().min(1),
  /** POST `{record_id}`; `{id}` is the item's id. */
  run: z.string().startsWith("/api/"),
  /** The toast once it is accepted: `Rule "{name}" queued for {record}`. */
  done: z.string().min(1),
}).strict().meta({ id: "RecordRunButtons" });

/** A record's form (or read-only detail): layout from the metadata, values from `{api}/{id}`. */
export const RecordForm = z.object({
  type: z.literal("record-form"),
  ...base,
  api,
  meta: RecordTypeMeta,
  /** The record's id (`new` or absent for a new record), usually `{ "$param": "id" }`. */
  recordId: JsonTemplate.optional(),
  /** `read` shows values only (callers who may only read). */
  mode: z.enum(["edit", "read"]).default("edit"),
  /** Values a new record starts with (e.g. the parent of a related list); may be templates. */
  initial: z.record(z.string(), JsonTemplate).optional(),
  /** Records of other types a saved record's form starts in a dialog (Remind me). */
  quickAdds: z.array(RecordQuickAdd).optional(),
  /** Calls a saved record's form offers to run on the record, loaded (a rule run by hand). */
  runs: z.array(RecordRunButtons).optional(),
  /**
   * Tabs after the layout's, for a saved record: any widgets, bound to the screen's
   * sources. While a tab has not been opened its `opens` state key is unset, so the
   * sources waiting for that key (`enabledWhen`) load only when it is first shown.
   */
  get tabs() {
    return z.array(
      z.object({
        id: z.string(),
        label: z.string(),
        opens: z.string().optional().describe("screen state key set to the tab's id when shown"),
        children: children(),
      }).strict(),
    ).optional();
  },
}).strict().meta({ id: "widget:record-form" });

/** A record's timeline: field changes, actions and comments, with a comment box. */
export const RecordTimeline = z.object({
  type: z.literal("record-timeline"),
  ...base,
  api,
  recordId: JsonTemplate,
  /** Field labels by id, for the changes shown. */
  labels: z.record(z.string(), z.string()).optional(),
  canComment: z.boolean(),
}).strict().meta({ id: "widget:record-timeline" });
