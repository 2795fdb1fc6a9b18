/**
 * The storage port. Repositories talk to this interface, never to a driver, so the
 * SQLite and PostgreSQL drivers are interchangeable. Every call is asynchronous
 * even though SQLite answers synchronously.
 *
 * SQL is written once for both dialects with `?` placeholders; the PostgreSQL
 * driver numbers them. Where the dialects must differ, `dialect.ts` says so.
 * Rows come back with the same JavaScript types from both drivers: integers,
 * counts and sums as numbers, text (timestamps included, as ISO 8601) as strings.
 */
import type { Change, ChangeSignal } from "./change-signal.ts";

/** A bound parameter. */
export type SqlValue = string | number | bigint | null | Uint8Array;

/** The SQL dialect a driver speaks. */
export type Dialect = "sqlite" | "postgres";

/** The result of a write. */
export interface RunResult {
  changes: number;
}

/** A connection (or a transaction on one). */
export interface Queryable {
  readonly dialect: Dialect;
  /** Every row of a query. */
  all<T>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  /** The first row of a query, or undefined. */
  get<T>(sql: string, params?: readonly SqlValue[]): Promise<T | undefined>;
  /** A write. What it changed is announced from the table it writes (change-topics.ts). */
  run(sql: string, params?: readonly SqlValue[]): Promise<RunResult>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Announces a change for the organisation it concerns. Inside a transaction it is
   * sent with the commit (and dropped with a rollback); every instance hears it.
   */
  announce(change: Change): Promise<void>;
}

/**
 * Reads only, locks included: what a record type's controller may ask of the
 * database itself. Its writes go through the engine's operations.
 */
export type Reader = Pick<Queryable, "dialect" | "all" | "get">;

/** A database: queries plus transactions, and the signal of what changed. */
export interface Database extends Queryable {
  /**
   * Runs fn in one transaction; commits when it resolves, rolls back when it
   * throws. On PostgreSQL a transaction that deadlocks or runs into a duplicate
   * committed meanwhile is run again from the start, so fn must change nothing
   * outside the database before it resolves.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** What changed, heard from this instance's writes and from every other writer. */
  readonly signal: ChangeSignal;
  close(): Promise<void>;
}
