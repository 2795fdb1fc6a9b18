/** Opens the database a `DATABASE_URL` names. */
import type { Database } from "./database.ts";
import { openSqlite } from "./sqlite.ts";
import { openPostgres } from "./postgres.ts";

/** How to open it: SQLite's write wait, PostgreSQL's pool. */
export interface OpenOptions {
  writeWaitMs?: number;
  poolSize?: number;
  /** PostgreSQL: listen for other instances' changes (servers do; one-off commands need not). */
  listen?: boolean;
}

/** The URL as it may be shown: without its password. */
export function shownDatabaseUrl(url: string): string {
  if (!url.startsWith("postgres")) return url;
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.href;
  } catch {
    return "postgres://…";
  }
}

/** `sqlite:path/to/file.db`, `sqlite::memory:`, or `postgres://user@host:port/db`. */
export function openDatabase(url: string, options: OpenOptions = {}): Database {
  if (url.startsWith("sqlite:")) {
    return openSqlite(url.slice("sqlite:".length), { writeWaitMs: options.writeWaitMs });
  }
  if (url.startsWith("postgres://") || url.startsWith("postgresql://")) {
    return openPostgres(url, {
      poolSize: options.poolSize,
      listen: options.listen,
      writeWaitMs: options.writeWaitMs,
    });
  }
  throw new Error(
    `Cannot open database: unsupported DATABASE_URL "${url}" (use sqlite:<path> or postgres://…)`,
  );
}
