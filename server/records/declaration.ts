/**
 * The shape of a record type's declaration: everything the engine needs to derive
 * its table, validation, API, permissions, screens, audit and live events. Each
 * record type is one file under its area's `types/` folder (`server/areas/<area>/types/`) calling
 * `defineRecordType({...})` (define.ts) with this shape.
 */
import type {
  FieldType,
  FormLayout,
  LinkFilter,
  SelectOption,
} from "../../schemas/records/meta.ts";
import type { Filter, Sort } from "../../schemas/records/meta.ts";
import type { NodeLike } from "../../schemas/descriptor/widgets.ts";

/**
 * A select's option as declared: a value only some roles may set names the action of
 * the type's module it needs (`requires: "win"` is `leads.win`) and, in `refusal`, the
 * sentence the others are refused with. Setting the value is refused (403) on every
 * write path unless the code sets it (a controller's trusted values); keeping it is not.
 */
export interface DeclaredOption extends SelectOption {
  requires?: string;
  refusal?: string;
}

/** `options_from` of a select whose values are the organisation's staff roles (by label). */
export const ROLE_OPTIONS = "@roles";
/** `options_from` of a select whose values are the product's record types (by plural). */
export const RECORD_TYPE_OPTIONS = "@record_types";
/**
 * `options_from` of the selects of an edited workflow's rows (`automation/workflows`),
 * over every type whose workflow may be edited: its transitions (`expense:approve>approved`),
 * its states (`expense:submitted`) and its actions' permissions (`expense:approve`).
 */
export const WORKFLOW_TRANSITION_OPTIONS = "@workflow_transitions";
export const WORKFLOW_STATE_OPTIONS = "@workflow_states";
export const WORKFLOW_PERMISSION_OPTIONS = "@workflow_permissions";
/** `options_from` of a select whose values are the record types whose workflow may be edited. */
export const WORKFLOW_TYPE_OPTIONS = "@workflow_types";
/** The lists of choices the product keeps itself, not the organisation's type masters. */
export const PRODUCT_LISTS: readonly string[] = [
  ROLE_OPTIONS,
  RECORD_TYPE_OPTIONS,
  WORKFLOW_TRANSITION_OPTIONS,
  WORKFLOW_STATE_OPTIONS,
  WORKFLOW_PERMISSION_OPTIONS,
  WORKFLOW_TYPE_OPTIONS,
];

/**
 * Standard actions every record type has; workflow actions add to them. `comment`
 * adds to a record's timeline: its own permission, since reading a record is not
 * a right to write on it.
 */
export const STANDARD_ACTIONS = [
  "read",
  "create",
  "update",
  "comment",
  "delete",
  "export",
  "import",
] as const;
export type StandardAction = typeof STANDARD_ACTIONS[number];

/**
 * A value a field starts with: a literal, or `@today`, `@now`, `@me` (the caller),
 * `@organization.<column>` (the caller's organisation's setting, such as its currency).
 */
export type FieldDefault = string | number | boolean;

/** How a computed field gets its value (computed fields are read-only and stored). */
export type Computed =
  /** Sum of a child table's field over its rows: `"lines.amount"`. */
  | { sum: string }
  /** An expression of the expression language over the record's values. */
  | { expression: string };

/** One field. `id` is snake_case and is the key in the API. */
export interface FieldDeclaration {
  id: string;
  label: string;
  type: FieldType;
  description?: string;
  /** A value showing what the field holds, valid as it is (a placeholder, an import template's example). */
  example?: string;
  /** Storage column (default: the field id). Lets a type keep an existing table's column names. */
  column?: string;
  required?: boolean;
  /** Unique within the organisation. */
  unique?: boolean;
  /**
   * A name people read (a company, a person): one line without control characters
   * (schemas/api/name-text.ts). A type's title field and naming field are names
   * without saying so. Data fields only.
   */
  is_name?: boolean;
  default?: FieldDefault;
  read_only?: boolean;
  hidden?: boolean;
  /** Shown as a list column by default. */
  in_list?: boolean;
  /** Offered as a list filter (indexed). */
  filterable?: boolean;
  /** The list may sort by it (indexed). */
  sortable?: boolean;
  /** Numbers: bounds of the value. Text: `max` bounds the length (see max_length). */
  min?: number;
  max?: number;
  /** Text length limit (default data/email/phone/url 140, long_text 10,000, attach 255). */
  max_length?: number;
  /** Decimal places kept for float, currency and percent (default 2). */
  precision?: number;
  /** Select: the allowed values and their labels (an option may need a permission to be set). */
  options?: readonly DeclaredOption[];
  /**
   * Select: the allowed values are the organisation's type master rows of this
   * kind, or its staff roles when it is `ROLE_OPTIONS`.
   */
  options_from?: string;
  /**
   * Select: how much a record holding each value weighs, from the organisation's
   * records of `type` (the row whose `key` field holds the value; its `percent`
   * field, 0 to 100, is the weight; a value without a row weighs nothing). A query
   * sums a number weighted by it (`{fn: "sum", field, weight: <this field>}`), as a
   * pipeline weighs each stage's value by the stage's probability.
   */
  weights_from?: { type: string; key: string; percent: string };
  /** Link: the target record type id, or `user` (a member of the organisation). */
  link?: string;
  /**
   * Link: the conditions the picker offers target records by, filters on the target
   * whose value may name a field of this record (`{ $field: "client" }`, or its
   * `id`; for a child row's link, a field of the parent record). They narrow the choice; the
   * save's own rules still decide what is accepted.
   */
  link_filters?: readonly LinkFilter[];
  /** Table: the child rows' declaration. */
  child?: ChildTableDeclaration;
  /** Copied from a linked record on save: `"<link field>.<field of the target>"`. */
  fetch_from?: string;
  /** With fetch_from: copied only when the field is left empty, so the value stays editable (Frappe's fetch_if_empty). */
  fetch_if_empty?: boolean;
  computed?: Computed;
  /**
   * An editable default: an expression of the expression language over the record's
   * own fields (as sent and fetched; not computed ones), filling the field whenever a
   * write would leave it empty — a create that does not send it, a caller clearing it, a
   * stored record that never had it. A value the caller sends is theirs and is checked
   * as any other; a stored value is never replaced. The form shows the default live as
   * its inputs change, until the person edits the field. A record's own fields only (not
   * a child table's), and not with `computed`, `default` or `fetch_from`.
   */
  default_formula?: string;
  /** Expression language conditions (schemas/records/expression.ts). */
  visible_if?: string;
  required_if?: string;
  read_only_if?: string;
  /** Permission level: a role without level 1 on the module neither sees nor sends a level-1 field. */
  level?: 0 | 1;
  /** Changeable after submission (submittable types). */
  allow_on_submit?: boolean;
}

/**
 * An index that reports or periodic checks read the type by, besides the ones its
 * naming, unique keys, filters, sorts and default list get without asking.
 */
export interface IndexDeclaration {
  /** Field ids, or standard columns (`status`, `docstatus`, the parent column), in order. */
  fields: readonly string[];
  /** A check that reads across organisations: the index does not lead with the organisation. */
  across_organizations?: boolean;
}

/** A child table: rows owned by one record, stored in their own table. */
export interface ChildTableDeclaration {
  /** Table name (snake_case, plural). */
  table: string;
  /** Column holding the parent's id (default `parent_id`). */
  parent_column?: string;
  fields: readonly FieldDeclaration[];
  /** Most rows one record may hold (default 5,000). */
  max_rows?: number;
  /**
   * What one row is called in messages, by its position: "Line" gives "Line 2: Date
   * is required" (default "Row").
   */
  row_label?: string;
  /** Indexes reports read the rows by. */
  indexes?: readonly IndexDeclaration[];
}

/** A workflow state. */
export interface StateDeclaration {
  id: string;
  label: string;
  tone?: "neutral" | "info" | "success" | "warning" | "danger";
  /** 0 draft (editable), 1 submitted (read-only but allow_on_submit fields), 2 cancelled. */
  docstatus: 0 | 1 | 2;
  /**
   * A record in this state waits for someone to take `action` (an approval):
   * the person the link `field` names, or without one everyone whose role may
   * take it (never the record's creator when the action is `not_by_creator`).
   * The engine refuses to move a record here when no one could, tells each of
   * them when one arrives (in the app and by mail), says on the record whom it
   * waits for, and lists it under their "Waiting for me".
   */
  awaits?: { action: string; field?: string };
  /**
   * A state past the draft that is not yet final (a claim waiting for approval):
   * only these fields may change in it, a child table's column named
   * `<table>.<column>` (its rows then can be neither added nor removed). `[]` makes
   * a record in this state read-only. Left out, every field may change (docstatus 0).
   */
  editable?: readonly string[];
}

/** A transition: an action moving a record from one of `from` to `to`. */
export interface TransitionDeclaration {
  /** The action id; its permission is `<module>.<action>`. */
  action: string;
  label: string;
  from: readonly string[];
  to: string;
  /** An expression that must hold on the record, and the reason shown when it does not. */
  condition?: { expression: string; message: string };
  comment?: "none" | "optional" | "required";
  /** Whether the person types their full name as a signature to take it (`signature_name`). */
  signature?: "required";
  tone?: "neutral" | "primary" | "danger";
  confirm?: string;
  /** What the action did, for its result's toast ("approved"; default: the label's past tense). */
  done?: string;
  /** The actor may not take this action on a record they created (approvals). */
  not_by_creator?: boolean;
  /**
   * The action of the type's module whose permission taking it needs, when an
   * organisation's edited workflow says so (edited-workflows.ts); default its own.
   */
  permission?: string;
}

/** An action that does not move a workflow state (a lead's conversion): runs its hook. */
export interface CustomActionDeclaration {
  /** The action id; its permission is `<module>.<action>`. */
  action: string;
  label: string;
  /** An expression that must hold on the record, and the reason shown when it does not. */
  condition?: { expression: string; message: string };
  comment?: "none" | "optional" | "required";
  tone?: "neutral" | "primary" | "danger";
  confirm?: string;
  /** What the action did, for its result's toast ("converted"; default: the label's past tense). */
  done?: string;
  /** Submittable types: the action is taken on a submitted record (a credit note), not on a draft. */
  on_submitted?: boolean;
}

/**
 * A new record of another type started from this one (Frappe's "Create" buttons:
 * an invoice's Record payment). Offered while `when` holds, to callers who may
 * create the other type, it opens that type's new form with `values` filled in
 * from this record; nothing is stored until the person saves it.
 */
export interface MakeDeclaration {
  /** snake_case, unique on the type. */
  id: string;
  label: string;
  /** The record type it starts. */
  type: string;
  /** While it is offered: an expression over this record. */
  when: string;
  /**
   * The new record's values: a field of the new type → an expression over this
   * record; a table field → its rows, each a map of the same kind, or one row for
   * each row of a table of this record (`each`), its columns expressions over that
   * row (a template's default lines becoming a proposal's lines).
   */
  values: Readonly<Record<string, string | MadeRows>>;
}

/** A made record's table rows: listed, or one for each row of a table of the source. */
export type MadeRows =
  | readonly Readonly<Record<string, string>>[]
  | { each: string; row: Readonly<Record<string, string>> };

/** A status derived from the record's values, in order; the first that holds wins. */
export interface DerivedStatusRule {
  status: string;
  /** How the status reads, for types without workflow states (their statuses carry labels). */
  label?: string;
  tone?: "neutral" | "info" | "success" | "warning" | "danger";
  /** The document status records with this status have (default 1, submitted). */
  docstatus?: 0 | 1 | 2;
  /** Only applies while the workflow state is one of these. */
  in_states?: readonly string[];
  when: string;
}

/** A panel added to the form: a related list or any descriptor node. */
export type FormPanel =
  | {
    kind: "related";
    label: string;
    type: string;
    /** The related type's link to this record, or a link of its child rows (`allocations.invoice`). */
    field: string;
    /**
     * Whether the panel offers New (default true). Records another action makes —
     * a credit note (the invoice's Credit note action), a converted lead — say false.
     */
    create?: boolean;
    /** What the panel says when it lists nothing (default "No <plural> yet"). */
    empty_text?: string;
  }
  | { kind: "node"; label: string; node: NodeLike };

/** The whole declaration of a record type. */
export interface RecordTypeDeclaration {
  /** snake_case, singular: `task`, `lead`, `invoice`. */
  id: string;
  label: string;
  plural: string;
  /** The catalogue module owning the type: its switch guards the API; permissions are `<module>.<action>`. */
  module: string;
  /** Storage table (default: the id plus `s`). */
  table?: string;
  /** How `name` is given: a series like `TSK-.YYYY.-.#####`, or the value of a field. */
  naming: { series: string } | { field: string };
  title_field: string;
  search_fields: readonly string[];
  fields: readonly FieldDeclaration[];
  /**
   * Fields whose values together are unique within the organisation (a type
   * master's list and code): each set has its unique index, and a second record
   * with the same values is refused with 400 naming the set's last field.
   */
  unique_together?: readonly (readonly string[])[];
  /** Indexes reports and periodic checks read the table by. */
  indexes?: readonly IndexDeclaration[];
  /** Submittable types: drafts are edited, submitted ones are read-only, cancelled ones can be amended. */
  submittable?: boolean;
  /**
   * Its records are the organisation's settings (type masters: the lists selects
   * offer, with their labels): a change moves the organisation's settings version,
   * so every descriptor showing them is built again and open screens are told.
   */
  organization_setting?: boolean;
  /**
   * Its records are made and changed by the system only (an automation rule's
   * runs): no one creates, changes, deletes or imports them, so those actions are
   * neither offered nor granted; they are read, exported, commented on and taken
   * their own actions.
   */
  system_made?: boolean;
  /**
   * Its states' transitions may be edited by an organisation's administrators
   * (`automation/workflows`): from which states each may be taken, the permission
   * it needs and its comment. Its controllers must accept a transition taken from
   * any of its states.
   */
  workflow_editable?: boolean;
  states?: {
    initial: string;
    list: readonly StateDeclaration[];
    transitions: readonly TransitionDeclaration[];
  };
  /** Actions besides transitions, each carried out by its controller (`records/engine/controller.ts`). */
  actions?: readonly CustomActionDeclaration[];
  /** New records of other types started from this one, prefilled from it. */
  makes?: readonly MakeDeclaration[];
  derived_status?: readonly DerivedStatusRule[];
  list: {
    columns: readonly string[];
    sort: readonly Sort[];
    views?: readonly {
      id: string;
      label: string;
      filters?: readonly Filter[];
      sort?: readonly Sort[];
    }[];
    /**
     * A sortable data field keeping the records' order on a board, highest first (its
     * default `@now`: a new record comes first): a card put between two others takes a
     * key between theirs, so its place in its column is one change of one record.
     */
    rank?: string;
  };
  form: FormLayout;
  panels?: readonly FormPanel[];
  /** Role → the actions it starts with (standard and workflow); `level1` grants permission level 1. */
  roles: Readonly<Record<string, readonly (StandardAction | "level1" | string)[]>>;
  /** Roles confined to their own records: those whose `fields` (user links, or `created_by`) name them. */
  own_records?: { roles: readonly string[]; fields: readonly string[] };
  /**
   * Records people keep for themselves and share (saved reports, dashboards): each
   * is read by its owner (`owner`, a user link or `created_by`), and by everyone in
   * the organisation when its `mode` field is `organization`, or by the roles its
   * `roles` table lists (a `role` per row) when it is `roles`. Only its owner
   * changes it.
   */
  sharing?: { owner: string; mode: string; roles: string };
  /** Where the form opens under /app (default `<module>/:id`). */
  form_route?: string;
  /**
   * A call the form makes with a new record's values before creating it
   * (`POST {create_check}` with `{ type, values }`), answering `{ warnings }`: each
   * an existing record it looks like, named and linked. The form shows them and
   * creates only when the person chooses to create anyway.
   */
  create_check?: string;
  /**
   * The record is attached to another record named by two of its fields (a
   * document): the caller must be able to read that record to attach to it or to
   * download the record's files.
   */
  attached_to?: { type_field: string; id_field: string };
  /**
   * Rows of other tables that belong to the record and go with it when it is
   * deleted (a task's status history). Any other row still naming it refuses the
   * delete (409).
   */
  delete_with?: readonly { table: string; column: string }[];
  /**
   * Actions the client portal's users take on the records of their own client (a
   * proposal's accept and decline): `client_field` is the link to the client. A
   * portal user reaches such a record only through these actions and only when the
   * field names their client (any other is 404); staff permissions are not theirs.
   */
  portal?: { client_field: string; actions: readonly string[] };
}

/** Who a record its owner shares is shared with, as people read it. */
export const SHARING_OPTIONS = [
  { value: "private", label: "Only me", tone: "neutral" },
  { value: "roles", label: "Roles", tone: "info" },
  { value: "organization", label: "Everyone", tone: "success" },
] as const;

/**
 * The two fields of a record its owner shares (`declaration.sharing`): who it is
 * shared with (only its owner, roles, or everyone in the organisation) and, for
 * roles, which (a child table of the organisation's staff roles). Saved reports
 * and dashboards declare them alike.
 */
export function sharingFields(table: string, parentColumn: string): FieldDeclaration[] {
  return [
    {
      id: "sharing",
      label: "Shared with",
      type: "select",
      required: true,
      default: "private",
      in_list: true,
      filterable: true,
      options: SHARING_OPTIONS.map((o) => ({ ...o })),
    },
    {
      id: "shared_roles",
      label: "Roles",
      type: "table",
      visible_if: "sharing == 'roles'",
      child: {
        table,
        row_label: "Role",
        parent_column: parentColumn,
        max_rows: 50,
        fields: [{
          id: "role",
          label: "Role",
          type: "select",
          options_from: ROLE_OPTIONS,
          required: true,
          in_list: true,
        }],
      },
    },
  ];
}
