/**
 * The columns every record has besides its declared fields (its name, its
 * workflow state, when it was created and changed), described as fields so lists
 * and forms treat them like the others. The name is the record's title, typed in,
 * when the type is named by it (`title_field` "name"), else its series number,
 * read-only. A declared field of the same id wins.
 */
import {
  DOCUMENT_STATUS_OPTIONS,
  type FieldMeta,
  type RecordTypeMeta,
} from "../../schemas/records/meta.ts";

/** The standard columns of a type, as fields. */
export function standardFields(meta: RecordTypeMeta): FieldMeta[] {
  const namedByTitle = meta.title_field === "name" && meta.series === undefined;
  const standard: FieldMeta[] = [
    namedByTitle
      ? { id: "name", label: "Name", type: "data", sortable: true, required: true }
      : { id: "name", label: "ID", type: "data", sortable: true, read_only: true },
    {
      id: "created_at",
      label: "Created",
      type: "datetime",
      sortable: true,
      filterable: true,
      read_only: true,
    },
    {
      id: "updated_at",
      label: "Updated",
      type: "datetime",
      sortable: true,
      filterable: true,
      read_only: true,
    },
  ];
  if (meta.states !== undefined && meta.states.length > 0) {
    standard.push({
      id: "status",
      label: "Status",
      type: "select",
      sortable: true,
      filterable: true,
      read_only: true,
      options: meta.states.map((s) => ({
        value: s.id,
        label: s.label,
        ...(s.tone ? { tone: s.tone } : {}),
      })),
    });
  }
  const declared = new Set(meta.fields.map((f) => f.id));
  return standard.filter((f) => !declared.has(f.id));
}

/** Where a record's form opens: `form_route` under /app, with `:id`. */
export function formPathOf(meta: RecordTypeMeta, id: string): string {
  return routePath(meta.form_route, id);
}

/** Where a link field's record opens, when the caller may open it (its `link_route`). */
export function linkPathOf(field: FieldMeta, id: unknown): string | undefined {
  if (field.link_route === undefined || typeof id !== "string" || id === "") return undefined;
  return routePath(field.link_route, id);
}

function routePath(formRoute: string, id: string): string {
  const route = formRoute.startsWith("/") ? formRoute : `/app/${formRoute}`;
  return route.replace(":id", encodeURIComponent(id));
}

/** The declared fields of a type followed by its standard columns. */
export function listFieldsOf(meta: RecordTypeMeta): FieldMeta[] {
  return [...meta.fields, ...standardFields(meta)];
}

/**
 * Every field a record's history may name: the listed ones and, for a submittable
 * type, its document status (draft, submitted, cancelled), which no list shows.
 */
export function historyFieldsOf(meta: RecordTypeMeta): FieldMeta[] {
  const fields = listFieldsOf(meta);
  if (!meta.submittable || fields.some((f) => f.id === "docstatus")) return fields;
  return [...fields, {
    id: "docstatus",
    label: "Document status",
    type: "select",
    read_only: true,
    options: [...DOCUMENT_STATUS_OPTIONS],
  }];
}
