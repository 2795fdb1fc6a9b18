/**
 * Derived figures remembered until the database changes: the seven calls of one
 * analytics screen share a project's breakdown, sprint velocities and member
 * figures instead of computing each up to four times, and a record list's capped
 * count is counted once while nothing changes. Entries are keyed by what
 * they were computed from and all dropped as soon as the change signal says
 * records or access changed (a write through this server at once, other writers
 * as soon as they are heard; see change-signal.ts). Inside a transaction nothing
 * is remembered.
 */
import type { Database, Queryable } from "./database.ts";
import type { ChangeTopic } from "./change-signal.ts";

/** What the figures are derived from: records, and the people and memberships they name. */
const FIGURE_TOPICS: readonly ChangeTopic[] = ["data", "access"];

/** Entries kept per database at most; the oldest go first. */
const MAX_ENTRIES = 256;

interface Remembered {
  stamp: string;
  entries: Map<string, Promise<unknown>>;
}

const byDatabase = new WeakMap<Queryable, Remembered>();

function isDatabase(db: Queryable): db is Database {
  return typeof (db as Partial<Database>).transaction === "function";
}

/** The figures under `key`, computed once until records or access are heard to change. */
export function remembered<T>(db: Queryable, key: string, compute: () => Promise<T>): Promise<T> {
  if (!isDatabase(db)) return compute();
  const stamp = db.signal.stamp(FIGURE_TOPICS);
  let memo = byDatabase.get(db);
  if (!memo || memo.stamp !== stamp) {
    memo = { stamp, entries: new Map() };
    byDatabase.set(db, memo);
  }
  const known = memo.entries.get(key);
  if (known) return known as Promise<T>;
  const entries = memo.entries;
  const pending = compute();
  pending.catch(() => entries.delete(key));
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(key, pending);
  return pending;
}
