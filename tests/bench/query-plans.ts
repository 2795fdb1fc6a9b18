/**
 * What queries a piece of work runs, and how PostgreSQL plans them: a database
 * wrapper that notes every read (inside transactions too), and EXPLAIN of a
 * noted statement with its own parameters.
 */
import type { Database, Queryable, SqlValue } from "../../server/db/database.ts";

/** Statement text → the parameters it last ran with. */
export type Statements = Map<string, readonly SqlValue[]>;

/** `db` noting every read into `seen`; everything else passes through. */
export function notingReads<Q extends Queryable>(db: Q, seen: Statements): Q {
  return new Proxy(db, {
    get(target, key) {
      const value = Reflect.get(target, key, target);
      if (typeof value !== "function") return value;
      if (key === "all" || key === "get") {
        return (sql: string, params: readonly SqlValue[] = []) => {
          seen.set(sql, params);
          return value.call(target, sql, params);
        };
      }
      if (key === "transaction") {
        return (fn: (tx: Queryable) => Promise<unknown>) =>
          (target as unknown as Database).transaction((tx) => fn(notingReads(tx, seen)));
      }
      // Drivers keep private fields: their methods run on the driver itself.
      return value.bind(target);
    },
  });
}

/** The plan PostgreSQL chooses for a statement with these parameters, line by line. */
export async function explain(
  db: Queryable,
  sql: string,
  params: readonly SqlValue[] = [],
  options = "",
): Promise<string[]> {
  const rows = await db.all<{ "QUERY PLAN": string }>(
    `EXPLAIN ${options} ${sql}`,
    params,
  );
  return rows.map((row) => row["QUERY PLAN"]);
}

/** Whether a plan reads every row of `table`. */
export function scansWhole(plan: string[], table: string): boolean {
  return plan.some((line) => new RegExp(`Seq Scan on ${table}\\b`).test(line));
}
