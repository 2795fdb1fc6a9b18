/**
 * Type-ahead over the organisation's staff for `user` links: people whose name or
 * email contains the text (portal users are never offered), by name.
 */
import type { Queryable } from "../../db/database.ts";
import { containsMatch, containsPattern } from "../../db/dialect.ts";

/**
 * The organisation's staff matching `q` (all of them, by name, when it is empty),
 * among `ids` when given.
 */
export async function searchMembers(
  q: Queryable,
  organizationId: string,
  text: string | undefined,
  limit: number,
  options: { ids?: readonly string[] } = {},
) {
  const wanted = text?.trim();
  const ids = options.ids;
  if (ids !== undefined && ids.length === 0) return [];
  const rows = await q.all<{ id: string; first_name: string; last_name: string; email: string }>(
    `SELECT u.id, u.first_name, u.last_name, u.email FROM users u
     JOIN user_organizations m ON m.user_id = u.id AND m.organization_id = ?
     WHERE u.is_client_portal_user = 0${
      wanted
        ? ` AND (${containsMatch("u.first_name || ' ' || u.last_name")} OR ${
          containsMatch("u.email")
        })`
        : ""
    }${ids ? ` AND u.id IN (${ids.map(() => "?").join(", ")})` : ""}
     ORDER BY u.first_name, u.last_name, u.id LIMIT ${limit}`,
    [
      organizationId,
      ...(wanted ? [containsPattern(wanted), containsPattern(wanted)] : []),
      ...(ids ?? []),
    ],
  );
  return rows.map((r) => ({
    id: r.id,
    title: `${r.first_name} ${r.last_name}`.trim(),
    description: r.email,
  }));
}
