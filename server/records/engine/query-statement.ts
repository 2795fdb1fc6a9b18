/**
 * The text of a compiled query (record-query.ts `planQuery`): its one SELECT, and
 * for a walk through all its rows (query-pages.ts) the keyset condition after a
 * page's last row over the query's total order. Empties sort last on both
 * databases: SQLite sorts NULL first and PostgreSQL last, so a column that may be
 * empty is ordered by `(x) IS NULL` first; a column that is never empty keeps its index.
 */
import type { SqlValue } from "../../db/database.ts";
import type { QueryAggregate } from "../../../schemas/records/query.ts";
import type { QueryKey } from "./query-keys.ts";

/** An output of the query: a column, a group or an aggregate, with its SQL. */
export interface Output {
  name: string;
  sql: string;
  key?: QueryKey;
  aggregate?: QueryAggregate;
}

/** An ORDER BY term of a query: its SQL, its direction and whether it may be empty. */
export interface OrderTerm {
  sql: string;
  dir: "asc" | "desc";
  nullable: boolean;
  /** An aggregate: a condition on it is one on the groups (HAVING). */
  aggregate?: boolean;
}

/**
 * A query compiled once: its outputs and the parts of its one SQL statement. The
 * call (`runQuery`) and the pages of an export (query-pages.ts) both read through
 * it, so neither has a second way around the caller's visibility.
 */
export interface QueryPlan {
  grouped: boolean;
  outputs: Output[];
  /** `FROM … WHERE …` with its joins, the readable clause and the filters. */
  from: string;
  /** `GROUP BY …` or empty. */
  groupBy: string;
  having?: { sql: string; params: SqlValue[] };
  /** The order, ending on what makes it total (the record's id, or every group field). */
  order: OrderTerm[];
  params: SqlValue[];
  /** The rows the request asks for at most (`limit`), if it says. */
  limit?: number;
}

/**
 * The plan's statement: its outputs (`o0`…), and, for paging, its order's values
 * (`k0`…) and a condition keeping the rows after a page, then at most `limit` rows.
 * The condition is on the records (WHERE) unless the order names an aggregate: a
 * group's fields are the same on each of its records, so a condition on them keeps
 * or drops whole groups, before they are counted and with the index's help.
 */
export function queryStatement(
  plan: QueryPlan,
  options: {
    limit: number;
    /** The order to read in, when not the plan's own (a walk's segment, query-pages.ts). */
    order?: readonly OrderTerm[];
    orderValues?: boolean;
    after?: { sql: string; params: SqlValue[] };
  },
): { sql: string; params: SqlValue[] } {
  const terms = options.order ?? plan.order;
  const select = [
    ...(plan.grouped ? [] : ["t.id AS id"]),
    ...plan.outputs.map((o, i) => `${o.sql} AS o${i}`),
    ...(options.orderValues ? terms.map((o, i) => `${o.sql} AS k${i}`) : []),
  ];
  const onGroups = plan.order.some((o) => o.aggregate);
  const where = !onGroups && options.after ? ` AND ${options.after.sql}` : "";
  const having = [
    ...(plan.having ? [plan.having.sql] : []),
    ...(onGroups && options.after ? [options.after.sql] : []),
  ];
  const order = terms.flatMap((o) => [
    ...(o.nullable ? [`(${o.sql}) IS NULL`] : []),
    `${o.sql} ${o.dir.toUpperCase()}`,
  ]);
  return {
    sql: `SELECT ${select.join(", ")} ${plan.from}${where}
    ${plan.groupBy}
    ${having.length > 0 ? `HAVING ${having.join(" AND ")}` : ""}
    ${order.length > 0 ? `ORDER BY ${order.join(", ")}` : ""}
    LIMIT ${options.limit}`,
    params: [
      ...plan.params,
      ...(onGroups ? [] : options.after?.params ?? []),
      ...(plan.having?.params ?? []),
      ...(onGroups ? options.after?.params ?? [] : []),
    ],
  };
}

/**
 * The condition keeping the rows after `row` (its order values `k0`…) in the plan's
 * order. When every term runs one way and none may be empty it is one row-value
 * comparison, `(issue_date, id) < (?, ?)`, which both databases answer by seeking
 * an index; otherwise each term in turn, an empty value sorting after every other.
 */
export function afterRow(
  order: readonly OrderTerm[],
  row: Record<string, unknown>,
): { sql: string; params: SqlValue[] } {
  const values = order.map((_, i) => (row[`k${i}`] ?? null) as SqlValue);
  if (order.every((o) => !o.nullable && o.dir === order[0].dir)) {
    return {
      sql: `(${order.map((o) => o.sql).join(", ")}) ${order[0].dir === "asc" ? ">" : "<"} (${
        order.map(() => "?").join(", ")
      })`,
      params: values,
    };
  }
  const ors: string[] = [];
  const params: SqlValue[] = [];
  order.forEach((term, i) => {
    const value = values[i];
    if (value === null) return; // nothing sorts after an empty value but other empties
    const ands: string[] = [];
    order.slice(0, i).forEach((before, j) => {
      if (values[j] === null) {
        ands.push(`${before.sql} IS NULL`);
      } else {
        ands.push(`${before.sql} = ?`);
        params.push(values[j]);
      }
    });
    const later = `${term.sql} ${term.dir === "asc" ? ">" : "<"} ?`;
    ands.push(term.nullable ? `(${later} OR ${term.sql} IS NULL)` : later);
    params.push(value);
    ors.push(`(${ands.join(" AND ")})`);
  });
  return { sql: ors.length > 0 ? `(${ors.join(" OR ")})` : "1 = 0", params };
}
