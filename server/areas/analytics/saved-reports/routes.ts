/**
 * A saved report's calls: its result (`POST /api/records/report/{id}/run`) and the
 * whole result as a streamed CSV download (`GET /api/records/report/{id}/export`).
 * Whoever may read the report (its owner, or a role or organisation it is shared
 * with) gets it computed with
 * their own permissions: a reader who may not read its records is refused, and
 * own-record rules and level-1 fields apply to them as to their own lists.
 */
import { z } from "zod";
import type { Api } from "../../../platform/http/api.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import { QueryRequest, QueryResponse } from "../../../../schemas/records/query.ts";
import { mayReach } from "../../../records/engine/record-access.ts";
import { REPORT } from "../types/report.ts";
import { parsedDefinition } from "./report-definition.ts";
import { exportReport } from "./report-export.ts";

const RunRequest = z.object({}).strict();

const RunResponse = z.object({
  report: z.object({
    id: z.string(),
    title: z.string(),
    record_type: z.string(),
    chart: z.string(),
    sharing: z.string(),
    /** Whether the caller owns it (may change it), or it is shared with them. */
    owned: z.boolean(),
  }).strict(),
  definition: QueryRequest,
  ...QueryResponse.shape,
}).strict();

/** The report the caller may read, with its query. */
async function readableReport(
  engine: RecordEngine,
  access: Parameters<RecordEngine["get"]>[0],
  id: string,
) {
  const { record } = await engine.get(access, REPORT.id, id);
  return { record, definition: parsedDefinition(record.definition) };
}

/** Declares the saved reports' calls. */
export function savedReportRoutes(api: Api, engine: RecordEngine): void {
  api.route({
    method: "post",
    path: "/api/records/report/:id/run",
    reads: true,
    tag: "Records: Reports",
    summary: "A saved report's result, computed with the caller's own permissions",
    audience: "staff",
    body: RunRequest,
    response: RunResponse,
  }, async (c, { access }) => {
    const { record, definition } = await readableReport(engine, access, c.req.param("id")!);
    const result = await engine.query(access, String(record.record_type), definition);
    return c.json({
      report: {
        id: String(record.id),
        title: String(record.title),
        record_type: String(record.record_type),
        chart: String(record.chart),
        sharing: String(record.sharing),
        owned: mayReach(REPORT, access, record),
      },
      definition,
      ...result,
    });
  });

  api.route({
    method: "get",
    path: "/api/records/report/:id/export",
    tag: "Records: Reports",
    summary: "A saved report's result as a CSV file, values as people read them",
    audience: "staff",
  }, async (c, { access }) => {
    const { record, definition } = await readableReport(engine, access, c.req.param("id")!);
    const { fileName, body } = await exportReport(engine, access, {
      title: String(record.title),
      typeId: String(record.record_type),
      definition,
    });
    return c.body(body, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    });
  });
}
