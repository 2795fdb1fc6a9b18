/**
 * Sidebar search ranking over item names: an exact match scores `exact`, a prefix
 * `prefix`, a whole word `word`, and a substring `substring` (only for queries of
 * at least `substringMinLength` characters). Ties keep the sidebar order.
 */

/** The scoring constants of the shell descriptor. */
export interface SearchScoring {
  exact: number;
  prefix: number;
  word: number;
  substring: number;
  substringMinLength: number;
}

/** The score of one name for a query (0: no match). */
export function scoreName(name: string, query: string, scoring: SearchScoring): number {
  const n = name.trim().toLowerCase();
  const q = query.trim().toLowerCase();
  if (q === "") return 0;
  if (n === q) return scoring.exact;
  if (n.startsWith(q)) return scoring.prefix;
  const escaped = q.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  if (new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, "u").test(n)) {
    return scoring.word;
  }
  if (q.length >= scoring.substringMinLength && n.includes(q)) return scoring.substring;
  return 0;
}

/** The items matching a query, best first. */
export function rankByName<T extends { name: string }>(
  items: readonly T[],
  query: string,
  scoring: SearchScoring,
): T[] {
  return items
    .map((item, index) => ({ item, index, score: scoreName(item.name, query, scoring) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.item);
}
