/**
 * The SQLite driver over `node:sqlite`. WAL journal, `synchronous=NORMAL` and
 * transactions for every multi-row write: autocommit writes to a file fsync each
 * time and are very slow. Transactions are serialised by an async queue so that no
 * other request's statement lands inside an open transaction.
 *
 * The driver is synchronous, so a statement waiting for another process's write
 * lock blocks the whole event loop. SQLite's own wait (busy_timeout) is therefore
 * kept short, and a write that finds the database locked is retried between turns
 * of the event loop until `writeWaitMs` has passed; then it fails with
 * `DatabaseBusyError`, having written nothing. Meanwhile reads, health checks and
 * signals keep being served, and every failure releases the transaction queue.
 */
import { DatabaseSync, type StatementSync } from "node:sqlite";
import type { Database, Queryable, RunResult, SqlValue } from "./database.ts";
import { DatabaseBusyError } from "./database-busy.ts";
import { type Change, ChangeHub, EVERYTHING, PendingChanges } from "./change-signal.ts";
import { topicsOfWrite } from "./change-topics.ts";
import { actingOrganization } from "./change-context.ts";

/** How often other connections' commits are looked for (PRAGMA data_version). */
export const EXTERNAL_CHECK_MS = 200;

/** The longest one attempt blocks the event loop waiting for a lock (busy_timeout). */
const BUSY_SLICE_MS = 50;

/** The longest pause between two attempts. */
const MAX_RETRY_PAUSE_MS = 100;

/** How the driver behaves under contention. */
export interface SqliteOptions {
  /** How long a write waits for another connection's write lock before failing busy. */
  writeWaitMs?: number;
}

/** The default for `writeWaitMs`: SQLite's customary 5 s busy timeout. */
export const DEFAULT_WRITE_WAIT_MS = 5000;

/** Opens (creating if needed) the SQLite database at path (":memory:" for memory). */
export function openSqlite(path: string, options: SqliteOptions = {}): Database {
  if (path !== ":memory:") {
    const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
    if (dir) Deno.mkdirSync(dir, { recursive: true });
  }
  const db = new DatabaseSync(path);
  db.exec(`PRAGMA busy_timeout = ${BUSY_SLICE_MS}`);
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA synchronous = NORMAL");
  db.exec("PRAGMA foreign_keys = ON");
  return new SqliteDatabase(db, options.writeWaitMs ?? DEFAULT_WRITE_WAIT_MS);
}

/**
 * SQLITE_BUSY, with any of its extended codes. Errors of `exec` carry no code, only
 * SQLite's message for it.
 */
function isBusy(error: unknown): boolean {
  const { errcode, message } = error as { errcode?: unknown; message?: unknown };
  return typeof errcode === "number"
    ? (errcode & 0xff) === 5
    : typeof message === "string" && message.startsWith("database is locked");
}

function busyError(waitedMs: number): DatabaseBusyError {
  return new DatabaseBusyError(
    `The database is busy: its write lock was not free within ${waitedMs} ms`,
  );
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

class SqliteDatabase implements Database {
  readonly dialect = "sqlite" as const;
  #db: DatabaseSync;
  #writeWaitMs: number;
  #statements = new Map<string, StatementSync>();
  /** The end of the queue of transactions: resolves when the last one queued is done. */
  #queue: Promise<void> = Promise.resolve();
  /** Transactions begun and not yet left; none means the queue is empty. */
  #queued = 0;
  /** Resolves when the open transaction ends; statements from outside wait for it. */
  #open: Promise<void> = Promise.resolve();
  #inTransaction = false;
  #direct: Queryable;
  /** The changes of the open transaction, heard when it commits. */
  #pending = new PendingChanges();
  #externalVersion: number | undefined;
  #externalCheckedAt = 0;
  #watch: ReturnType<typeof setInterval>;
  readonly signal: ChangeHub;

  constructor(db: DatabaseSync, writeWaitMs: number) {
    this.#db = db;
    this.#writeWaitMs = writeWaitMs;
    this.signal = new ChangeHub(() => this.#lookForOthers(false));
    this.#lookForOthers(true);
    // Other processes' commits reach subscribers (event streams) without a request.
    this.#watch = setInterval(() => this.#lookForOthers(true), EXTERNAL_CHECK_MS);
    Deno.unrefTimer(this.#watch as unknown as number);
    this.#direct = {
      dialect: "sqlite",
      all: (sql, params) => Promise.resolve(this.#all(sql, params)),
      get: (sql, params) => Promise.resolve(this.#get(sql, params)),
      run: (sql, params) => Promise.resolve(this.#run(sql, params)),
      exec: (sql) => Promise.resolve(this.#exec(sql)),
      announce: (change) => Promise.resolve(this.#pending.add(change)),
    };
  }

  /**
   * Hears other connections' commits: PRAGMA data_version moves when another
   * connection changed the file. Nothing says what they changed, so everything is
   * taken to have changed.
   */
  #lookForOthers(now: boolean): void {
    if (this.#inTransaction) return;
    const at = Date.now();
    const since = at - this.#externalCheckedAt;
    if (!now && since < EXTERNAL_CHECK_MS && since >= 0) return;
    this.#externalCheckedAt = at;
    let version: number;
    try {
      version = (this.#prepare("PRAGMA data_version").get() as { data_version: number })
        .data_version;
    } catch {
      return; // closed, or busy for a moment: look again next time
    }
    const before = this.#externalVersion;
    this.#externalVersion = version;
    if (before !== undefined && before !== version) this.signal.hear(EVERYTHING, "remote");
  }

  /** Sends what a statement outside a transaction changed, or keeps it for the commit. */
  #changed(change: Change): void {
    if (this.#inTransaction) this.#pending.add(change);
    else this.signal.hear(change, "local");
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
    const result = this.#prepare(sql).run(...params);
    const changes = Number(result.changes);
    if (changes > 0) {
      const topics = topicsOfWrite(sql);
      if (topics.length) this.#changed({ organizationId: actingOrganization(), topics });
    }
    return { changes };
  }

  #exec(sql: string): void {
    this.#db.exec(sql);
    this.#changed(EVERYTHING);
  }

  /**
   * Runs a statement that may need a lock another connection holds: at once when it
   * is free (the common case costs no extra turn), else again between turns of the
   * event loop until the write wait has passed.
   */
  #attempt<T>(statement: () => T, deadline = Date.now() + this.#writeWaitMs): Promise<T> {
    try {
      return Promise.resolve(statement());
    } catch (error) {
      if (!isBusy(error)) return Promise.reject(error);
    }
    return this.#retry(statement, deadline);
  }

  async #retry<T>(statement: () => T, deadline: number): Promise<T> {
    for (let wait = 5;; wait = Math.min(wait * 2, MAX_RETRY_PAUSE_MS)) {
      if (Date.now() + wait >= deadline) throw busyError(this.#writeWaitMs);
      await pause(wait);
      try {
        return statement();
      } catch (error) {
        if (!isBusy(error)) throw error;
      }
    }
  }

  async #outside<T>(statement: () => T): Promise<T> {
    while (this.#inTransaction) await this.#open;
    return await this.#attempt(statement);
  }

  all<T>(sql: string, params?: readonly SqlValue[]): Promise<T[]> {
    return this.#inTransaction
      ? this.#outside(() => this.#all<T>(sql, params))
      : this.#attempt(() => this.#all<T>(sql, params));
  }

  get<T>(sql: string, params?: readonly SqlValue[]): Promise<T | undefined> {
    return this.#inTransaction
      ? this.#outside(() => this.#get<T>(sql, params))
      : this.#attempt(() => this.#get<T>(sql, params));
  }

  run(sql: string, params?: readonly SqlValue[]): Promise<RunResult> {
    return this.#inTransaction
      ? this.#outside(() => this.#run(sql, params))
      : this.#attempt(() => this.#run(sql, params));
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const deadline = Date.now() + this.#writeWaitMs;
    const before = this.#queue;
    const alone = this.#queued++ === 0;
    let leave!: () => void;
    const turn = new Promise<void>((resolve) => (leave = resolve));
    this.#queue = before.then(() => turn);
    try {
      // Alone, every earlier transaction has left: no timer is needed to wait for them.
      if (!alone) await this.#waitForTurn(before, deadline);
      // Statements from outside still run while the lock is awaited: nothing is open yet.
      while (this.#inTransaction) await this.#open;
      await this.#attempt(() => this.#db.exec("BEGIN IMMEDIATE"), deadline);
      return await this.#inOpenTransaction(fn);
    } finally {
      this.#queued--;
      leave();
    }
  }

  /** Waits for the transactions queued before; past the deadline the write fails busy. */
  async #waitForTurn(before: Promise<void>, deadline: number): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<"late">((resolve) => {
      timer = setTimeout(() => resolve("late"), Math.max(0, deadline - Date.now()));
    });
    try {
      if (await Promise.race([before, late]) === "late") throw busyError(this.#writeWaitMs);
    } finally {
      clearTimeout(timer);
    }
  }

  async #inOpenTransaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    let close!: () => void;
    this.#open = new Promise((resolve) => (close = resolve));
    this.#inTransaction = true;
    this.#pending = new PendingChanges();
    try {
      const result = await fn(this.#direct);
      this.#db.exec("COMMIT");
      const committed = this.#pending.changes();
      this.#inTransaction = false;
      for (const change of committed) this.signal.hear(change, "local");
      return result;
    } catch (error) {
      // SQLite rolls some failures back itself; a second ROLLBACK would throw.
      if (this.#db.isTransaction) this.#db.exec("ROLLBACK");
      throw isBusy(error) ? busyError(this.#writeWaitMs) : error;
    } finally {
      this.#inTransaction = false;
      close();
    }
  }

  exec(sql: string): Promise<void> {
    return this.#outside(() => this.#exec(sql));
  }

  announce(change: Change): Promise<void> {
    return this.#outside(() => this.#changed(change));
  }

  close(): Promise<void> {
    clearInterval(this.#watch);
    this.#statements.clear();
    this.#db.close();
    return Promise.resolve();
  }
}
