/**
 * Test support for migrations: an empty database of the run's dialect, and the
 * numbered migrations applied up to one of them (recorded as migrate() records
 * them), so a test can put rows in an older schema and then migrate the rest.
 */
import type { Database } from "../db/database.ts";
import { MIGRATIONS } from "../db/migrate.ts";
import { openDatabase } from "../db/open.ts";
import { createEmptyDatabaseUrl } from "./test-database.ts";

/** Runs `fn` on a new empty database, dropped afterwards. */
export async function withEmptyDatabase(fn: (db: Database) => Promise<void>): Promise<void> {
  const empty = await createEmptyDatabaseUrl();
  const db = openDatabase(empty.url, { listen: false });
  try {
    await fn(db);
  } finally {
    await db.close();
    await empty.drop();
  }
}

/** Applies the migrations up to and including `last`, recorded as migrate() records them. */
export async function migrateTo(db: Database, last: number): Promise<void> {
  await db.exec(
    "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)",
  );
  for (const migration of MIGRATIONS.filter((m) => m.version <= last)) {
    await db.transaction(async (tx) => {
      await tx.exec(migration.sql[db.dialect]);
      await tx.run("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)", [
        migration.version,
        migration.name,
        "2031-05-20T00:00:00.000Z",
      ]);
    });
  }
}
