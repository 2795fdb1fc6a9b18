/**
 * The PostgreSQL driver over `postgres` (postgres.js) with a connection pool.
 * Transactions are real PostgreSQL transactions on one pooled connection; nothing
 * is serialised in this process. SQL arrives with `?` placeholders (written once
 * for both dialects) and is numbered here, once per statement text.
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
  return code === "40001" || code === "40P01" || code === "55P03";
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
  ): Queryable {
    const all = async <T>(text: string, params: readonly SqlValue[] = []): Promise<T[]> => {
      try {
        const rows = await runner.unsafe(numberPlaceholders(text), params as never[], {
          prepare: true,
        });
        // A plain array, as SQLite gives: postgres.js answers a subclass carrying its metadata.
        return Array.from(rows) as unknown as T[];
      } catch (error) {
        throw translated(error);
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
          throw translated(error);
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
          throw translated(error);
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
    const pending = new PendingChanges();
    const organizationId = actingOrganization();
    let result!: T;
    let committed: Change[] = [];
    try {
      await this.#sql.begin(async (tx) => {
        result = await fn(this.#queryable(tx as unknown as Runner, pending, organizationId));
        committed = pending.changes();
        if (committed.length) await this.#notify(tx as unknown as Runner, committed);
      });
    } catch (error) {
      throw translated(error);
    }
    for (const change of committed) this.signal.hear(change, "local");
    return result;
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#sql.end({ timeout: 5 });
  }
}
