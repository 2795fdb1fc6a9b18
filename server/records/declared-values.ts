/**
 * The values a select field may hold, from its declaration: its options, or the
 * codes of the organisation's type-master list it takes its options from. The
 * spec'd list calls (`/leads`, `/tasks/list-with-details`) check their filters
 * against these instead of keeping copies of the vocabulary in their schemas.
 */
import type { Queryable } from "../db/database.ts";
import { invalidInput } from "../platform/errors/app-error.ts";
import type { RecordType } from "./define.ts";

/** The values `fieldId` of `type` may hold in the organisation. */
export async function declaredValues(
  q: Queryable,
  organizationId: string,
  type: RecordType,
  fieldId: string,
): Promise<Set<string>> {
  const field = type.field.get(fieldId);
  if (!field) throw new Error(`Record type "${type.id}" has no field "${fieldId}"`);
  if (field.options_from) {
    const rows = await q.all<{ code: string }>(
      "SELECT code FROM type_masters WHERE organization_id = ? AND kind = ?",
      [organizationId, field.options_from],
    );
    return new Set(rows.map((r) => r.code));
  }
  return new Set((field.options ?? []).map((o) => String(o.value)));
}

/** Refuses (400 naming `path`) a value `fieldId` may not hold; passes an absent one. */
export async function requireDeclaredValue(
  q: Queryable,
  organizationId: string,
  type: RecordType,
  fieldId: string,
  value: string | undefined,
  path: string,
): Promise<void> {
  if (value === undefined) return;
  const values = await declaredValues(q, organizationId, type, fieldId);
  if (values.has(value)) return;
  const label = type.field.get(fieldId)!.label;
  throw invalidInput(
    `${path}: "${value}" is not a ${type.declaration.label.toLowerCase()} ${label.toLowerCase()}`,
    {
      [path]: `Must be one of: ${[...values].join(", ")}`,
    },
  );
}
