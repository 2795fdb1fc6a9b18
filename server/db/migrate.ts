/**
 * Numbered migrations, applied in order at start. Each runs in a transaction and is
 * recorded in `schema_migrations`, so a restart applies only what is new.
 */
import type { Database } from "./database.ts";
import platform from "./migrations/001_platform.ts";
import work from "./migrations/002_work.ts";
import projectAnalytics from "./migrations/003_project_analytics.ts";
import administration from "./migrations/004_administration.ts";
import portal from "./migrations/005_portal.ts";
import sessions from "./migrations/006_sessions.ts";
import mail from "./migrations/007_mail.ts";
import progressVersion from "./migrations/008_progress_version.ts";

/** Every migration, numbered. Append only. */
export const MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  { version: 1, name: "platform", sql: platform },
  { version: 2, name: "work", sql: work },
  { version: 3, name: "project_analytics", sql: projectAnalytics },
  { version: 4, name: "administration", sql: administration },
  { version: 5, name: "portal", sql: portal },
  { version: 6, name: "sessions", sql: sessions },
  { version: 7, name: "mail", sql: mail },
  { version: 8, name: "progress_version", sql: progressVersion },
];

/** Applies the migrations the database lacks; returns the versions applied. */
export async function migrate(db: Database): Promise<number[]> {
  await db.exec(
    "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)",
  );
  const done = new Set(
    (await db.all<{ version: number }>("SELECT version FROM schema_migrations")).map((r) =>
      r.version
    ),
  );
  const applied: number[] = [];
  for (const migration of MIGRATIONS) {
    if (done.has(migration.version)) continue;
    await db.exec("BEGIN IMMEDIATE");
    try {
      await db.exec(migration.sql);
      await db.run("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)", [
        migration.version,
        migration.name,
        new Date().toISOString(),
      ]);
      await db.exec("COMMIT");
    } catch (error) {
      await db.exec("ROLLBACK");
      throw new Error(`Cannot migrate: migration ${migration.version} (${migration.name}) failed`, {
        cause: error,
      });
    }
    applied.push(migration.version);
  }
  return applied;
}
