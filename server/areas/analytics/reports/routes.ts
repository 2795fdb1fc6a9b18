/**
 * The data of the report wrapper screens: `POST /reports/operations` (project
 * delivery) and `POST /reports/sales` (lead pipeline), each answered as `{ data }`.
 * Every report type currently answers the same figures, labelled with the type.
 */
import {
  OperationsReport,
  ReportRequest,
  SalesReport,
} from "../../../../schemas/api/dashboard-analytics.ts";
import { figureReader } from "../../../records/engine/figure-reader.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import type { Api } from "../../../platform/http/api.ts";
import { isoDay } from "../projects/mod.ts";
import { operationsReport } from "./operations.ts";
import { salesReport } from "./sales.ts";

/** Declares the report data endpoints. */
export function reportRoutes(api: Api, records: RecordEngine): void {
  const { db, clock } = records;
  api.route({
    method: "post",
    path: "/reports/operations",
    reads: true,
    tag: "Reports",
    summary: "The delivery of the projects the caller may read",
    description:
      "Per project: progress weighted by estimated hours, schedule progress (elapsed share of the planned dates), on schedule when progress is at most 10 points behind, tasks, overdue tasks (open, due before today) and hours logged. The summary sums them; average_progress is the mean of the projects' progress. Needs the Operations Reports module.",
    audience: "staff",
    body: ReportRequest,
    response: OperationsReport,
  }, async (c, { access, body }) => {
    const now = clock();
    return c.json({
      data: await operationsReport(figureReader(records, access), db, {
        today: isoDay(now),
        reportType: body.report_type,
        now: new Date(now).toISOString(),
      }),
    });
  });

  api.route({
    method: "post",
    path: "/reports/sales",
    reads: true,
    tag: "Reports",
    summary: "The lead pipeline the caller may read",
    description:
      "Leads by stage (count and estimated value), by source (with conversion = 100 × won / (won + lost)) and by owner; the summary gives open leads (neither won nor lost), pipeline value (their estimated value), won value and the average score. Needs the Sales Reports module.",
    audience: "staff",
    body: ReportRequest,
    response: SalesReport,
  }, async (c, { access, body }) => {
    return c.json({
      data: await salesReport(figureReader(records, access), {
        reportType: body.report_type,
        now: new Date(clock()).toISOString(),
      }),
    });
  });
}
