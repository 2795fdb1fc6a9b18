/**
 * The typed error a write raises when another connection or process holds the
 * database's write lock for longer than the write may wait. The error handler
 * answers it 503 with Retry-After: the request was not applied and may be retried.
 */

/** The write lock could not be taken in time; nothing was written. */
export class DatabaseBusyError extends Error {
  /** Seconds after which a retry is sensible. */
  readonly retryAfterSeconds: number;

  constructor(message = "The database is busy", retryAfterSeconds = 1) {
    super(message);
    this.name = "DatabaseBusyError";
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
