/**
 * What the record engine tells callers about a record type: its fields, child
 * tables, states, layout and the caller's actions. The server derives it from the
 * type's declaration (`server/areas/<area>/types/*.ts`); the client's record widgets
 * render lists and forms from it, and evaluate its conditions with the same
 * expression language (`expression.ts`) the server validates with.
 */
import { z } from "zod";

/** Field types. `table` holds child rows; `link` names another record type (or `user`). */
export const FIELD_TYPES = [
  "data",
  "long_text",
  "int",
  "float",
  "currency",
  "percent",
  "check",
  "select",
  "date",
  "datetime",
  "link",
  "table",
  "attach",
  "email",
  "phone",
  "url",
] as const;
export const FieldType = z.enum(FIELD_TYPES);
export type FieldType = z.infer<typeof FieldType>;

/** One option of a select field: the stored value and the label users read. */
export const SelectOption = z.object({
  value: z.string(),
  label: z.string(),
  tone: z.enum(["neutral", "info", "success", "warning", "danger"]).optional(),
}).strict();
export type SelectOption = z.infer<typeof SelectOption>;

/** A filter of a list: a field, an operator and a value. */
export const Filter = z.object({
  field: z.string(),
  op: z.enum([
    "eq",
    "ne",
    "lt",
    "lte",
    "gt",
    "gte",
    "in",
    "not_in",
    "contains",
    "is_set",
    "is_not_set",
    "between",
  ]),
  /**
   * `@me` is the caller; dates may be relative: `@today`, `@today+N` and `@today-N` days,
   * `@start_of_<period>` and `@end_of_<period>` (week, month, quarter, year), `-N`/`+N` periods away.
   */
  value: z.union([
    z.string().max(1000),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(z.union([z.string().max(1000), z.number()])).max(1000),
  ]).optional(),
}).strict();
export type Filter = z.infer<typeof Filter>;

/** A reference to another field of the record being edited, resolved by the form: `{ "$field": "client" }`. */
export const FieldReference = z.object({ $field: z.string().min(1) }).strict();
export type FieldReference = z.infer<typeof FieldReference>;

/**
 * A condition a link field's picker puts on the records it offers: a filter on the
 * target type (as a list filter) whose value may be another field of the record
 * being edited (for a child row's link, a field of the parent record). A payment
 * allocation's invoice: `{ field: "client", op: "eq", value: { $field: "client" } }`.
 */
export const LinkFilter = z.object({
  field: z.string(),
  op: Filter.shape.op,
  value: z.union([Filter.shape.value.unwrap(), FieldReference]).optional(),
}).strict();
export type LinkFilter = z.infer<typeof LinkFilter>;

/** One field as callers see it (a level-1 field is left out for callers without level 1). */
export const FieldMeta = z.object({
  id: z.string(),
  label: z.string(),
  type: FieldType,
  description: z.string().optional(),
  /** A value showing what the field holds, valid as it is (a placeholder, an import template's example). */
  example: z.string().optional(),
  required: z.boolean().optional(),
  unique: z.boolean().optional(),
  default: z.union([z.string(), z.number(), z.boolean()]).optional(),
  /** Read-only for everyone (also computed and fetched fields), or for this caller (level). */
  read_only: z.boolean().optional(),
  hidden: z.boolean().optional(),
  in_list: z.boolean().optional(),
  filterable: z.boolean().optional(),
  sortable: z.boolean().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  max_length: z.number().int().positive().optional(),
  precision: z.number().int().min(0).max(9).optional(),
  options: z.array(SelectOption).optional(),
  /** Select options come from this type master kind (the caller fetches them with the type's meta). */
  options_from: z.string().optional(),
  /** Select: each value carries a weight a query may sum a number by (`aggregates[].weight`). */
  weighted: z.boolean().optional(),
  /** Link target: a record type id, or `user`. */
  link: z.string().optional(),
  /**
   * Where a linked record's form opens under /app, with `:id`: present when the
   * caller may read the target type, so the value shows as a link to it.
   */
  link_route: z.string().optional(),
  /** The conditions the link's picker offers records by (see LinkFilter). */
  link_filters: z.array(LinkFilter).optional(),
  fetch_from: z.string().optional(),
  /** With fetch_from: the value is fetched only while left empty, and stays editable. */
  fetch_if_empty: z.boolean().optional(),
  computed: z.boolean().optional(),
  /** A computed field's formula, for the form to show it live: a child table's sum, or an expression. */
  formula: z.union([
    z.object({ sum: z.string() }).strict(),
    z.object({ expression: z.string() }).strict(),
  ]).optional(),
  /**
   * An editable default: an expression over the record's fields that the form shows
   * live while the field is empty and untouched by the person (a stored or sent
   * value is kept); the server fills the field from it when a save leaves it empty.
   */
  default_formula: z.string().optional(),
  visible_if: z.string().optional(),
  required_if: z.string().optional(),
  read_only_if: z.string().optional(),
  level: z.number().int().min(0).max(1).optional(),
  /** For `table` fields: the child rows' fields. */
  get fields(): z.ZodOptional<z.ZodArray<typeof FieldMeta>> {
    return z.array(FieldMeta).optional();
  },
}).strict();
export type FieldMeta = z.infer<typeof FieldMeta>;

/** One state of a record type's workflow. */
export const StateMeta = z.object({
  id: z.string(),
  label: z.string(),
  tone: z.enum(["neutral", "info", "success", "warning", "danger"]).optional(),
  /** 0 draft (editable, deletable), 1 submitted (read-only), 2 cancelled. */
  docstatus: z.union([z.literal(0), z.literal(1), z.literal(2)]),
}).strict();

/**
 * How an action is worded around its button: the question asked first, the
 * confirmation's two buttons ("Cancel invoice" / "Keep invoice") and what the
 * result's toast says it did ("cancelled"). The server words every action.
 */
export const ActionWording = z.object({
  confirm: z.string().optional(),
  confirm_label: z.string().optional(),
  keep_label: z.string().optional(),
  done: z.string().optional(),
}).strict();

/**
 * What a submittable record's document status reads as (stored 0, 1, 2): the words
 * of its timeline, its audit entries and its notifications.
 */
export const DOCUMENT_STATUS_OPTIONS: readonly SelectOption[] = [
  { value: "0", label: "Draft", tone: "neutral" },
  { value: "1", label: "Submitted", tone: "info" },
  { value: "2", label: "Cancelled", tone: "danger" },
];

/** One workflow action (a transition), or a built-in one (`submit`, `cancel`, `amend`). */
export const ActionMeta = z.object({
  id: z.string(),
  label: z.string(),
  /** The permission the action needs: `<module>.<action>`. */
  permission: z.string(),
  comment: z.enum(["none", "optional", "required"]).optional(),
  tone: z.enum(["neutral", "primary", "danger"]).optional(),
  ...ActionWording.shape,
  /** The question and the button before the action is taken on many records, with `{count}`. */
  bulk_confirm: z.string().optional(),
  bulk_label: z.string().optional(),
}).strict();
export type ActionMeta = z.infer<typeof ActionMeta>;

/** One key of a list's sort. */
export const Sort = z.object({ field: z.string(), dir: z.enum(["asc", "desc"]) }).strict();
export type Sort = z.infer<typeof Sort>;

/** Who besides its owner sees a saved view: no one, chosen roles, or everyone in the organisation. */
export const ViewSharing = z.enum(["private", "roles", "organization"]);

/** A list view: filters and sort, built-in (declared) or saved by a user. */
export const ViewMeta = z.object({
  id: z.string(),
  label: z.string(),
  filters: z.array(Filter).optional(),
  sort: z.array(Sort).optional(),
  columns: z.array(z.string()).optional(),
  /** Seen as a list (default), as a board by `board_field`, a calendar by `calendar_field`, groups by `group_fields` or a timeline from `timeline_start` to `timeline_end`. */
  layout: z.enum(["list", "board", "calendar", "groups", "timeline"]).optional(),
  board_field: z.string().optional(),
  calendar_field: z.string().optional(),
  group_fields: z.array(z.string()).optional(),
  timeline_start: z.string().optional(),
  timeline_end: z.string().optional(),
  /** True for a view the caller saved (they may share or delete it). */
  saved: z.boolean().optional(),
  /** Who besides the owner sees the caller's own view. */
  sharing: ViewSharing.optional(),
  /** The roles the caller's own view is shared with. */
  shared_roles: z.array(z.string()).optional(),
  /** Who shared a view that is not the caller's own. */
  shared_by: z.string().optional(),
}).strict();

/** Form layout: tabs of sections of columns of field ids. */
export const FormLayout = z.object({
  tabs: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      sections: z.array(
        z.object({
          label: z.string().optional(),
          columns: z.array(z.array(z.string())).min(1).max(3),
        }).strict(),
      ),
    }).strict(),
  ).min(1),
}).strict();
export type FormLayout = z.infer<typeof FormLayout>;

/** The metadata of one record type, as one caller may see it. */
export const RecordTypeMeta = z.object({
  id: z.string(),
  label: z.string(),
  plural: z.string(),
  module: z.string(),
  /** Field holding the record's title (shown in links and headings). */
  title_field: z.string(),
  /** Records are numbered by this series (their name is not typed in, even as the title). */
  series: z.string().optional(),
  search_fields: z.array(z.string()),
  submittable: z.boolean(),
  fields: z.array(FieldMeta),
  states: z.array(StateMeta).optional(),
  /** Every action of the type the caller holds the permission for (the record says which apply now). */
  actions: z.array(ActionMeta),
  /** What the caller may do with the type at all. */
  can: z.object({
    read: z.boolean(),
    create: z.boolean(),
    update: z.boolean(),
    /** May add comments to a record's timeline. */
    comment: z.boolean(),
    delete: z.boolean(),
    export: z.boolean(),
    import: z.boolean(),
  }).strict(),
  list: z.object({
    columns: z.array(z.string()),
    sort: z.array(Sort),
    views: z.array(ViewMeta),
    /** The text field keeping the records' order on a board, highest first. */
    rank: z.string().optional(),
  }).strict(),
  form: FormLayout,
  /** Where a record's form opens under /app, with `:id` (`new` for a new record). */
  form_route: z.string(),
  /** The call a new record's values are checked with before it is created (look-alikes). */
  create_check: z.string().optional(),
}).strict();
export type RecordTypeMeta = z.infer<typeof RecordTypeMeta>;
