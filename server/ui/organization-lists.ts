/**
 * An organisation's lists (type masters) as its screens label them: for each list,
 * each value's code and the label the organisation gives it now, switched-off
 * values too (records keep them). Values a list lacks keep the label every
 * organisation starts with. Read when a descriptor is built; a change to a list
 * moves the organisation's settings version (`organization_setting` of the type
 * master), so descriptors showing it are built again.
 */
import type { Reader } from "../db/database.ts";
import type { ValueLabels } from "../../schemas/descriptor/mod.ts";
import { DEFAULT_TYPE_MASTERS } from "../areas/workspace/types/type-master-defaults.ts";

/** Labels of each list's values, by list (kind). */
export type OrganizationLists = ReadonlyMap<string, ValueLabels>;

function byKind(rows: readonly { kind: string; code: string; label: string }[]) {
  const lists = new Map<string, Record<string, string>>();
  for (const row of rows) {
    const list = lists.get(row.kind) ?? {};
    list[row.code] = row.label;
    lists.set(row.kind, list);
  }
  return lists;
}

/** The lists every organisation starts with (public screens, and values a list lacks). */
export const STARTING_LISTS: OrganizationLists = byKind(DEFAULT_TYPE_MASTERS);

/** The organisation's lists now. */
export async function readOrganizationLists(
  read: Reader,
  organizationId: string,
): Promise<OrganizationLists> {
  const rows = await read.all<{ kind: string; code: string; label: string }>(
    `SELECT kind, code, label FROM type_masters WHERE organization_id = ?
      ORDER BY kind, position, label`,
    [organizationId],
  );
  const own = byKind(rows);
  return new Map(
    [...new Set([...STARTING_LISTS.keys(), ...own.keys()])].map((kind) => [
      kind,
      { ...STARTING_LISTS.get(kind), ...own.get(kind) },
    ]),
  );
}
