/**
 * Fresh databases for a bench run, in either dialect: SQLite files always, and
 * PostgreSQL databases when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a
 * server where the bench may create and drop databases. Each run gets a new,
 * empty database; whoever opens it first migrates it (and seeds it, for a server).
 */
import postgres from "postgres";
import type { Dialect } from "../../server/db/database.ts";

/** The PostgreSQL server the benches create their databases on, if any. */
export const BENCH_POSTGRES_URL = Deno.env.get("BENCH_DATABASE_URL") ||
  Deno.env.get("TEST_DATABASE_URL") || undefined;

/** What to set to measure on PostgreSQL too. */
export const POSTGRES_HINT =
  "set BENCH_DATABASE_URL=postgres://user@host:port/postgres (a server where the bench may create databases)";

/** The dialects this run measures: SQLite, and PostgreSQL when a server is given. */
export function benchDialects(): Dialect[] {
  const all: Dialect[] = BENCH_POSTGRES_URL ? ["sqlite", "postgres"] : ["sqlite"];
  // BENCH_DIALECTS=postgres measures one database only (a long seed need not run twice).
  const only = Deno.env.get("BENCH_DIALECTS")?.split(",");
  return only ? all.filter((d) => only.includes(d)) : all;
}

/** A new, empty database of the run. */
export interface BenchDatabase {
  /** Its DATABASE_URL. */
  url: string;
  /** Removes it (every connection to it is ended). */
  drop(): Promise<void>;
}

async function onServer<T>(fn: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(BENCH_POSTGRES_URL!, { max: 1, onnotice: () => {}, fetch_types: false });
  try {
    return await fn(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** A new, empty database in `dialect`. */
export async function createBenchDatabase(dialect: Dialect): Promise<BenchDatabase> {
  if (dialect === "postgres") {
    if (!BENCH_POSTGRES_URL) {
      throw new Error(`No PostgreSQL server for the bench: ${POSTGRES_HINT}`);
    }
    const name = `opsuite_bench_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
    await onServer((sql) => sql.unsafe(`CREATE DATABASE "${name}"`));
    const url = new URL(BENCH_POSTGRES_URL);
    url.pathname = `/${name}`;
    return {
      url: url.href,
      async drop() {
        await onServer((sql) => sql.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
      },
    };
  }
  const dir = await Deno.makeTempDir({ prefix: "opsuite-bench-" });
  return {
    url: `sqlite:${dir}/app.db`,
    drop: () => Deno.remove(dir, { recursive: true }).catch(() => {}),
  };
}

/** The name of a dialect in figures. */
export function dialectName(dialect: Dialect): string {
  return dialect === "postgres" ? "PostgreSQL" : "SQLite";
}
