/**
 * Test databases in the dialect the run is for: PostgreSQL when
 * `TEST_DATABASE_URL` names a server (npm test starts a throwaway cluster and
 * sets it), else SQLite files. Each test gets its own migrated, seeded database
 * copied from a template built once: a file copy on SQLite, `CREATE DATABASE …
 * TEMPLATE` on PostgreSQL (the template is built once per code version and day,
 * under an advisory lock, by whichever test process gets there first).
 */
import postgres from "postgres";
import type { Database, Dialect } from "../db/database.ts";
import { openSqlite } from "../db/sqlite.ts";
import { openPostgres } from "../db/postgres.ts";
import { prepareDatabase } from "../db/prepare.ts";

/** The server the suite runs on, when it runs on PostgreSQL. */
export const TEST_DATABASE_URL = Deno.env.get("TEST_DATABASE_URL") || undefined;

/** The dialect of this run. */
export const TEST_DIALECT: Dialect = TEST_DATABASE_URL ? "postgres" : "sqlite";

/** A test's own database. */
export interface TestDatabase {
  db: Database;
  /** Its DATABASE_URL, for another process or connection (`sqlite:<path>` or `postgres://…`). */
  url: string;
  /** The token secret seeded into it. */
  secret: string;
  /** Another connection to it (another server instance). */
  connect(options?: { writeWaitMs?: number }): Database;
  /** Closes the connection and removes the database. */
  drop(): Promise<void>;
}

interface Template {
  name: string;
  secret: string;
}

let sqliteTemplate: Promise<Template> | undefined;
let postgresTemplate: Promise<Template> | undefined;

/**
 * Runs fn on a connection to the test server's maintenance database, closed after:
 * a connection kept open between tests would count as a leak of the test that
 * opened it.
 */
async function withAdmin<T>(fn: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(TEST_DATABASE_URL!, { max: 1, onnotice: () => {}, fetch_types: false });
  try {
    return await fn(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** The URL of database `name` on the test server. */
export function postgresUrlOf(name: string): string {
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.href;
}

function uniqueName(prefix: string): string {
  return `${prefix}_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
}

/**
 * What the template depends on: every server source file (migrations, seed, the
 * module catalogue) by name, size and time, and the day (the seed lays dates out
 * relative to it).
 */
async function codeVersion(): Promise<string> {
  const root = new URL("../", import.meta.url).pathname;
  const parts: string[] = [new Date().toISOString().slice(0, 10)];
  async function walk(dir: string): Promise<void> {
    for await (const entry of Deno.readDir(dir)) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory) await walk(path);
      else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) {
        const info = await Deno.stat(path);
        parts.push(`${path}:${info.size}:${info.mtime?.getTime()}`);
      }
    }
  }
  await walk(root.replace(/\/$/, ""));
  parts.sort();
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(parts.join("\n")));
  return [...new Uint8Array(digest).slice(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join(
    "",
  );
}

function buildSqliteTemplate(): Promise<Template> {
  sqliteTemplate ??= (async () => {
    const path = await Deno.makeTempFile({ prefix: "opsuite-template-", suffix: ".db" });
    const db = openSqlite(path);
    const prepared = await prepareDatabase(db, { seed: "demo", now: Date.now() });
    await db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    await db.close();
    return { name: path, secret: prepared.secret };
  })();
  return sqliteTemplate;
}

const TEMPLATE_LOCK = 7_120_413;

function buildPostgresTemplate(): Promise<Template> {
  postgresTemplate ??= (async () => {
    const name = `opsuite_tpl_${await codeVersion()}`;
    await withAdmin(async (sql) => {
      // CREATE DATABASE cannot run in a transaction: a session lock keeps builders in turn.
      await sql`SELECT pg_advisory_lock(${TEMPLATE_LOCK})`;
      try {
        const [row] = await sql<{ datistemplate: boolean }[]>`
          SELECT datistemplate FROM pg_database WHERE datname = ${name}`;
        if (row?.datistemplate) return;
        // A template left half-built by a process that died is built again.
        if (row) await sql.unsafe(`DROP DATABASE "${name}" WITH (FORCE)`);
        await sql.unsafe(`CREATE DATABASE "${name}"`);
        const db = openPostgres(postgresUrlOf(name), { poolSize: 2, listen: false });
        try {
          await prepareDatabase(db, { seed: "demo", now: Date.now() });
        } finally {
          await db.close();
        }
        await sql.unsafe(`ALTER DATABASE "${name}" IS_TEMPLATE true`);
      } finally {
        await sql`SELECT pg_advisory_unlock(${TEMPLATE_LOCK})`;
      }
    });
    const db = openPostgres(postgresUrlOf(name), { poolSize: 1, listen: false });
    try {
      const row = await db.get<{ value: string }>(
        "SELECT value FROM meta WHERE key = 'jwt_secret'",
      );
      return { name, secret: row!.value };
    } finally {
      await db.close();
    }
  })();
  return postgresTemplate;
}

/** A fresh migrated, seeded database of its own for one test. */
export async function createTestDatabase(
  options: {
    writeWaitMs?: number;
    dialect?: Dialect;
    /** PostgreSQL connections (default 4; the race harness opens one per racing write). */
    poolSize?: number;
  } = {},
): Promise<TestDatabase> {
  if (TEST_DATABASE_URL && options.dialect !== "sqlite") {
    const template = await buildPostgresTemplate();
    const name = uniqueName("opsuite_t");
    await withAdmin((sql) => sql.unsafe(`CREATE DATABASE "${name}" TEMPLATE "${template.name}"`));
    const url = postgresUrlOf(name);
    const db = openPostgres(url, {
      poolSize: options.poolSize ?? 4,
      writeWaitMs: options.writeWaitMs,
    });
    return {
      db,
      url,
      secret: template.secret,
      connect: (more = {}) => openPostgres(url, { poolSize: 4, writeWaitMs: more.writeWaitMs }),
      async drop() {
        await db.close();
        await dropPostgres(name);
      },
    };
  }
  const template = await buildSqliteTemplate();
  const path = await Deno.makeTempFile({ prefix: "opsuite-test-", suffix: ".db" });
  await Deno.copyFile(template.name, path);
  const db = openSqlite(path, { writeWaitMs: options.writeWaitMs });
  return {
    db,
    url: `sqlite:${path}`,
    secret: template.secret,
    connect: (more = {}) => openSqlite(path, { writeWaitMs: more.writeWaitMs }),
    async drop() {
      await db.close();
      for (const file of [path, `${path}-wal`, `${path}-shm`]) {
        await Deno.remove(file).catch(() => {});
      }
    },
  };
}

/** The URL of a new, empty database of this run's dialect (for a process that prepares it itself). */
export async function createEmptyDatabaseUrl(): Promise<{ url: string; drop(): Promise<void> }> {
  if (TEST_DATABASE_URL) {
    const name = uniqueName("opsuite_e");
    await withAdmin((sql) => sql.unsafe(`CREATE DATABASE "${name}"`));
    return { url: postgresUrlOf(name), drop: () => dropPostgres(name) };
  }
  const dir = await Deno.makeTempDir({ prefix: "opsuite-empty-" });
  return {
    url: `sqlite:${dir}/app.db`,
    drop: () => Deno.remove(dir, { recursive: true }).catch(() => {}),
  };
}

async function dropPostgres(name: string): Promise<void> {
  await withAdmin((sql) => sql.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
