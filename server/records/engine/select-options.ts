/**
 * The values a select may hold in an organisation: its declared options, or a list
 * of the organisation's (type masters), or one the product keeps (staff roles,
 * record types); each value with the label people read.
 */
import type { Reader } from "../../db/database.ts";
import { staffRoleOptions } from "../../platform/access/role-options.ts";
import { RECORD_TYPE_OPTIONS, ROLE_OPTIONS } from "../declaration.ts";
import { workflowOptions } from "../workflow-options.ts";
import type { RecordField } from "../define.ts";
import { recordTypeOptions } from "../record-type-options.ts";

/** Allowed select values of a field in the caller's organisation. */
export async function selectOptions(
  q: Reader,
  organizationId: string,
  field: RecordField,
): Promise<{ value: string; label: string }[]> {
  if (field.options) return field.options.map((o) => ({ value: o.value, label: o.label }));
  if (!field.options_from) return [];
  if (field.options_from === ROLE_OPTIONS) return await staffRoleOptions(q, organizationId);
  if (field.options_from === RECORD_TYPE_OPTIONS) return recordTypeOptions();
  const workflow = workflowOptions(field.options_from);
  if (workflow) return workflow;
  return await q.all<{ value: string; label: string }>(
    `SELECT code AS value, label FROM type_masters
     WHERE organization_id = ? AND kind = ? AND active = 1 ORDER BY position, label`,
    [organizationId, field.options_from],
  );
}

/** A select's options as value → label. */
export function optionMap(
  options: readonly { value: string; label: string }[],
): Map<string, string> {
  return new Map(options.map((o) => [o.value, o.label]));
}
