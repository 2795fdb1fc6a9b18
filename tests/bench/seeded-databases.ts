/**
 * The benches that run the app in their own process: a fresh database of each
 * dialect the run measures (databases.ts), opened, migrated and seeded with the
 * demo organisations, handed to the bench, then closed and dropped.
 */
import type { Dialect } from "../../server/db/database.ts";
import { openDatabase } from "../../server/db/open.ts";
import { prepareDatabase } from "../../server/db/prepare.ts";
import { benchDialects, createBenchDatabase, POSTGRES_HINT } from "./databases.ts";

/** An open, seeded database of the run. */
export type SeededDatabase = ReturnType<typeof openDatabase>;

/** Runs `bench` on a fresh seeded database of each dialect measured, one after the other. */
export async function eachSeededDatabase(
  bench: (db: SeededDatabase, run: { dialect: Dialect; secret: string }) => Promise<void>,
): Promise<void> {
  const dialects = benchDialects();
  if (!dialects.includes("postgres")) console.log(`PostgreSQL: not measured (${POSTGRES_HINT})`);
  for (const dialect of dialects) {
    const database = await createBenchDatabase(dialect);
    const db = openDatabase(database.url);
    try {
      const { secret } = await prepareDatabase(db, { seed: "demo", now: Date.now() });
      await bench(db, { dialect, secret });
    } finally {
      await db.close();
      await database.drop();
    }
  }
}
