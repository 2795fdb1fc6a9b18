/**
 * What an area's figures read through (the finance dashboard and reports, the
 * sales report): the engine's query as one caller (record-query.ts), so a figure
 * counts exactly the records the caller's lists hold — the same organisation,
 * own-record rules, level-1 fields and derived status (an invoice's Overdue is
 * its declared status, compiled to SQL once). A figure writes no SQL of its own.
 */
import type { Access } from "../../platform/access/access.ts";
import type { RecordEngine } from "./engine.ts";
import { mayReadType, readsField } from "./record-access.ts";
import type { RecordData } from "./record-rows.ts";
import { optionMap, selectOptions } from "./select-options.ts";
import { QUERY_LIMIT_MAX, type QueryRequest } from "../../../schemas/records/query.ts";

/** Rows a figure's walk reads at a time, when its rows are more than one query answers. */
const PAGE_ROWS = 5_000;

/** The queries a figure asks, as its caller. */
export interface FigureReader {
  /** Whether the caller reads the type, and each named field of it (`lines.sanctioned_amount`). */
  reads(type: string, ...fields: string[]): boolean;
  /** Every row of a query (groups, or records), however many, or as many as its `limit`. */
  all(type: string, request: QueryRequest): Promise<RecordData[]>;
  /** The first rows of a query, as many as its `limit` lets through. */
  first(type: string, request: QueryRequest): Promise<RecordData[]>;
  /** How a select field's values read in the caller's organisation (`lines.category`). */
  labels(type: string, field: string): Promise<Map<string, string>>;
}

/** The figure reader of one caller over the engine. */
export function figureReader(records: RecordEngine, access: Access): FigureReader {
  /** A field of the type (`lines.category` a field of its rows), if the type declares it. */
  const fieldOf = (typeId: string, path: string) => {
    const type = records.findType(typeId);
    const [head, tail] = path.split(".");
    const field = type?.field.get(head);
    const leaf = tail === undefined ? field : field?.childFields?.find((c) => c.id === tail);
    return type && field && leaf ? { type, field, leaf } : undefined;
  };
  return {
    reads(typeId, ...fields) {
      const type = records.findType(typeId);
      if (!type || !mayReadType(type, access)) return false;
      return fields.every((path) => {
        const found = fieldOf(typeId, path);
        return found !== undefined && readsField(type, access, found.field) &&
          readsField(type, access, found.leaf);
      });
    },
    async labels(typeId, path) {
      const found = fieldOf(typeId, path);
      if (!found) return new Map();
      return optionMap(await selectOptions(records.db, access.organizationId, found.leaf));
    },
    async all(type, request) {
      // A figure's groups are few: one statement answers them; a walk only past its limit.
      const limit = request.limit ?? QUERY_LIMIT_MAX;
      const first = await records.query(access, type, { ...request, limit });
      if (!first.more || request.limit !== undefined) return first.rows;
      const rows: RecordData[] = [];
      for await (const page of records.queryPages(access, type, request, { pageRows: PAGE_ROWS })) {
        rows.push(...page);
      }
      return rows;
    },
    async first(type, request) {
      return (await records.query(access, type, request)).rows;
    },
  };
}
