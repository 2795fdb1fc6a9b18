/**
 * Finds the records an import's link cells name, by id or by title, in one query
 * per link target for a chunk of rows. A member (`user` links) is named by id,
 * email or full name. Titles match ignoring ASCII case, as the list's search does.
 */
import type { Queryable } from "../../db/database.ts";
import type { RecordType } from "../define.ts";
import type { LinkResolver } from "../csv/mod.ts";

/** A resolver over the organisation's records of each target type (or its members). */
export function importLinkResolver(
  q: Queryable,
  organizationId: string,
  findType: (id: string) => RecordType | undefined,
): LinkResolver {
  return async (target, texts) => {
    const candidates = target === "user"
      ? await members(q, organizationId, texts)
      : await records(q, organizationId, findType(target), texts);
    const found = new Map<string, string[]>();
    for (const text of texts) {
      const lower = text.toLowerCase();
      const byId = candidates.filter((c) => c.id === text);
      const matches = byId.length
        ? byId
        : candidates.filter((c) => c.titles.some((t) => t.toLowerCase() === lower));
      found.set(text, matches.map((c) => c.id));
    }
    return found;
  };
}

interface Candidate {
  id: string;
  titles: string[];
}

function marks(count: number): string {
  return Array.from({ length: count }, () => "?").join(", ");
}

async function records(
  q: Queryable,
  organizationId: string,
  type: RecordType | undefined,
  texts: readonly string[],
): Promise<Candidate[]> {
  if (!type || texts.length === 0) return [];
  const title = type.field.get(type.declaration.title_field)?.column ?? "name";
  const lower = texts.map((t) => t.toLowerCase());
  const rows = await q.all<{ id: string; title: string | null }>(
    `SELECT id, ${title} AS title FROM ${type.table}
     WHERE organization_id = ? AND (id IN (${marks(texts.length)}) OR lower(${title}) IN (${
      marks(lower.length)
    }))`,
    [organizationId, ...texts, ...lower],
  );
  return rows.map((r) => ({ id: r.id, titles: [String(r.title ?? "")] }));
}

async function members(
  q: Queryable,
  organizationId: string,
  texts: readonly string[],
): Promise<Candidate[]> {
  if (texts.length === 0) return [];
  const lower = texts.map((t) => t.toLowerCase());
  const rows = await q.all<{ id: string; email: string; first_name: string; last_name: string }>(
    `SELECT u.id, u.email, u.first_name, u.last_name FROM users u
     JOIN user_organizations m ON m.user_id = u.id AND m.organization_id = ?
     WHERE u.id IN (${marks(texts.length)}) OR lower(u.email) IN (${marks(lower.length)})
       OR lower(u.first_name || ' ' || u.last_name) IN (${marks(lower.length)})`,
    [organizationId, ...texts, ...lower, ...lower],
  );
  return rows.map((r) => ({
    id: r.id,
    titles: [r.email, `${r.first_name} ${r.last_name}`.trim()],
  }));
}
