/**
 * `defineRecordType({...})`: checks a declaration once, when its file is loaded,
 * and gives the engine its normalised form. A declaration that names a field it
 * does not have, lays out a field twice or gives a transition an unknown state
 * fails at start-up with a message naming the type and the part, never at a
 * caller's request.
 */
import type { FieldDeclaration, RecordTypeDeclaration, StandardAction } from "./declaration.ts";
import { STANDARD_ACTIONS } from "./declaration.ts";
import { fieldsOf, parseExpression } from "../../schemas/records/expression.ts";

/** Default text lengths by field type. */
const TEXT_LIMITS: Partial<Record<FieldDeclaration["type"], number>> = {
  data: 140,
  email: 140,
  phone: 40,
  url: 500,
  long_text: 10_000,
  attach: 255,
  select: 140,
  link: 64,
};

/** A field after normalisation: its column and limits are always known. */
export interface RecordField extends FieldDeclaration {
  column: string;
  max_length?: number;
  precision?: number;
  /** For `table` fields: the child rows' normalised fields. */
  childFields?: readonly RecordField[];
}

/** A record type as the engine uses it. */
export interface RecordType {
  readonly id: string;
  readonly declaration: RecordTypeDeclaration;
  readonly module: string;
  readonly table: string;
  readonly fields: readonly RecordField[];
  readonly field: ReadonlyMap<string, RecordField>;
  /**
   * The sets of fields unique within the organisation: each `unique` field alone,
   * then each `unique_together` set, in declared order. Each has its unique index.
   */
  readonly uniqueKeys: readonly (readonly RecordField[])[];
  /** Workflow and built-in actions (submit, cancel, amend) besides the standard ones. */
  readonly actions: readonly string[];
  /** Every action's id, standard ones first. */
  readonly allActions: readonly string[];
}

const SNAKE = /^[a-z][a-z0-9_]*$/;

/** The standard actions a system-made type offers no one. */
const SYSTEM_ONLY: readonly string[] = ["create", "update", "delete", "import"];

/** Checks and normalises a declaration. */
export function defineRecordType(declaration: RecordTypeDeclaration): RecordType {
  const where = `Record type "${declaration.id}"`;
  if (!SNAKE.test(declaration.id)) throw new Error(`${where}: id must be snake_case`);
  // The title and the naming field are what the record is called: names, whatever else they are.
  const names = new Set([
    declaration.title_field,
    ...("field" in declaration.naming ? [declaration.naming.field] : []),
  ]);
  const fields = declaration.fields.map((f) =>
    normaliseField(names.has(f.id) && f.type === "data" ? { ...f, is_name: true } : f, where)
  );
  const field = new Map(fields.map((f) => [f.id, f]));
  if (field.size !== fields.length) throw new Error(`${where}: two fields share an id`);
  const reserved = ["id", "name", "version", "status", "docstatus", "created_at", "created_by"];
  // A type named by its field `name` declares it (label, length, required): the standard column.
  const namedByName = "field" in declaration.naming && declaration.naming.field === "name";
  for (const f of fields) {
    const allowed = (f.id === "status" && !declaration.states) ||
      (f.id === "name" && namedByName && f.column === "name");
    if (reserved.includes(f.id) && !allowed) {
      throw new Error(`${where}: field "${f.id}" is reserved`);
    }
  }
  const known = (id: string) => field.has(id) || ["name", "status", "created_at"].includes(id);
  const check = (ids: readonly string[], part: string) => {
    for (const id of ids) {
      if (!known(id)) throw new Error(`${where}: ${part} names unknown field "${id}"`);
    }
  };
  if (!("series" in declaration.naming)) check([declaration.naming.field], "naming");
  check([declaration.title_field], "title_field");
  check(declaration.search_fields, "search_fields");
  check(declaration.list.columns, "list.columns");
  check(declaration.list.sort.map((s) => s.field), "list.sort");
  const rank = declaration.list.rank === undefined ? undefined : field.get(declaration.list.rank);
  if (declaration.list.rank !== undefined && (rank?.type !== "data" || !rank.sortable)) {
    throw new Error(`${where}: list.rank "${declaration.list.rank}" must be a sortable data field`);
  }
  distinctLabels(fields, where);
  for (const f of fields) {
    if (f.childFields) distinctLabels(f.childFields, `${where} table "${f.id}"`);
  }
  const laidOut = declaration.form.tabs.flatMap((t) => t.sections.flatMap((s) => s.columns.flat()));
  check(laidOut, "form");
  if (new Set(laidOut).size !== laidOut.length) {
    throw new Error(`${where}: form lays out a field twice`);
  }
  for (const f of fields) {
    if (f.link && f.type !== "link") {
      throw new Error(`${where}: field "${f.id}" has link but is ${f.type}`);
    }
    if (f.type === "link" && !f.link) {
      throw new Error(`${where}: link field "${f.id}" names no target`);
    }
    if (f.type === "table" && !f.child) {
      throw new Error(`${where}: table field "${f.id}" has no child`);
    }
    if (f.is_name && f.type !== "data") {
      throw new Error(`${where}: only data fields are names ("${f.id}")`);
    }
    if (f.options && !["select", "int"].includes(f.type)) {
      throw new Error(`${where}: only select and int fields have options ("${f.id}")`);
    }
    if (f.weights_from && f.type !== "select") {
      throw new Error(`${where}: field "${f.id}" has weights_from but is not a select`);
    }
    if (f.type === "select" && !f.options && !f.options_from) {
      throw new Error(`${where}: select field "${f.id}" has no options`);
    }
    if (f.fetch_from) check([f.fetch_from.split(".")[0]], `fetch_from of "${f.id}"`);
  }
  const uniqueKeys: RecordField[][] = fields.filter((f) => f.unique).map((f) => [f]);
  for (const ids of declaration.unique_together ?? []) {
    const unknown = ids.find((id) => !field.has(id));
    if (unknown) throw new Error(`${where}: unique_together names unknown field "${unknown}"`);
    const key = ids.map((id) => field.get(id)!);
    if (key.length < 2 || key.some((f) => f.type === "table")) {
      throw new Error(`${where}: unique_together needs two or more fields that are not tables`);
    }
    uniqueKeys.push(key);
  }
  const standard = ["id", "name", "status", "docstatus", "created_at", "updated_at"];
  for (const index of declaration.indexes ?? []) {
    const unknown = index.fields.find((id) =>
      !standard.includes(id) && !(field.has(id) && field.get(id)!.type !== "table")
    );
    if (unknown || index.fields.length === 0) {
      throw new Error(`${where}: an index names unknown field "${unknown ?? ""}"`);
    }
  }
  for (const table of fields.filter((f) => f.child?.indexes)) {
    const own = new Set([
      table.child!.parent_column ?? "parent_id",
      ...(table.childFields ?? []).map((c) => c.id),
    ]);
    const unknown = table.child!.indexes!.flatMap((i) => i.fields).find((id) => !own.has(id));
    if (unknown) {
      throw new Error(`${where}: an index of "${table.id}" names unknown field "${unknown}"`);
    }
  }
  const sharing = declaration.sharing;
  if (sharing) {
    const roles = fields.find((f) => f.id === sharing.roles);
    const mode = fields.find((f) => f.id === sharing.mode);
    const owner = fields.find((f) => f.id === sharing.owner);
    if (
      !roles?.child || !roles.childFields?.some((c) => c.id === "role") ||
      mode?.type !== "select" || !(sharing.owner === "created_by" || owner?.type === "link")
    ) {
      throw new Error(
        `${where}: sharing needs a user link (or created_by), a select and a table with a "role" field`,
      );
    }
  }
  // A picker's condition may name the record's own fields (a child row's, its parent's).
  for (const f of [...fields, ...fields.flatMap((p) => p.childFields ?? [])]) {
    if (!f.link_filters) continue;
    if (f.type !== "link" || f.link === "user") {
      throw new Error(`${where}: field "${f.id}" has link_filters but links no record type`);
    }
    const named = f.link_filters.flatMap((c) =>
      typeof c.value === "object" && c.value !== null && "$field" in c.value ? [c.value.$field] : []
    );
    check(named.filter((id) => id !== "id"), `link_filters of "${f.id}"`);
  }
  const actions: string[] = [];
  if (declaration.submittable) actions.push("submit", "cancel", "amend");
  if (declaration.states) {
    const states = new Set(declaration.states.list.map((s) => s.id));
    if (!states.has(declaration.states.initial)) {
      throw new Error(`${where}: initial state "${declaration.states.initial}" is not a state`);
    }
    for (const state of declaration.states.list) {
      for (const path of state.editable ?? []) {
        const [head, column] = path.split(".");
        const target = fields.find((f) => f.id === head);
        const known = column === undefined
          ? target !== undefined
          : target?.childFields?.some((c) => c.id === column) === true;
        if (!known) {
          throw new Error(`${where}: state "${state.id}" makes unknown field "${path}" editable`);
        }
      }
    }
    for (const t of declaration.states.transitions) {
      for (const s of [...t.from, t.to]) {
        if (!states.has(s)) {
          throw new Error(`${where}: transition "${t.action}" names unknown state "${s}"`);
        }
      }
      if (!SNAKE.test(t.action)) {
        throw new Error(`${where}: action "${t.action}" must be snake_case`);
      }
      if (!actions.includes(t.action)) actions.push(t.action);
    }
    for (const state of declaration.states.list) {
      if (!state.awaits) continue;
      const { action, field } = state.awaits;
      if (
        !declaration.states.transitions.some((t) =>
          t.action === action && t.from.includes(state.id)
        )
      ) {
        throw new Error(
          `${where}: state "${state.id}" awaits "${action}", which does not leave it`,
        );
      }
      const named = field === undefined
        ? undefined
        : declaration.fields.find((f) => f.id === field);
      if (field !== undefined && (named?.type !== "link" || named.link !== "user")) {
        throw new Error(
          `${where}: state "${state.id}" awaits the person in "${field}", not a user link`,
        );
      }
    }
  }
  for (const custom of declaration.actions ?? []) {
    if (!SNAKE.test(custom.action)) {
      throw new Error(`${where}: action "${custom.action}" must be snake_case`);
    }
    if (!actions.includes(custom.action)) actions.push(custom.action);
  }
  // The actions an option needs are permissions of the module, not actions a record takes.
  const optionActions: string[] = [];
  for (const f of fields) {
    for (const option of f.options ?? []) {
      if (option.requires === undefined) continue;
      if (!SNAKE.test(option.requires) || STANDARD_ACTIONS.includes(option.requires as never)) {
        throw new Error(
          `${where}: option "${option.value}" of "${f.id}" requires "${option.requires}", which must be a snake_case action of its own`,
        );
      }
      if (!optionActions.includes(option.requires)) optionActions.push(option.requires);
    }
  }
  checkMakes(declaration, (id) => known(id) || id === "id" || id === "docstatus", where);
  checkDefaultFormulas(fields, where);
  for (const [role, granted] of Object.entries(declaration.roles)) {
    for (const action of granted) {
      if (
        action !== "level1" && !STANDARD_ACTIONS.includes(action as StandardAction) &&
        !actions.includes(action) && !optionActions.includes(action)
      ) {
        throw new Error(`${where}: role "${role}" is granted unknown action "${action}"`);
      }
    }
  }
  return {
    id: declaration.id,
    declaration,
    module: declaration.module,
    table: declaration.table ?? `${declaration.id}s`,
    fields,
    field,
    uniqueKeys,
    actions,
    allActions: [
      ...STANDARD_ACTIONS.filter((a) => !declaration.system_made || !SYSTEM_ONLY.includes(a)),
      ...actions,
      ...optionActions.filter((a) => !actions.includes(a)),
    ],
  };
}

/**
 * A make's id is snake_case and unique, and its condition and values parse and
 * read only this type's fields. (That its target type and fields exist is checked
 * when the engine is given every type.)
 */
function checkMakes(
  declaration: RecordTypeDeclaration,
  readable: (id: string) => boolean,
  where: string,
): void {
  const ids = new Set<string>();
  for (const make of declaration.makes ?? []) {
    const part = `make "${make.id}"`;
    if (!SNAKE.test(make.id) || ids.has(make.id)) {
      throw new Error(`${where}: ${part} needs a unique snake_case id`);
    }
    ids.add(make.id);
    // Each expression, with what it may read: this record's fields, or a copied row's columns.
    const sources: [string, (id: string) => boolean][] = [[make.when, readable]];
    for (const v of Object.values(make.values)) {
      if (typeof v === "string") sources.push([v, readable]);
      else if ("each" in v) {
        const columns = new Set(
          declaration.fields.find((f) => f.id === v.each)?.child?.fields.map((c) => c.id),
        );
        for (const e of Object.values(v.row)) sources.push([e, (id) => columns.has(id)]);
      } else {
        for (const row of v) for (const e of Object.values(row)) sources.push([e, readable]);
      }
    }
    for (const [source, reads] of sources) {
      let read: string[];
      try {
        read = fieldsOf(parseExpression(source));
      } catch (error) {
        throw new Error(`${where}: ${part}: ${(error as Error).message} in "${source}"`);
      }
      for (const id of read) {
        if (!reads(id)) throw new Error(`${where}: ${part} reads unknown field "${id}"`);
      }
    }
  }
}

/**
 * A default formula parses and reads only fields of the record that have their
 * values when it runs: sent or fetched ones, neither a computed field (computed
 * after it), a table nor itself. It fills a field a person may still change, so it
 * is not a computed or fetched field's, nor beside a constant `default`; it is a
 * record's own field's, not a child row's; and its value is checked by the field's
 * type alone, so it is no link, file, select or table.
 */
function checkDefaultFormulas(fields: readonly RecordField[], where: string): void {
  for (const table of fields) {
    const child = table.childFields?.find((c) => c.default_formula !== undefined);
    if (child) {
      throw new Error(
        `${where}: field "${table.id}.${child.id}" has a default_formula; only a record's own fields may`,
      );
    }
  }
  const byId = new Map(fields.map((f) => [f.id, f]));
  for (const f of fields) {
    if (f.default_formula === undefined) continue;
    const part = `default_formula of "${f.id}"`;
    const clash = (["computed", "default", "fetch_from"] as const).find((k) => f[k] !== undefined);
    if (clash) throw new Error(`${where}: field "${f.id}" has both ${clash} and default_formula`);
    if (["table", "link", "attach", "select"].includes(f.type)) {
      // Their values are checked against other records or lists, before any default is made.
      throw new Error(`${where}: ${f.type} field "${f.id}" cannot have a default_formula`);
    }
    let read: string[];
    try {
      read = fieldsOf(parseExpression(f.default_formula));
    } catch (error) {
      throw new Error(`${where}: ${part}: ${(error as Error).message} in "${f.default_formula}"`);
    }
    for (const id of read) {
      const named = byId.get(id);
      if (!named) throw new Error(`${where}: ${part} names unknown field "${id}"`);
      if (id === f.id || named.computed || named.type === "table") {
        throw new Error(
          `${where}: ${part} reads "${id}", which has no value yet when the default is made`,
        );
      }
    }
  }
}

/**
 * Two fields of one record, or of one child table, may not read alike: a form,
 * a grid header or an error message naming "Tax" twice leaves people guessing.
 */
function distinctLabels(fields: readonly RecordField[], where: string): void {
  const seen = new Map<string, string>();
  for (const f of fields) {
    const other = seen.get(f.label.trim().toLowerCase());
    if (other !== undefined) {
      throw new Error(`${where}: fields "${other}" and "${f.id}" are both labelled "${f.label}"`);
    }
    seen.set(f.label.trim().toLowerCase(), f.id);
  }
}

function normaliseField(f: FieldDeclaration, where: string): RecordField {
  if (!SNAKE.test(f.id)) throw new Error(`${where}: field id "${f.id}" must be snake_case`);
  const numeric = ["float", "currency", "percent"].includes(f.type);
  return {
    ...f,
    column: f.column ?? f.id,
    max_length: f.max_length ?? TEXT_LIMITS[f.type],
    precision: numeric ? (f.precision ?? 2) : undefined,
    childFields: f.child?.fields.map((c) => normaliseField(c, `${where} table "${f.id}"`)),
  };
}
