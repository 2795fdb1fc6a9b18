/**
 * The SQLite driver over `node:sqlite`. WAL journal, `synchronous=NORMAL` and
 * transactions for every multi-row write: autocommit writes to a file fsync each
 * time and are very slow. Transactions are serialised by an async lock so that no
 * other request's statement lands inside an open transaction.
 */
import { DatabaseSync, type StatementSync } from "node:sqlite";
import type { Database, Queryable, RunResult, SqlValue } from "./database.ts";

/** How often other connections' commits are looked for (PRAGMA data_version). */
export const EXTERNAL_CHECK_MS = 200;

/** Opens (creating if needed) the SQLite database at path (":memory:" for memory). */
export function openSqlite(path: string): Database {
  if (path !== ":memory:") {
    const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
    if (dir) Deno.mkdirSync(dir, { recursive: true });
  }
  const db = new DatabaseSync(path);
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA synchronous = NORMAL");
  db.exec("PRAGMA foreign_keys = ON");
  db.exec("PRAGMA busy_timeout = 5000");
  return new SqliteDatabase(db);
}

class SqliteDatabase implements Database {
  readonly dialect = "sqlite" as const;
  #db: DatabaseSync;
  #statements = new Map<string, StatementSync>();
  #lock: Promise<void> = Promise.resolve();
  #inTransaction = false;
  #direct: Queryable;
  #localWrites = 0;
  #externalVersion = 0;
  #externalCheckedAt = 0;
  /** The last stamp and the counters it was made from. */
  #stamp = "0:0";
  #stampOf: [number, number] = [0, 0];

  constructor(db: DatabaseSync) {
    this.#db = db;
    this.#direct = {
      all: (sql, params) => Promise.resolve(this.#all(sql, params)),
      get: (sql, params) => Promise.resolve(this.#get(sql, params)),
      run: (sql, params) => Promise.resolve(this.#run(sql, params)),
    };
  }

  #prepare(sql: string): StatementSync {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  #all<T>(sql: string, params: readonly SqlValue[] = []): T[] {
    return this.#prepare(sql).all(...params) as T[];
  }

  #get<T>(sql: string, params: readonly SqlValue[] = []): T | undefined {
    return this.#prepare(sql).get(...params) as T | undefined;
  }

  #run(sql: string, params: readonly SqlValue[] = []): RunResult {
    this.#localWrites++;
    const result = this.#prepare(sql).run(...params);
    return { changes: Number(result.changes) };
  }

  async #outside<T>(fn: () => T): Promise<T> {
    while (this.#inTransaction) await this.#lock;
    return fn();
  }

  all<T>(sql: string, params?: readonly SqlValue[]): Promise<T[]> {
    return this.#inTransaction
      ? this.#outside(() => this.#all<T>(sql, params))
      : Promise.resolve(this.#all<T>(sql, params));
  }

  get<T>(sql: string, params?: readonly SqlValue[]): Promise<T | undefined> {
    return this.#inTransaction
      ? this.#outside(() => this.#get<T>(sql, params))
      : Promise.resolve(this.#get<T>(sql, params));
  }

  run(sql: string, params?: readonly SqlValue[]): Promise<RunResult> {
    return this.#inTransaction
      ? this.#outside(() => this.#run(sql, params))
      : Promise.resolve(this.#run(sql, params));
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    while (this.#inTransaction) await this.#lock;
    let release!: () => void;
    this.#lock = new Promise((resolve) => (release = resolve));
    this.#inTransaction = true;
    this.#db.exec("BEGIN IMMEDIATE");
    try {
      const result = await fn(this.#direct);
      this.#db.exec("COMMIT");
      this.#localWrites++;
      return result;
    } catch (error) {
      this.#db.exec("ROLLBACK");
      throw error;
    } finally {
      this.#inTransaction = false;
      release();
    }
  }

  exec(sql: string): Promise<void> {
    this.#localWrites++;
    return this.#outside(() => this.#db.exec(sql));
  }

  changeStamp(): string {
    // Date.now is cheaper than performance.now on this path (no call out of V8); a
    // clock stepped back is simply a reason to look again.
    const now = Date.now();
    const since = now - this.#externalCheckedAt;
    if ((since >= EXTERNAL_CHECK_MS || since < 0) && !this.#inTransaction) {
      this.#externalCheckedAt = now;
      const row = this.#prepare("PRAGMA data_version").get() as { data_version: number };
      this.#externalVersion = row.data_version;
    }
    if (this.#stampOf[0] !== this.#localWrites || this.#stampOf[1] !== this.#externalVersion) {
      this.#stampOf = [this.#localWrites, this.#externalVersion];
      this.#stamp = `${this.#localWrites}:${this.#externalVersion}`;
    }
    return this.#stamp;
  }

  close(): Promise<void> {
    this.#statements.clear();
    this.#db.close();
    return Promise.resolve();
  }
}
