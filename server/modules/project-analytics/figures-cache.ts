/**
 * Derived figures remembered until the database changes. The seven calls of one
 * analytics screen share a project's breakdown, sprint velocities and member
 * figures instead of computing each up to four times. Entries are keyed by what
 * they were computed from and all dropped as soon as the database's change stamp
 * moves (any write through this server at once, other writers within 200 ms; see
 * database.ts). Inside a transaction nothing is remembered.
 */
import type { Database, Queryable } from "../../db/database.ts";

/** Entries kept per database at most; the oldest go first. */
const MAX_ENTRIES = 256;

interface Remembered {
  stamp: string;
  entries: Map<string, Promise<unknown>>;
}

const byDatabase = new WeakMap<Queryable, Remembered>();

function isDatabase(db: Queryable): db is Database {
  return typeof (db as Partial<Database>).changeStamp === "function";
}

/** The figures under `key`, computed once per change stamp of the database. */
export function remembered<T>(db: Queryable, key: string, compute: () => Promise<T>): Promise<T> {
  if (!isDatabase(db)) return compute();
  const stamp = db.changeStamp();
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
