/**
 * The query call of a record type (`POST /api/records/{type}/query`, DESIGN.md §8):
 * the engine's query (engine/record-query.ts) behind HTTP, in the OpenAPI document
 * with the type's own name.
 */
import type { Api } from "../platform/http/api.ts";
import type { RecordType } from "./define.ts";
import type { RecordEngine } from "./engine/engine.ts";
import { QueryRequest, QueryResponse } from "../../schemas/records/query.ts";

/** Declares the type's query call. */
export function queryRoute(api: Api, engine: RecordEngine, type: RecordType): void {
  const plural = type.declaration.plural.toLowerCase();
  api.route({
    method: "post",
    path: `/api/records/${type.id}/query`,
    reads: true,
    tag: `Records: ${type.declaration.plural}`,
    summary:
      `Rows of ${plural}, or their groups with counts, sums, averages, minimums and maximums, as the caller's list holds them`,
    audience: "staff",
    body: QueryRequest,
    response: QueryResponse,
  }, async (c, { access, body }) => c.json(await engine.query(access, type.id, body)));
}
