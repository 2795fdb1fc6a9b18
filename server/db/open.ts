/** Opens the database a `DATABASE_URL` names. */
import type { Database } from "./database.ts";
import { openSqlite, type SqliteOptions } from "./sqlite.ts";

/** `sqlite:path/to/file.db` or `sqlite::memory:`; PostgreSQL URLs arrive in a later issue. */
export function openDatabase(url: string, options: SqliteOptions = {}): Database {
  if (url.startsWith("sqlite:")) return openSqlite(url.slice("sqlite:".length), options);
  if (url.startsWith("postgres://") || url.startsWith("postgresql://")) {
    throw new Error("Cannot open database: PostgreSQL support is not built yet; use sqlite:<path>");
  }
  throw new Error(`Cannot open database: unsupported DATABASE_URL "${url}"`);
}
