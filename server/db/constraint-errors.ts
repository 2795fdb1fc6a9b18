/**
 * Recognises what a database refused because of a constraint, whichever driver
 * raised it. Code that must not insert a row twice lets the unique constraint
 * decide (two requests on two connections cannot both pass a check made before
 * the insert) and turns the refusal into the answer a sequential duplicate gets.
 */

/** SQLite's extended result code for a UNIQUE or PRIMARY KEY constraint. */
const SQLITE_CONSTRAINT_UNIQUE = 2067;
const SQLITE_CONSTRAINT_PRIMARYKEY = 1555;
/** PostgreSQL's SQLSTATE unique_violation. */
const POSTGRES_UNIQUE_VIOLATION = "23505";

/** Whether error is a unique (or primary key) violation from SQLite or PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { errcode, code, message } = error as {
    errcode?: unknown;
    code?: unknown;
    message?: unknown;
  };
  if (errcode === SQLITE_CONSTRAINT_UNIQUE || errcode === SQLITE_CONSTRAINT_PRIMARYKEY) return true;
  if (code === POSTGRES_UNIQUE_VIOLATION) return true;
  return typeof message === "string" && message.startsWith("UNIQUE constraint failed");
}

/**
 * The columns of the unique index a unique violation refused, when the driver
 * says which: SQLite names them in its message (`UNIQUE constraint failed: t.a,
 * t.b`), PostgreSQL in the error's detail (`Key (a, b)=(…) already exists.`).
 * Undefined for any other error, or a violation on another table than `table`.
 */
export function uniqueViolationColumns(error: unknown, table?: string): string[] | undefined {
  if (!isUniqueViolation(error)) return undefined;
  const { message, detail, table_name } = error as {
    message?: unknown;
    detail?: unknown;
    table_name?: unknown;
  };
  const sqlite = typeof message === "string" &&
    /^UNIQUE constraint failed: (.+)$/.exec(message.split("\n")[0]);
  if (sqlite) {
    const qualified = sqlite[1].split(",").map((c) => c.trim().split("."));
    if (table !== undefined && qualified.some(([t]) => t !== table)) return undefined;
    return qualified.map(([, column]) => column);
  }
  const postgres = typeof detail === "string" && /^Key \(([^()]+)\)=/.exec(detail);
  if (postgres) {
    if (table !== undefined && table_name !== table) return undefined;
    return postgres[1].split(",").map((c) => c.trim().replace(/^"|"$/g, ""));
  }
  return undefined;
}

/** SQLite's extended result code for a FOREIGN KEY constraint. */
const SQLITE_CONSTRAINT_FOREIGNKEY = 787;
/** PostgreSQL's SQLSTATE foreign_key_violation. */
const POSTGRES_FOREIGN_KEY_VIOLATION = "23503";

/** Whether error is a foreign key violation (a row still referenced) from SQLite or PostgreSQL. */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { errcode, code, message } = error as {
    errcode?: unknown;
    code?: unknown;
    message?: unknown;
  };
  if (errcode === SQLITE_CONSTRAINT_FOREIGNKEY || code === POSTGRES_FOREIGN_KEY_VIOLATION) {
    return true;
  }
  return typeof message === "string" && message.startsWith("FOREIGN KEY constraint failed");
}
