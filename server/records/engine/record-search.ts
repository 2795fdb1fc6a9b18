/**
 * Link type-ahead (`GET /api/records/{type}/search`): records whose title or search
 * fields contain the text, narrowed by the picker's conditions — a link field's
 * `link_filters` as the form filled them in. The conditions are list filters and
 * are checked as a list's are, for the caller: the type's read permission, the
 * own-record rule, and no condition on a field hidden from them (a 400 naming it).
 * The client's conditions only narrow what the caller could list anyway.
 */
import type { Queryable } from "../../db/database.ts";
import type { MembershipAccess } from "../../platform/access/access.ts";
import { invalidInput } from "../../platform/errors/app-error.ts";
import type { Filter } from "../../../schemas/records/meta.ts";
import type { RecordType } from "../define.ts";
import { whereClause } from "./list-query.ts";
import type { ReadContext } from "./record-access.ts";
import { searchMembers } from "./member-search.ts";

/** What a link search is asked. */
export interface LinkSearch {
  q?: string;
  /** Most records answered (default 10). */
  limit?: number;
  filters?: readonly Filter[];
  /** Today's date (`@today` in filters). */
  today: string;
}

/** One record offered: its id, its title and, when it differs, its name (series number). */
export interface LinkOption {
  id: string;
  title: string;
  description?: string;
}

/** The records of `type` the caller may pick for a link, best first by title. */
export async function searchRecordsOf(
  q: Queryable,
  type: RecordType,
  access: MembershipAccess,
  search: LinkSearch,
  types: ReadContext["types"],
): Promise<LinkOption[]> {
  const where = whereClause(type, access, {
    filters: search.filters ?? [],
    search: search.q,
    today: search.today,
    types,
    dialect: q.dialect,
  });
  const title = type.field.get(type.declaration.title_field)?.column ?? "name";
  const rows = await q.all<{ id: string; name: string; title: string }>(
    `SELECT t.id, t.name, t.${title} AS title FROM ${type.table} t WHERE ${where.sql}
     ORDER BY t.${title}, t.id LIMIT ${search.limit ?? 10}`,
    where.params,
  );
  return rows.map((r) => ({
    id: r.id,
    title: String(r.title ?? r.name),
    ...(r.name !== r.title ? { description: r.name } : {}),
  }));
}

/**
 * The organisation's staff for a `user` link. People are narrowed by id only (a
 * picker showing the name of a person it was given); any other condition is a 400.
 */
export function searchPeople(
  q: Queryable,
  access: MembershipAccess,
  search: LinkSearch,
): Promise<LinkOption[]> {
  const ids: string[] = [];
  for (const filter of search.filters ?? []) {
    const values = filter.op === "eq"
      ? [filter.value]
      : filter.op === "in" && Array.isArray(filter.value)
      ? filter.value
      : undefined;
    if (filter.field !== "id" || values === undefined) {
      throw invalidInput(`People cannot be filtered by "${filter.field}" ${filter.op}`, {
        filters: `People are filtered by "id" (eq or in) only, not by "${filter.field}"`,
      });
    }
    for (const value of values) ids.push(String(value));
  }
  return searchMembers(q, access.organizationId, search.q, search.limit ?? 10, {
    ids: search.filters?.length ? ids : undefined,
  });
}
