/**
 * Every row of a query, page after page, for a caller that reads all of them (a
 * saved report's CSV, however large): the query as `runQuery` compiles it — the
 * same readable clause, filters, joins, columns, groups and titles — walked by
 * keyset over its total order (the sort, then the record's id, or every group
 * field), so memory stays flat however many rows there are. Grouped queries walk
 * their groups the same way (query-statement.ts); each page groups what is left
 * after the last one, so pages of groups are larger than pages of records. A
 * `limit` the query names still bounds the whole walk.
 */
import type { MembershipAccess } from "../../platform/access/access.ts";
import type { QueryRequest } from "../../../schemas/records/query.ts";
import type { RecordData } from "./record-rows.ts";
import { planQuery, queryRows, type QuerySource } from "./record-query.ts";
import { afterRow, type OrderTerm, queryStatement } from "./query-statement.ts";

/** A part of the walk: the rows it holds and the order it reads them in. */
interface Segment {
  condition?: string;
  order: readonly OrderTerm[];
}

/**
 * The walk's parts. A first term that may be empty is walked as its set values (in
 * its order, which an index on it answers) and then its empty ones (in the order
 * of the terms after it), as the query sorts them: empties last. Ordering by
 * `(x) IS NULL` instead would make every page sort all that is left.
 */
function segments(order: readonly OrderTerm[]): Segment[] {
  const [first, ...rest] = order;
  if (!first?.nullable) return [{ order }];
  return [
    { condition: `${first.sql} IS NOT NULL`, order: [{ ...first, nullable: false }, ...rest] },
    { condition: `${first.sql} IS NULL`, order: rest },
  ];
}

/**
 * The query's rows, `pageRows` at a time. The query is compiled (permission,
 * names, filters) before the first page is read, so a refusal comes first.
 */
export async function* queryPages(
  source: QuerySource,
  access: MembershipAccess,
  typeId: string,
  request: QueryRequest,
  options: { pageRows: number },
): AsyncGenerator<RecordData[]> {
  const plan = planQuery(source, access, typeId, request, source.db.dialect);
  let left = plan.limit ?? Infinity;
  for (const { condition, order } of segments(plan.order)) {
    let after: ReturnType<typeof afterRow> | undefined;
    while (left > 0) {
      const limit = Math.min(options.pageRows, left);
      const parts = [...(condition ? [condition] : []), ...(after ? [after.sql] : [])];
      const { sql, params } = queryStatement(plan, {
        limit,
        order,
        orderValues: true,
        after: parts.length > 0
          ? { sql: parts.join(" AND "), params: after?.params ?? [] }
          : undefined,
      });
      const found = await source.db.all<Record<string, unknown>>(sql, params);
      if (found.length > 0) yield await queryRows(source.db, access, source, plan, found);
      left -= found.length;
      // Without an order the segment is one row (a query's totals, or the empty group).
      if (found.length < limit || order.length === 0) break;
      after = afterRow(order, found[found.length - 1]);
    }
  }
}
