/**
 * The columns every record has besides its declared fields (its name, its
 * workflow state, when it was created and changed), described as fields so a list
 * can show, sort and filter them like the others. A declared field of the same id
 * wins.
 */
import type { FieldMeta, RecordTypeMeta } from "../../schemas/records/meta.ts";

/** The standard columns of a type, as fields. */
export function standardFields(meta: RecordTypeMeta): FieldMeta[] {
  const standard: FieldMeta[] = [
    { id: "name", label: "ID", type: "data", sortable: true },
    { id: "created_at", label: "Created", type: "datetime", sortable: true, filterable: true },
    { id: "updated_at", label: "Updated", type: "datetime", sortable: true, filterable: true },
  ];
  if (meta.states !== undefined && meta.states.length > 0) {
    standard.push({
      id: "status",
      label: "Status",
      type: "select",
      sortable: true,
      filterable: true,
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

/** The declared fields of a type followed by its standard columns. */
export function listFieldsOf(meta: RecordTypeMeta): FieldMeta[] {
  return [...meta.fields, ...standardFields(meta)];
}
