/**
 * Where SQLite and PostgreSQL must be written differently, and nowhere else. SQL
 * is otherwise written once, with `?` placeholders, for both. Dates and times are
 * ISO 8601 text in both (`YYYY-MM-DD`, `YYYY-MM-DDTHH:MM:SS.sssZ`, always UTC).
 */
import type { Dialect } from "./database.ts";

/**
 * The number of days (fractional) from ISO date-time `from` to `to`, both SQL
 * expressions: SQLite's julianday difference, PostgreSQL's epoch difference.
 * `from` is written first, so `?` placeholders bind in the order of the arguments.
 */
export function daysBetween(dialect: Dialect, from: string, to: string): string {
  return dialect === "sqlite"
    ? `(-(julianday(${from}) - julianday(${to})))`
    : `(-EXTRACT(EPOCH FROM (CAST(${from} AS timestamptz) - CAST(${to} AS timestamptz))) / 86400.0)`;
}

/**
 * The whole days from ISO date `from` to ISO date `to` (both `YYYY-MM-DD` SQL
 * expressions), `from` written first as in `daysBetween`.
 */
export function wholeDaysBetween(dialect: Dialect, from: string, to: string): string {
  return dialect === "sqlite"
    ? `CAST(-(julianday(${from}) - julianday(${to})) AS INTEGER)`
    : `(-(CAST(${from} AS date) - CAST(${to} AS date)))`;
}

/** The ISO date (`YYYY-MM-DD`) `days` after the ISO date or date-time SQL expression `date`. */
export function addDays(dialect: Dialect, date: string, days: number): string {
  if (!Number.isInteger(days)) throw new Error(`addDays needs whole days, got ${days}`);
  return dialect === "sqlite"
    ? `date(${date}, '${days >= 0 ? "+" : ""}${days} days')`
    : `to_char(CAST(substr(${date}, 1, 10) AS date) + ${days}, 'YYYY-MM-DD')`;
}

/** The ISO date (`YYYY-MM-DD`) `days` after an ISO date or date-time, computed here. */
export function isoDatePlus(date: string, days: number): string {
  const day = Date.parse(`${date.slice(0, 10)}T00:00:00.000Z`);
  if (Number.isNaN(day)) throw new Error(`Not an ISO date: "${date}"`);
  return new Date(day + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A case-insensitive substring match of a text SQL expression against one `?`
 * parameter made by `containsPattern`. Both dialects fold ASCII letters only
 * (SQLite's lower(), PostgreSQL's in the "C" collation every column uses) and
 * escape with a backslash, so a search behaves the same on both.
 */
export function containsMatch(expression: string): string {
  return `lower(${expression}) LIKE ? ESCAPE '\\'`;
}

/**
 * The parameter of `containsMatch` for what a person typed: taken literally, ASCII
 * letters in any case (folded as SQL's lower() folds them; other letters as typed).
 */
export function containsPattern(text: string): string {
  const folded = text.replace(/[A-Z]/g, (ch) => ch.toLowerCase());
  const escaped = folded.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  return `%${escaped}%`;
}

/**
 * The clause that locks the rows a SELECT reads until the transaction ends, so a
 * read-then-write in one transaction sees no concurrent write in between:
 * PostgreSQL's `FOR UPDATE`; nothing on SQLite, whose transactions hold the write
 * lock from BEGIN IMMEDIATE.
 */
export function forUpdate(dialect: Dialect): string {
  return dialect === "sqlite" ? "" : "FOR UPDATE";
}

/**
 * The clause that keeps a row from being deleted (or its key changed) until the
 * transaction ends, as a foreign key's check does, while others still read and
 * update it; SQLite's transactions already hold the whole database.
 */
export function forKeyShare(dialect: Dialect): string {
  return dialect === "sqlite" ? "" : "FOR KEY SHARE";
}

/**
 * The whole milliseconds from ISO date-time `from` to `to` (SQL expressions), an
 * integer on both dialects, so sums and means of durations computed from it are
 * the same on both (julianday's fractional days are not exact). `from` is written
 * first, as in `daysBetween`.
 */
export function millisecondsBetween(dialect: Dialect, from: string, to: string): string {
  return dialect === "sqlite"
    ? `CAST(ROUND(-(julianday(${from}) - julianday(${to})) * 86400000) AS INTEGER)`
    : `CAST(ROUND(-EXTRACT(EPOCH FROM (CAST(${from} AS timestamptz) - CAST(${to} AS timestamptz))) * 1000) AS bigint)`;
}

/**
 * The next place in a series of rows (a thread's messages), as an SQL expression
 * and the parameters it binds. PostgreSQL draws it from `sequence`, so concurrent
 * writers never wait on one another; SQLite, whose writes run one at a time, takes
 * one past the greatest `column` of `table` where `scopeColumn` is `scope`.
 */
export function nextPlace(
  dialect: Dialect,
  series: { sequence: string; table: string; column: string; scopeColumn: string },
  scope: string,
): { sql: string; params: string[] } {
  return dialect === "sqlite"
    ? {
      sql:
        `(SELECT COALESCE(MAX(${series.column}), 0) + 1 FROM ${series.table} WHERE ${series.scopeColumn} = ?)`,
      params: [scope],
    }
    : { sql: `nextval('${series.sequence}')`, params: [] };
}

/**
 * The statement that shows how the database would run `sql` (same `?`
 * parameters): SQLite's `EXPLAIN QUERY PLAN` (rows of `detail` text), PostgreSQL's
 * `EXPLAIN (FORMAT JSON)` (one row whose `QUERY PLAN` is the plan tree).
 */
export function explainPlan(dialect: Dialect, sql: string): string {
  return dialect === "sqlite" ? `EXPLAIN QUERY PLAN ${sql}` : `EXPLAIN (FORMAT JSON) ${sql}`;
}

/**
 * The indexes of the tables named by `count` `?` parameters, as rows of
 * `name`, `table_name` and `definition` (the CREATE INDEX statement): SQLite's
 * sqlite_master (automatic primary-key indexes have no statement and are left
 * out), PostgreSQL's pg_indexes of the current schema.
 */
export function indexesOfTables(dialect: Dialect, count: number): string {
  const names = Array.from({ length: count }, () => "?").join(", ");
  return dialect === "sqlite"
    ? `SELECT name, tbl_name AS table_name, sql AS definition FROM sqlite_master
        WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${names}) ORDER BY tbl_name, name`
    : `SELECT indexname AS name, tablename AS table_name, indexdef AS definition FROM pg_indexes
        WHERE schemaname = current_schema() AND tablename IN (${names}) ORDER BY tablename, indexname`;
}

/**
 * The statements that refresh the planner's statistics of `table` (a known table
 * name, never user input): `ANALYZE` on both, then SQLite's `PRAGMA optimize`,
 * which lets it drop stale statistics it no longer needs.
 */
export function refreshStatistics(dialect: Dialect, table: string): string[] {
  return dialect === "sqlite" ? [`ANALYZE ${table}`, "PRAGMA optimize"] : [`ANALYZE ${table}`];
}

/** The values of `expression` in a group joined with `separator` (a literal without quotes). */
export function joinedValues(dialect: Dialect, expression: string, separator: string): string {
  return dialect === "postgres"
    ? `string_agg(${expression}, '${separator}')`
    : `group_concat(${expression}, '${separator}')`;
}

/**
 * The period an ISO date or date-time SQL expression falls in, as text both
 * databases write alike: the day `2026-03-14`, the week's Monday `2026-03-09`, the
 * month `2026-03`, the quarter `2026-Q1`, the year `2026`. Date-times are
 * bucketed by their UTC date.
 */
export function dateBucket(
  dialect: Dialect,
  date: string,
  bucket: "day" | "week" | "month" | "quarter" | "year",
): string {
  switch (bucket) {
    case "day":
      return `substr(${date}, 1, 10)`;
    case "month":
      return `substr(${date}, 1, 7)`;
    case "year":
      return `substr(${date}, 1, 4)`;
    case "quarter":
      return `(substr(${date}, 1, 4) || '-Q' || CAST((CAST(substr(${date}, 6, 2) AS INTEGER) + 2) / 3 AS TEXT))`;
    case "week":
      return dialect === "sqlite"
        ? `date(substr(${date}, 1, 10), '-' || ((CAST(strftime('%w', substr(${date}, 1, 10)) AS INTEGER) + 6) % 7) || ' days')`
        : `to_char(date_trunc('week', CAST(substr(${date}, 1, 10) AS date)), 'YYYY-MM-DD')`;
  }
}
