/**
 * Payloads of the record engine's API (`/api/records/...`), common to every record
 * type. The engine also publishes each type's own request and response schemas in
 * the OpenAPI document; these are the envelopes around them.
 */
import { z } from "zod";
import { Filter, RecordTypeMeta, Sort } from "./meta.ts";

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

/** An action the caller may take on the record now. */
export const RecordAction = z.object({
  id: z.string(),
  label: z.string(),
  comment: z.enum(["none", "optional", "required"]).optional(),
  tone: z.enum(["neutral", "primary", "danger"]).optional(),
  confirm: z.string().optional(),
}).strict();
export const RecordWithActions = z.object({
  record: RecordValues,
  /** Actions the caller may take now: workflow actions plus `update` and `delete` when allowed. */
  actions: z.array(RecordAction),
  /** Field ids the caller may not change on this record now. */
  read_only_fields: z.array(z.string()),
}).strict();

export const ActionRequest = z.object({
  version: z.number().int().positive(),
  comment: z.string().max(5000).optional(),
}).strict();

/** One entry of a record's timeline. */
export const HistoryEntry = z.object({
  id: z.string(),
  kind: z.enum(["created", "changed", "action", "comment", "deleted", "imported"]),
  at: z.string(),
  by: z.object({ id: z.string().nullable(), name: z.string() }).strict(),
  action: z.string().optional(),
  comment: z.string().optional(),
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
}).strict();

export const ImportFailure = z.object({
  line: z.number().int().positive(),
  field: z.string().nullable(),
  message: z.string(),
}).strict();
export const ImportResponse = z.object({
  dry_run: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  failed: z.array(ImportFailure),
}).strict();

export const SearchQuery = z.object({
  q: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
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
