/**
 * Payloads of the record engine's API (`/api/records/...`), common to every record
 * type. The engine also publishes each type's own request and response schemas in
 * the OpenAPI document; these are the envelopes around them.
 */
import { z } from "zod";
import { nameText } from "../api/name-text.ts";
import { ActionWording, Filter, RecordTypeMeta, Sort } from "./meta.ts";

/** Most rows one list call answers. */
export const LIST_LIMIT_MAX = 500;
/** Rows a list call answers when it does not say. */
export const LIST_LIMIT_DEFAULT = 50;
/** A list's count is exact up to this many rows; beyond, it says "more than". */
export const COUNT_EXACT_LIMIT = 10_000;
/** Most ids one bulk call takes. */
export const BULK_LIMIT = 10_000;

/** A field value as stored and sent: text, number, flag, null, or child rows. */
export const FieldValue: z.ZodType<unknown> = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.record(z.string(), z.unknown())),
]);

/**
 * A record: `id`, `name` (series number or title), `title`, `version`, `status`
 * (types with states), `docstatus` (submittable types), stamps, then its field
 * values by field id, child rows inline under their table field's id.
 */
export const RecordValues = z.record(z.string(), z.unknown());
export type RecordValues = z.infer<typeof RecordValues>;

export const ListRequest = z.object({
  filters: z.array(Filter).max(50).optional(),
  search: z.string().max(200).optional(),
  sort: z.array(Sort).max(5).optional(),
  limit: z.number().int().min(1).max(LIST_LIMIT_MAX).optional(),
  cursor: z.string().max(2000).optional(),
  fields: z.array(z.string()).max(200).optional(),
  /** A declared or saved view whose filters and sort apply before these. */
  view: z.string().max(64).optional(),
}).strict();
export type ListRequest = z.infer<typeof ListRequest>;

export const ListTotal = z.object({
  count: z.number().int().nonnegative(),
  /** False when there are more than `count` (= COUNT_EXACT_LIMIT) rows. */
  exact: z.boolean(),
}).strict();

export const ListResponse = z.object({
  items: z.array(RecordValues),
  next_cursor: z.string().nullable(),
  total: ListTotal,
}).strict();

export const CreateRequest = z.object({ values: RecordValues }).strict();
export const UpdateRequest = z.object({
  version: z.number().int().positive(),
  values: RecordValues,
}).strict();
export const RecordResponse = z.object({ record: RecordValues }).strict();

/** A link a dialog offers (to the record that stands in an action's way). */
export const ActionLink = z.object({
  label: z.string(),
  path: z.string().regex(/^\/app\//, "an app path"),
}).strict();

/** An action the caller may take on the record now. */
export const RecordAction = z.object({
  id: z.string(),
  label: z.string(),
  comment: z.enum(["none", "optional", "required"]).optional(),
  /** The person types their full name as a signature to take it (sent as `signature_name`). */
  signature: z.literal("required").optional(),
  tone: z.enum(["neutral", "primary", "danger"]).optional(),
  ...ActionWording.shape,
  /**
   * Why the action would be refused now, said before it is tried (an invoice with
   * payments applied), and where to go to clear the way.
   */
  blocked: z.object({ reason: z.string(), links: z.array(ActionLink).optional() }).strict()
    .optional(),
}).strict();

/** A new record of another type the caller may start from this one now (Record payment). */
export const RecordMake = z.object({ id: z.string(), label: z.string() }).strict();

/** The new record a make starts: its type, where its form opens, and its values. */
export const MadeRecordResponse = z.object({
  type: z.string(),
  path: z.string(),
  values: RecordValues,
}).strict();

export const RecordWithActions = z.object({
  record: RecordValues,
  /** Actions the caller may take now: workflow actions plus `update` and `delete` when allowed. */
  actions: z.array(RecordAction),
  /** Field ids the caller may not change on this record now. */
  read_only_fields: z.array(z.string()),
  /** New records of other types the caller may start from this one now. */
  makes: z.array(RecordMake),
}).strict();

/** A record an action made besides changing its own (a converted lead's client, an amendment). */
export const MadeRecord = z.object({
  type: z.string(),
  /** The type's label ("Client"). */
  label: z.string(),
  id: z.string(),
  title: z.string(),
  /** Its form under /app, when the caller may read the type. */
  path: z.string().optional(),
}).strict();

export const ActionRequest = z.object({
  version: z.number().int().positive(),
  comment: z.string().max(5000).optional(),
  /** The full name the person types as their signature (an action that asks for one). */
  signature_name: nameText({ min: 1, max: 140 }).optional(),
  /** The optional child rows (by id) the person picks as they take the action (a proposal's optional lines). */
  choices: z.array(z.string().min(1).max(64)).max(2_000).optional(),
}).strict();

/** One entry of a record's timeline. */
export const HistoryEntry = z.object({
  id: z.string(),
  /** `event`: something another part of the suite did about the record (a rule's run), in `summary`. */
  kind: z.enum(["created", "changed", "action", "comment", "deleted", "imported", "event"]),
  at: z.string(),
  by: z.object({ id: z.string().nullable(), name: z.string() }).strict(),
  action: z.string().optional(),
  comment: z.string().optional(),
  /** What happened, in words, when another record caused it ("Payment PAY-2026-00003 applied $400.00"). */
  summary: z.string().optional(),
  /** The record that caused it, to open (`label` is how the summary names it). */
  link: ActionLink.optional(),
  changes: z.array(
    z.object({
      field: z.string(),
      label: z.string(),
      from: z.unknown(),
      to: z.unknown(),
      /** A link's values by their records' titles. */
      from_title: z.string().nullable().optional(),
      to_title: z.string().nullable().optional(),
    }).strict(),
  ).optional(),
}).strict();
export const HistoryResponse = z.object({ entries: z.array(HistoryEntry) }).strict();
export const CommentRequest = z.object({ body: z.string().trim().min(1).max(5000) }).strict();

/** The same values for every id, or one action on every id (exactly one of the two). */
export const BulkRequest = z.object({
  ids: z.array(z.string().min(1).max(64)).min(1).max(BULK_LIMIT),
  values: RecordValues.optional(),
  action: z.string().min(1).max(64).optional(),
  comment: z.string().max(5000).optional(),
}).strict().refine((body) => (body.values === undefined) !== (body.action === undefined), {
  message: "Send either values or an action",
  path: ["values"],
});
export const BulkResult = z.object({
  id: z.string(),
  ok: z.boolean(),
  version: z.number().int().optional(),
  error: z.object({
    code: z.string(),
    message: z.string(),
    field: z.string().optional(),
  }).strict().optional(),
}).strict();
export const BulkResponse = z.object({
  results: z.array(BulkResult),
  succeeded: z.number().int(),
  failed: z.number().int(),
  /** A bulk edit that changed records: its author may undo it with this id until `until`. */
  undo: z.object({ id: z.string(), until: z.string() }).strict().optional(),
}).strict();

/**
 * How long a bulk edit can be undone. The client offers Undo for half of it, so
 * that an Undo pressed at the last moment still arrives in time.
 */
export const BULK_UNDO_SECONDS = 60;

/** Undoes one of the caller's bulk edits of the type. */
export const BulkUndoRequest = z.object({ edit: z.string().min(1).max(64) }).strict();

/**
 * One problem an import found: its line, the field's id and the column's heading
 * as the file writes it (null when the problem is not one column's), and what is
 * wrong, naming the column.
 */
export const ImportFailure = z.object({
  line: z.number().int().positive(),
  field: z.string().nullable(),
  column: z.string().nullable(),
  message: z.string(),
}).strict();
export const ImportResponse = z.object({
  dry_run: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  failed: z.array(ImportFailure),
  /** The file's header row as written (empty when the file has none). */
  header: z.array(z.string()),
  /** The rows that failed as written, in file order: with `header`, a file of them to fix. */
  failed_rows: z.array(z.object({ line: z.number().int(), cells: z.array(z.string()) }).strict()),
}).strict();

/** What an import of a type takes: its columns, as the import dialog lists them. */
export const ImportColumnsResponse = z.object({
  columns: z.array(
    z.object({
      /** The heading to write in the file. */
      heading: z.string(),
      field: z.string(),
      /** Whether every new record needs a value in the column. */
      required: z.boolean(),
      /** What the column holds, in words. */
      format: z.string(),
      /** The values a choice accepts, by their labels. */
      accepted: z.array(z.string()).optional(),
      description: z.string().optional(),
    }).strict(),
  ),
}).strict();

/** Most conditions one link search takes. */
export const SEARCH_FILTERS_MAX = 20;

export const SearchQuery = z.object({
  q: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
  /**
   * Conditions on the records offered, as a JSON list of list filters (a link
   * field's `link_filters` with the form's values filled in):
   * `[{"field":"client","op":"eq","value":"cli_1"}]`.
   */
  filters: z.string().max(20_000).optional(),
}).strict();
export const SearchResponse = z.object({
  items: z.array(
    z.object({ id: z.string(), title: z.string(), description: z.string().optional() })
      .strict(),
  ),
}).strict();

/** What the command palette asks: words typed, at least one character that is not a space. */
export const FindQuery = z.object({
  q: z.string().trim().min(1, "Type what to find").max(200, "At most 200 characters"),
}).strict();

/**
 * Records of every type the caller may read whose title matches, with the caller's
 * row visibility, and the actions (New invoice, …) whose names match.
 */
export const FindResponse = z.object({
  records: z.array(
    z.object({
      type: z.string(),
      type_label: z.string().describe("the record type's label, e.g. Invoice"),
      id: z.string(),
      title: z.string(),
      description: z.string().optional(),
      to: z.string().describe("the app path of the record's form"),
    }).strict(),
  ),
  actions: z.array(
    z.object({
      label: z.string().describe("e.g. New invoice"),
      to: z.string().describe("the app path the action opens"),
    }).strict(),
  ),
}).strict();
export type FindResponse = z.infer<typeof FindResponse>;

export const TypesResponse = z.object({ types: z.array(RecordTypeMeta) }).strict();
export const MetaResponse = z.object({
  meta: RecordTypeMeta,
  /** Options of select fields whose options come from a type master, by field id. */
  options: z.record(
    z.string(),
    z.array(z.object({ value: z.string(), label: z.string() }).strict()),
  ),
}).strict();
