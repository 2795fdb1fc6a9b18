/**
 * The planning and reporting calls of the enterprise project service:
 * analyze-requirements, generate-recommendations, optimize-schedule, analytics
 * and performance-report (JSON, and as CSV or PDF for projects.export). All read
 * the project's figures from `computeProjectSummary` (the project analytics
 * module's definitions).
 */
import { EmptyRequest } from "../../../schemas/api/auth.ts";
import * as S from "../../../schemas/api/enterprise-projects/planning.ts";
import { requireAuthorized } from "../../platform/access/authorize.ts";
import type { Access } from "../../platform/access/access.ts";
import type { Api } from "../../platform/http/api.ts";
import type { EnterpriseDeps } from "./mod.ts";
import { projectHead } from "./core-repo.ts";
import { TAG } from "./core-routes.ts";
import { projectSummary } from "./summary-views.ts";
import { ESTIMATION_RULE, findRequirements } from "./requirements.ts";
import { requirementsText } from "./requirements-source.ts";
import { recommend } from "./recommendations.ts";
import { fillScheduleDefaults, optimizeSchedule, workdaysBetween } from "./schedule-service.ts";
import { reportCsv, reportLines, reportTitle } from "./report-content.ts";
import { reportPdf } from "./report-pdf.ts";

const BASE = "/enterprise-projects/:id";

/** Declares the planning and reporting calls. */
export function planningRoutes(api: Api, deps: EnterpriseDeps): void {
  const { db, clock } = deps;
  const today = () => new Date(clock()).toISOString().slice(0, 10);

  const readable = async (access: Access, id: string, action = "read") => {
    requireAuthorized(access, "projects", action);
    await projectHead(db, access.organizationId, id);
  };

  api.route({
    method: "post",
    path: `${BASE}/analyze-requirements`,
    reads: true,
    tag: TAG,
    summary: "The requirements found in an attached plain-text or Markdown document, sized",
    description: ESTIMATION_RULE,
    audience: "staff",
    body: S.RequirementsRequest,
    response: S.RequirementsResponse,
  }, async (c, { access, body }) => {
    await readable(access, c.req.param("id")!);
    const document = await requirementsText(deps, access, body.document_source_id);
    const requirements = findRequirements(document.text);
    return c.json({
      document_source_id: body.document_source_id,
      file_name: document.name,
      requirements,
      total_estimated_hours: requirements.reduce((s, r) => s + r.estimated_hours, 0),
      estimation_rule: ESTIMATION_RULE,
    });
  });

  api.route({
    method: "post",
    path: `${BASE}/generate-recommendations`,
    reads: true,
    tag: TAG,
    summary:
      "Recommendations from the project's risk, capacity, velocity, overdue and unassigned work and critical path slack",
    body: EmptyRequest,
    audience: "staff",
    response: S.RecommendationsResponse,
  }, async (c, { access }) => {
    const id = c.req.param("id")!;
    await readable(access, id);
    const summary = await projectSummary(db, access.organizationId, id, today());
    let buffer: number | null = null;
    try {
      const plan = await optimizeSchedule(deps, access, {
        projectId: id,
        today: today(),
        constraints: {},
      });
      if (plan.end_date_after) buffer = workdaysBetween(plan.end_date_after, summary.end_date);
    } catch {
      // A dependency cycle leaves the buffer unknown; the integrity tests report the cycle.
    }
    return c.json({ summary, recommendations: recommend(summary, buffer) });
  });

  api.route({
    method: "post",
    path: `${BASE}/optimize-schedule`,
    reads: true,
    tag: TAG,
    summary:
      "The critical path and a resource-levelled schedule of the open tasks (written only with apply: true)",
    description:
      "Durations: remaining estimated hours over the assignee's daily capacity (weekly capacity / 5 × allocation, capped by max_allocation_percent), in working days. Reading needs projects.read; apply needs projects.update.",
    audience: "staff",
    body: S.OptimizeScheduleRequest,
    response: S.OptimizeScheduleResponse,
  }, async (c, { access, body }) => {
    const id = c.req.param("id")!;
    await readable(access, id, body.constraints.apply ? "update" : "read");
    return c.json(
      await optimizeSchedule(deps, access, {
        projectId: id,
        today: today(),
        constraints: body.constraints,
      }),
    );
  });

  api.route({
    method: "post",
    path: `${BASE}/schedule-defaults`,
    tag: TAG,
    summary: "Gives the project's open tasks without an estimate a default estimate (8 hours)",
    description:
      "What the optimiser needs to propose a schedule when it refuses for missing estimates. Needs projects.update; each task is written through the record engine.",
    audience: "staff",
    body: S.ScheduleDefaultsRequest,
    response: S.ScheduleDefaultsResponse,
  }, async (c, { access, body }) => {
    const id = c.req.param("id")!;
    await readable(access, id, "update");
    return c.json(
      await fillScheduleDefaults(deps, access, {
        projectId: id,
        estimatedHours: body.estimated_hours,
      }),
    );
  });

  api.route({
    method: "post",
    path: `${BASE}/analytics`,
    reads: true,
    tag: TAG,
    summary: "The project's analytics summary (the project analytics screen's figures)",
    audience: "staff",
    body: S.AnalyticsRequest,
    response: S.AnalyticsResponse,
  }, async (c, { access }) => {
    const id = c.req.param("id")!;
    await readable(access, id);
    return c.json({
      summary: await projectSummary(db, access.organizationId, id, today()),
    });
  });

  const report = async (access: Access, id: string, kind: S.ReportKind) => {
    const summary = await projectSummary(db, access.organizationId, id, today());
    return {
      report_type: kind,
      title: reportTitle(kind, summary),
      generated_at: new Date(clock()).toISOString(),
      summary,
      lines: reportLines(kind, summary),
      downloads: {
        csv: `/enterprise-projects/${id}/performance-report.csv?report_type=${kind}`,
        pdf: `/enterprise-projects/${id}/performance-report.pdf?report_type=${kind}`,
      },
    };
  };

  api.route({
    method: "post",
    path: `${BASE}/performance-report`,
    reads: true,
    tag: TAG,
    summary: "A summary, detailed or executive performance report, with CSV and PDF download links",
    audience: "staff",
    body: S.ReportRequest,
    response: S.ReportResponse,
  }, async (c, { access, body }) => {
    const id = c.req.param("id")!;
    await readable(access, id);
    return c.json(await report(access, id, body.report_type));
  });

  const download = (format: "csv" | "pdf") =>
    api.route({
      method: "get",
      path: `${BASE}/performance-report.${format}`,
      tag: TAG,
      summary: `A performance report as ${format.toUpperCase()} (projects.export)`,
      audience: "staff",
      query: S.ReportQuery,
    }, async (c, { access, query }) => {
      const id = c.req.param("id")!;
      await readable(access, id, "export");
      const content = await report(access, id, query.report_type);
      const file = `${content.summary.project_name.replace(/[^\w.-]+/g, "_")}-${query.report_type}`;
      const bytes = format === "csv"
        ? new TextEncoder().encode(reportCsv(content.lines))
        : await reportPdf(content);
      return new Response(new Uint8Array(bytes), {
        headers: {
          "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "application/pdf",
          "Content-Disposition": `attachment; filename="${file}.${format}"`,
          "X-Content-Type-Options": "nosniff",
          "Cache-Control": "private, no-store",
        },
      });
    });
  download("csv");
  download("pdf");
}
