/**
 * The PostgreSQL driver over `postgres` (postgres.js) with a connection pool.
 * Transactions are real PostgreSQL transactions on one pooled connection; nothing
 * is serialised in this process. SQL arrives with `?` placeholders (written once
 * for both dialects) and is numbered here, once per statement text.
 *
 * Transactions run at READ COMMITTED. What makes their outcome that of the
 * transactions run one after another (SQLite's single writer) is the engine's
 * row locks: a write locks the record it changes before reading it, and a rule
 * that decides from other records locks them first (`lockRecords`), so two
 * writes that decide from the same rows take turns and the second reads what
 * the first committed; writes on different rows never wait for each other.
 * (SERIALIZABLE was measured and refused: on the payment bench its predicate
 * locks on shared index pages failed 2 in 3 unrelated submits, 2.7 times slower
 * at once than one after another.) A transaction that deadlocks, or that runs
 * into a duplicate committed while it ran, is run again from the start after a
 * short random wait, a bounded number of times (`TRANSACTION_ATTEMPTS`), and
 * only then answers busy (503).
 *
 * Values come back as SQLite gives them: `bigint` and `numeric` results (counts,
 * sums, averages) are parsed to numbers at this boundary, once.
 *
 * Changes are announced with `NOTIFY` on one channel, in the same transaction as
 * the write; every instance `LISTEN`s and hears the others'. A write outside a
 * transaction that changes something runs in a transaction of its own with its
 * notification. When the listening connection is lost and comes back, everything
 * is taken to have changed, since notifications may have been missed meanwhile.
 */
import postgres from "postgres";
import type { Database, Queryable, RunResult, SqlValue } from "./database.ts";
import { DatabaseBusyError } from "./database-busy.ts";
import { isUniqueViolation } from "./constraint-errors.ts";
import {
  type Change,
  CHANGE_TOPICS,
  ChangeHub,
  type ChangeTopic,
  EVERYTHING,
  PendingChanges,
  RECORD_CHANGES_MAX,
  type RecordChange,
} from "./change-signal.ts";
import { topicsOfWrite } from "./change-topics.ts";
import { actingOrganization } from "./change-context.ts";

/** The channel every instance listens on. */
export const CHANGE_CHANNEL = "opsuite_changes";

/** How the pool behaves. */
export interface PostgresOptions {
  /** Connections in the pool (DATABASE_POOL_SIZE). */
  poolSize?: number;
  /** Whether to listen for other instances' changes (a one-off command need not). */
  listen?: boolean;
  /**
   * How long a statement waits for a lock another transaction holds before failing
   * busy (PostgreSQL's lock_timeout), as SQLite's write wait: 503 with Retry-After
   * instead of a request hanging.
   */
  writeWaitMs?: number;
}

/** The default pool size. */
export const DEFAULT_POOL_SIZE = 10;

/** The default lock wait, as SQLite's. */
const DEFAULT_WRITE_WAIT_MS = 5000;

/** How many times a transaction is run before a deadlock answers busy. */
export const TRANSACTION_ATTEMPTS = 12;

/** The longest random wait before a transaction runs again, in milliseconds. */
const RETRY_WAIT_CAP_MS = 200;

type Sql = postgres.Sql<Record<string, never>>;
type Runner = Pick<Sql, "unsafe">;

const numbered = new Map<string, string>();

/**
 * Numbers `?` placeholders as `$1`, `$2`, … outside quoted strings, quoted
 * identifiers and comments. Remembered per statement text.
 */
export function numberPlaceholders(sql: string): string {
  const known = numbered.get(sql);
  if (known !== undefined) return known;
  let out = "";
  let n = 0;
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i];
    if (ch === "'" || ch === '"') {
      const end = sql.indexOf(ch, i + 1);
      const stop = end === -1 ? sql.length : end + 1;
      out += sql.slice(i, stop);
      i = stop - 1;
    } else if (ch === "-" && sql[i + 1] === "-") {
      const end = sql.indexOf("\n", i);
      const stop = end === -1 ? sql.length : end;
      out += sql.slice(i, stop);
      i = stop - 1;
    } else if (ch === "?") {
      out += `$${++n}`;
    } else {
      out += ch;
    }
  }
  if (numbered.size < 10_000) numbered.set(sql, out);
  return out;
}

/** Serialization failures, deadlocks and lock timeouts: try again later. */
function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return isConflict(error) || code === "55P03";
}

/** A deadlock or a serialization failure: running the transaction again may succeed. */
function isConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "40001" || code === "40P01";
}

/**
 * A unique violation's constraint and key. A transaction that ran into a
 * duplicate another transaction committed while it ran (two amendments taking
 * the same next name) is run again: it now sees the row and takes another path.
 * Failing again on the same key means the duplicate is the caller's.
 */
function keyOf(error: unknown): string {
  const { constraint_name, detail } = error as { constraint_name?: unknown; detail?: unknown };
  return `${String(constraint_name)} ${String(detail)}`;
}

/**
 * The wait before attempt `attempt` (2, 3, …): random up to a cap that doubles
 * each time ("full jitter"), so transactions that collided do not collide again.
 */
function retryWaitMs(attempt: number): number {
  return Math.random() * Math.min(RETRY_WAIT_CAP_MS, 2 ** attempt);
}

/** What one attempt of a transaction saw go wrong in the database, even if its code caught it. */
interface Attempt {
  failure?: unknown;
}

function translated(error: unknown): unknown {
  return isBusy(error)
    ? new DatabaseBusyError("The database is busy: a conflicting write holds the rows")
    : error;
}

/** The notification of a change: who sent it, its organisation and topics. */
interface Notice {
  i: string;
  o: string | null;
  t: ChangeTopic[];
  r?: RecordChange[];
}

function parseNotice(payload: string): Notice | undefined {
  try {
    const notice = JSON.parse(payload) as Notice;
    const topics = notice.t.filter((t) => (CHANGE_TOPICS as readonly string[]).includes(t));
    const records = Array.isArray(notice.r)
      ? notice.r.slice(0, RECORD_CHANGES_MAX).map((r) => ({
        type: String(r.type),
        id: r.id === null ? null : String(r.id),
        ...(typeof r.version === "number" ? { version: r.version } : {}),
      }))
      : undefined;
    return {
      i: String(notice.i),
      o: notice.o === null ? null : String(notice.o),
      t: topics,
      ...(records ? { r: records } : {}),
    };
  } catch {
    return undefined;
  }
}

/** Opens a pool on a `postgres://` or `postgresql://` URL. */
export function openPostgres(url: string, options: PostgresOptions = {}): Database {
  const sql = postgres(url, {
    max: options.poolSize ?? DEFAULT_POOL_SIZE,
    prepare: true,
    fetch_types: false,
    onnotice: () => {},
    connection: {
      application_name: "opsuite",
      // ISO text is UTC; casts of it to timestamps and dates must read it so.
      TimeZone: "UTC",
      lock_timeout: options.writeWaitMs ?? DEFAULT_WRITE_WAIT_MS,
    },
    types: {
      // Counts, sums and averages: numbers, as SQLite returns them.
      bigint: { to: 20, from: [20], serialize: (x: bigint) => String(x), parse: Number },
      numeric: { to: 1700, from: [1700], serialize: (x: number) => String(x), parse: Number },
    },
  }) as unknown as Sql;
  return new PostgresDatabase(sql, options.listen ?? true);
}

class PostgresDatabase implements Database {
  readonly dialect = "postgres" as const;
  readonly signal = new ChangeHub();
  readonly #sql: Sql;
  readonly #instance = crypto.randomUUID();
  #listening: Promise<unknown> | undefined;
  #heardOnce = false;
  #closed = false;
  readonly #direct: Queryable;

  constructor(sql: Sql, listen: boolean) {
    this.#sql = sql;
    this.#direct = this.#queryable(sql as Runner, undefined);
    if (listen) {
      this.#listening = sql.listen(
        CHANGE_CHANNEL,
        (payload) => this.#heard(payload),
        () => {
          // A reconnection may have missed notifications: everything may have changed.
          if (this.#heardOnce) this.signal.hear(EVERYTHING, "remote");
          this.#heardOnce = true;
        },
      ).catch((error) => {
        // Closing before the listening connection was up is no failure.
        if (!this.#closed) console.error("cannot listen for changes", error);
      });
    }
  }

  /** Resolves once this instance listens for changes (tests wait for it). */
  async listening(): Promise<void> {
    await this.#listening;
  }

  #heard(payload: string): void {
    const notice = parseNotice(payload);
    if (!notice) return;
    if (notice.i === this.#instance) return; // heard locally at commit
    this.signal.hear({
      organizationId: notice.o,
      topics: notice.t,
      ...(notice.r ? { records: notice.r } : {}),
    }, "remote");
  }

  async #notify(runner: Runner, changes: Change[]): Promise<void> {
    for (const change of changes) {
      const notice: Notice = {
        i: this.#instance,
        o: change.organizationId,
        t: [...change.topics],
        ...(change.records ? { r: [...change.records] } : {}),
      };
      await runner.unsafe("SELECT pg_notify($1, $2)", [CHANGE_CHANNEL, JSON.stringify(notice)]);
    }
  }

  /**
   * `organizationId`: whom the transaction acts for, read when it began (postgres.js
   * may call back outside the request's async context).
   */
  #queryable(
    runner: Runner,
    pending: PendingChanges | undefined,
    organizationId: string | null = null,
    attempt: Attempt = {},
  ): Queryable {
    const failed = (error: unknown): unknown => {
      attempt.failure ??= error;
      return translated(error);
    };
    const all = async <T>(text: string, params: readonly SqlValue[] = []): Promise<T[]> => {
      try {
        const rows = await runner.unsafe(numberPlaceholders(text), params as never[], {
          prepare: true,
        });
        // A plain array, as SQLite gives: postgres.js answers a subclass carrying its metadata.
        return Array.from(rows) as unknown as T[];
      } catch (error) {
        throw failed(error);
      }
    };
    return {
      dialect: "postgres",
      all,
      get: async <T>(text: string, params?: readonly SqlValue[]) => (await all<T>(text, params))[0],
      run: async (text, params = []) => {
        if (!pending) return await this.#runAlone(text, params);
        let result;
        try {
          result = await runner.unsafe(numberPlaceholders(text), params as never[], {
            prepare: true,
          });
        } catch (error) {
          throw failed(error);
        }
        const changes = result.count ?? 0;
        if (changes > 0) {
          const topics = topicsOfWrite(text);
          if (topics.length) pending.add({ organizationId, topics });
        }
        return { changes };
      },
      exec: async (script) => {
        try {
          await runner.unsafe(script);
        } catch (error) {
          throw failed(error);
        }
        pending?.add(EVERYTHING);
        if (!pending) await this.#notifyAlone([EVERYTHING]);
      },
      announce: async (change) => {
        if (pending) pending.add(change);
        else await this.#notifyAlone([change]);
      },
    };
  }

  /** A write outside a transaction: with its notification in a transaction of its own. */
  async #runAlone(text: string, params: readonly SqlValue[]): Promise<RunResult> {
    const topics = topicsOfWrite(text);
    if (topics.length === 0) {
      try {
        const result = await this.#sql.unsafe(numberPlaceholders(text), params as never[], {
          prepare: true,
        });
        return { changes: result.count ?? 0 };
      } catch (error) {
        throw translated(error);
      }
    }
    return await this.transaction((tx) => tx.run(text, params));
  }

  async #notifyAlone(changes: Change[]): Promise<void> {
    await this.#notify(this.#sql, changes);
    for (const change of changes) this.signal.hear(change, "local");
  }

  all<T>(sql: string, params?: readonly SqlValue[]): Promise<T[]> {
    return this.#direct.all<T>(sql, params);
  }

  get<T>(sql: string, params?: readonly SqlValue[]): Promise<T | undefined> {
    return this.#direct.get<T>(sql, params);
  }

  run(sql: string, params?: readonly SqlValue[]): Promise<RunResult> {
    return this.#direct.run(sql, params);
  }

  exec(sql: string): Promise<void> {
    return this.#direct.exec(sql);
  }

  announce(change: Change): Promise<void> {
    return this.#direct.announce(change);
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const organizationId = actingOrganization();
    let duplicate: string | undefined;
    for (let run = 1;; run++) {
      const attempt: Attempt = {};
      try {
        return await this.#attempt(fn, organizationId, attempt);
      } catch (error) {
        // What the database refused, even when the function caught it and threw its own error.
        const failure = attempt.failure ?? error;
        const again = run < TRANSACTION_ATTEMPTS &&
          (isConflict(failure) || (isUniqueViolation(failure) && keyOf(failure) !== duplicate));
        if (!again) throw translated(isConflict(failure) ? failure : error);
        if (isUniqueViolation(failure)) duplicate = keyOf(failure);
        await new Promise((resolve) => setTimeout(resolve, retryWaitMs(run + 1)));
      }
    }
  }

  /**
   * One run of a transaction. A database error the function caught still fails
   * the run: PostgreSQL has aborted the transaction, and committing it would
   * silently roll it back.
   */
  async #attempt<T>(
    fn: (tx: Queryable) => Promise<T>,
    organizationId: string | null,
    attempt: Attempt,
  ): Promise<T> {
    const pending = new PendingChanges();
    let result!: T;
    let committed: Change[] = [];
    await this.#sql.begin(async (tx) => {
      const runner = tx as unknown as Runner;
      result = await fn(this.#queryable(runner, pending, organizationId, attempt));
      if (attempt.failure !== undefined) throw attempt.failure;
      committed = pending.changes();
      if (committed.length) await this.#notify(runner, committed);
    });
    for (const change of committed) this.signal.hear(change, "local");
    return result;
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#sql.end({ timeout: 5 });
  }
}
