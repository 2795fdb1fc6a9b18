/**
 * The organisation's staff roles as choices (a select whose `options_from` is
 * `ROLE_OPTIONS`): each role's name stored, its label read, in label order. The
 * client-portal role is left out: it grants nothing staff-side, so no step of
 * staff work can wait on it.
 */
import type { Reader } from "../../db/database.ts";
import { PORTAL_ROLE } from "./access.ts";
import { roleLabel } from "./role-label.ts";

/** The staff roles of an organisation, as select options. */
export async function staffRoleOptions(
  q: Reader,
  organizationId: string,
): Promise<{ value: string; label: string }[]> {
  const rows = await q.all<{ name: string }>(
    "SELECT name FROM roles WHERE organization_id = ? AND name <> ? ORDER BY name",
    [organizationId, PORTAL_ROLE],
  );
  return rows.map((r) => ({ value: r.name, label: roleLabel(r.name) }))
    .sort((a, b) => a.label.localeCompare(b.label, "en"));
}
