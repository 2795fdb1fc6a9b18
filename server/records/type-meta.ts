/**
 * A record type's metadata as one caller may see it (`GET /api/records/{type}/meta`,
 * and the `meta` of every record widget): derived from the declaration alone, so
 * it changes only with the caller's permission set. Storage details (columns,
 * child tables) never leave the server; level-1 fields are left out entirely for a caller
 * without `<module>.level1`, from the fields, the list and the form alike.
 */
import { formRouteOf } from "./record-link.ts";
import type {
  ActionMeta,
  FieldMeta,
  FormLayout,
  RecordTypeMeta,
  Sort,
} from "../../schemas/records/meta.ts";
import type { MembershipAccess } from "../platform/access/access.ts";
import { authorize, permissionOf } from "../platform/access/authorize.ts";
import type { RecordField, RecordType } from "./define.ts";
import { findRecordType } from "./catalogue.ts";
import { actionWording } from "./action-wording.ts";

/** The sort a list falls back to when its declared one names only hidden fields. */
const NEWEST_FIRST: Sort[] = [{ field: "created_at", dir: "desc" }];

/** What the metadata reads besides the type: the other types, to link to their forms. */
export interface MetaOptions {
  /** The declared type with this id (default: the catalogue's). */
  findType?: (id: string) => RecordType | undefined;
}

/** The metadata of `type` for the caller holding `access`. */
export function recordTypeMeta(
  type: RecordType,
  access: MembershipAccess,
  options: MetaOptions = {},
): RecordTypeMeta {
  const declaration = type.declaration;
  const findType = options.findType ?? findRecordType;
  // A link opens its record's form where the caller may read the type it links to.
  const linkRoute = (field: RecordField): string | undefined => {
    const target = field.link ? findType(field.link) : undefined;
    if (!target || !authorize(access, target.module, "read")) return undefined;
    return target.declaration.form_route ?? `${target.module}/:id`;
  };
  const seesLevel1 = authorize(access, type.module, "level1");
  const hidden = new Set(
    seesLevel1 ? [] : type.fields.filter((f) => f.level === 1).map((f) => f.id),
  );
  const visible = (id: string) => !hidden.has(id);
  const sort = declaration.list.sort.filter((s) => visible(s.field)).map((s) => ({ ...s }));
  return {
    id: type.id,
    label: declaration.label,
    plural: declaration.plural,
    module: type.module,
    title_field: declaration.title_field,
    ...("series" in declaration.naming ? { series: declaration.naming.series } : {}),
    search_fields: declaration.search_fields.filter(visible),
    submittable: declaration.submittable ?? false,
    fields: type.fields.filter((f) => visible(f.id)).map((f) =>
      fieldMeta(f, seesLevel1, linkRoute)
    ),
    ...(declaration.states
      ? {
        states: declaration.states.list.map((s) => ({
          id: s.id,
          label: s.label,
          docstatus: s.docstatus,
          ...(s.tone ? { tone: s.tone } : {}),
        })),
      }
      : derivedStates(type)),
    // Taken on many records at once (the bulk bar): a signature signs one record only.
    actions: type.actions
      .filter((action) => authorize(access, type.module, action))
      .filter((action) => !actionWording(type, action).signature)
      .map((action) => actionMeta(type, action)),
    can: {
      read: authorize(access, type.module, "read"),
      create: authorize(access, type.module, "create"),
      update: authorize(access, type.module, "update"),
      comment: authorize(access, type.module, "comment"),
      delete: authorize(access, type.module, "delete"),
      export: authorize(access, type.module, "export"),
      import: authorize(access, type.module, "import"),
    },
    list: {
      columns: declaration.list.columns.filter(visible),
      sort: sort.length > 0 ? sort : NEWEST_FIRST,
      views: (declaration.list.views ?? []).map((v) => ({
        id: v.id,
        label: v.label,
        ...(v.filters ? { filters: v.filters.map((f) => ({ ...f })) } : {}),
        ...(v.sort ? { sort: v.sort.map((s) => ({ ...s })) } : {}),
      })),
      ...(declaration.list.rank && visible(declaration.list.rank)
        ? { rank: declaration.list.rank }
        : {}),
    },
    form: visibleLayout(declaration.form, visible),
    form_route: formRouteOf(type),
    ...(declaration.create_check && authorize(access, type.module, "create")
      ? { create_check: declaration.create_check }
      : {}),
  };
}

/** A type without workflow states shows its labelled derived statuses as its states. */
function derivedStates(type: RecordType): Pick<RecordTypeMeta, "states"> {
  const labelled = (type.declaration.derived_status ?? []).filter((r) => r.label);
  if (labelled.length === 0) return {};
  return {
    states: labelled.map((r) => ({
      id: r.status,
      label: r.label!,
      docstatus: r.docstatus ?? 1,
      ...(r.tone ? { tone: r.tone } : {}),
    })),
  };
}

/** A field as callers see it: no column, no child table name; computed and fetched fields read-only. */
function fieldMeta(
  field: RecordField,
  seesLevel1: boolean,
  linkRoute: (field: RecordField) => string | undefined,
): FieldMeta {
  const meta: FieldMeta = { id: field.id, label: field.label, type: field.type };
  const copied = [
    "description",
    "example",
    "required",
    "unique",
    "default",
    "hidden",
    "in_list",
    "filterable",
    "sortable",
    "min",
    "max",
    "max_length",
    "precision",
    "options_from",
    "link",
    "fetch_from",
    "fetch_if_empty",
    "default_formula",
    "visible_if",
    "required_if",
    "read_only_if",
    "level",
  ] as const;
  const target = meta as Record<string, unknown>;
  for (const key of copied) {
    if (field[key] !== undefined) target[key] = field[key];
  }
  if (field.options) {
    meta.options = field.options.map(({ value, label, tone }) => ({
      value,
      label,
      ...(tone ? { tone } : {}),
    }));
  }
  if (field.weights_from) meta.weighted = true;
  const route = linkRoute(field);
  if (route) meta.link_route = route;
  if (field.link_filters) meta.link_filters = field.link_filters.map((c) => structuredClone(c));
  if (field.read_only || field.computed || (field.fetch_from && !field.fetch_if_empty)) {
    meta.read_only = true;
  }
  if (field.computed) {
    meta.computed = true;
    meta.formula = { ...field.computed };
  }
  if (field.childFields) {
    meta.fields = field.childFields
      .filter((c) => seesLevel1 || c.level !== 1)
      .map((c) => fieldMeta(c, seesLevel1, linkRoute));
  }
  return meta;
}

/** A workflow, custom or built-in action's wire form, worded as every action is. */
function actionMeta(type: RecordType, action: string): ActionMeta {
  return { ...actionWording(type, action), permission: permissionOf(type.module, action) };
}

/** The form without hidden fields; sections and tabs left empty by that are dropped. */
function visibleLayout(form: FormLayout, visible: (id: string) => boolean): FormLayout {
  const tabs = form.tabs
    .map((tab) => ({
      ...tab,
      sections: tab.sections
        .map((section) => ({
          ...section,
          columns: section.columns.map((column) => column.filter(visible)),
        }))
        .filter((section) => section.columns.some((column) => column.length > 0)),
    }))
    .filter((tab) => tab.sections.length > 0);
  return { tabs: tabs.length > 0 ? tabs : [{ ...form.tabs[0], sections: [] }] };
}
