/**
 * The storage port. Repositories talk to this interface, never to a driver, so a
 * PostgreSQL driver can sit beside SQLite without touching services. Every call is
 * asynchronous for that reason even though SQLite answers synchronously.
 */

/** A bound parameter. */
export type SqlValue = string | number | bigint | null | Uint8Array;

/** The result of a write. */
export interface RunResult {
  changes: number;
}

/** A connection (or a transaction on one). */
export interface Queryable {
  /** Every row of a query. */
  all<T>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  /** The first row of a query, or undefined. */
  get<T>(sql: string, params?: readonly SqlValue[]): Promise<T | undefined>;
  /** A write. */
  run(sql: string, params?: readonly SqlValue[]): Promise<RunResult>;
}

/** A database: queries plus transactions. */
export interface Database extends Queryable {
  readonly dialect: "sqlite" | "postgres";
  /** Runs fn in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * A stamp that changes whenever data may have changed: at once for writes made
   * through this connection, and within `externalCheckMs` for commits made by other
   * connections or processes. Caches of derived data compare stamps.
   */
  changeStamp(): string;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}
