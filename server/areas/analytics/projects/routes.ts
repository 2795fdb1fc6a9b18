/**
 * The eleven project progress analytics calls (document 2, §7): POST with JSON and
 * a bearer token, answers wrapped in `{ data }`. Every path is owned by the
 * Projects module, so the module guard refuses callers without projects.read; the
 * two that store (update-progress, recalculate-metrics) also need projects.update.
 */
import type { Context } from "hono";
import * as S from "../../../../schemas/api/analytics.ts";
import type { Database } from "../../../db/database.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import type { Api } from "../../../platform/http/api.ts";
import type { AppEnv } from "../../../platform/http/app-env.ts";
import { invalidInput, notFound } from "../../../platform/errors/app-error.ts";
import { requireAuthorized } from "../../../platform/access/authorize.ts";
import { PERIOD_PRESETS } from "./constants.ts";
import { isoDay } from "./calendar.ts";
import { ENDPOINT_DOCS } from "./endpoint-docs.ts";
import { projectInScope } from "./scope.ts";
import { projectProgress } from "./project-progress.ts";
import { projectVelocity } from "./velocity.ts";
import { projectBurndown } from "./burndown.ts";
import { projectHealth } from "./health.ts";
import { projectAnalytics } from "./analytics.ts";
import { projectForecast } from "./forecast.ts";
import { teamPerformance } from "./team-performance.ts";
import { sprintProgress } from "./sprint-progress.ts";
import { compareProgress } from "./comparison.ts";
import { recalculateMetrics, updateProgress } from "./progress-updates.ts";

const TAG = "Project analytics";

function periodDays(period: number | keyof typeof PERIOD_PRESETS): number {
  return typeof period === "number" ? period : PERIOD_PRESETS[period];
}

/** Declares the project analytics endpoints. */
export function projectAnalyticsRoutes(
  api: Api,
  db: Database,
  records: RecordEngine,
  clock: () => number,
): void {
  const today = () => isoDay(clock());
  const data = (c: Context<AppEnv>, payload: unknown) => c.json({ data: payload });

  api.route({
    method: "post",
    path: "/projects/calculate-progress",
    reads: true,
    tag: TAG,
    summary: "Progress, risk assessment and timeline of a project",
    description: ENDPOINT_DOCS.progress,
    audience: "staff",
    body: S.CalculateProgressRequest,
    response: S.wrapped(S.Progress),
  }, async (c, { access, body }) => {
    const project = await projectInScope(db, access, {
      organizationId: body.organization_id,
      bodyId: body.project_id,
    });
    return data(
      c,
      await projectProgress(db, project, {
        today: today(),
        method: body.calculation_method,
        includeVelocity: body.include_velocity,
      }),
    );
  });

  api.route({
    method: "post",
    path: "/projects/:id/velocity",
    reads: true,
    tag: TAG,
    summary: "Velocity in story points per sprint",
    description: ENDPOINT_DOCS.velocity,
    audience: "staff",
    body: S.VelocityRequest,
    response: S.wrapped(S.Velocity),
  }, async (c, { access, body }) => {
    const project = await projectInScope(db, access, {
      organizationId: body.organization_id,
      pathId: c.req.param("id"),
      bodyId: body.project_id,
    });
    return data(
      c,
      await projectVelocity(db, project, { today: today(), sprintCount: body.sprint_count }),
    );
  });

  api.route({
    method: "post",
    path: "/projects/:id/burndown",
    reads: true,
    tag: TAG,
    summary: "Remaining tasks per day against an ideal line",
    description: ENDPOINT_DOCS.burndown,
    audience: "staff",
    body: S.BurndownRequest,
    response: S.wrapped(S.Burndown),
  }, async (c, { access, body }) => {
    const project = await projectInScope(db, access, {
      organizationId: body.organization_id,
      pathId: c.req.param("id"),
      bodyId: body.project_id,
    });
    return data(
      c,
      await projectBurndown(db, project, {
        today: today(),
        sprintId: body.sprint_id,
        dateRange: body.date_range,
      }),
    );
  });

  api.route({
    method: "post",
    path: "/projects/:id/health-score",
    reads: true,
    tag: TAG,
    summary: "Health score, status and risk indicators",
    description: ENDPOINT_DOCS.health,
    audience: "staff",
    body: S.HealthScoreRequest,
    response: S.wrapped(S.Health),
  }, async (c, { access, body }) => {
    const project = await projectInScope(db, access, {
      organizationId: body.organization_id,
      pathId: c.req.param("id"),
      bodyId: body.project_id,
    });
    return data(c, await projectHealth(db, project, today()));
  });

  api.route({
    method: "post",
    path: "/projects/:id/analytics",
    reads: true,
    tag: TAG,
    summary: "Progress, velocity, productivity and timeline over a period",
    description: ENDPOINT_DOCS.analytics,
    audience: "staff",
    body: S.ProjectAnalyticsRequest,
    response: S.wrapped(S.Analytics),
  }, async (c, { access, body }) => {
    const project = await projectInScope(db, access, {
      organizationId: body.organization_id,
      pathId: c.req.param("id"),
      bodyId: body.project_id,
    });
    return data(
      c,
      await projectAnalytics(db, project, { today: today(), periodDays: periodDays(body.period) }),
    );
  });

  api.route({
    method: "post",
    path: "/projects/:id/update-progress",
    tag: TAG,
    summary: "Report a project's progress (stored and audited)",
    description: ENDPOINT_DOCS.updateProgress,
    audience: "staff",
    body: S.UpdateProgressRequest,
    response: S.wrapped(S.ProgressUpdate),
  }, async (c, { access, body }) => {
    requireAuthorized(access, "projects", "update");
    const project = await projectInScope(db, access, {
      organizationId: body.organization_id,
      pathId: c.req.param("id"),
      bodyId: body.project_id,
    });
    return data(
      c,
      await updateProgress(db, records, project, {
        progress: body.progress_percentage,
        notes: body.notes,
        version: body.version,
        userId: access.user.id,
        now: new Date(clock()).toISOString(),
        requestId: c.get("requestId"),
      }),
    );
  });

  api.route({
    method: "post",
    path: "/projects/compare-progress",
    reads: true,
    tag: TAG,
    summary: "Compare the progress of several projects",
    description: ENDPOINT_DOCS.compare,
    audience: "staff",
    body: S.CompareProgressRequest,
    response: S.wrapped(S.ProgressComparison),
  }, async (c, { access, body }) => {
    if (body.organization_id !== access.organizationId) throw notFound("Organization");
    return data(
      c,
      await compareProgress(db, access.organizationId, {
        projectIds: body.project_ids,
        metrics: body.metrics,
        today: today(),
      }),
    );
  });

  api.route({
    method: "post",
    path: "/projects/:id/forecast",
    reads: true,
    tag: TAG,
    summary: "Completion forecast by Monte Carlo simulation",
    description: ENDPOINT_DOCS.forecast,
    audience: "staff",
    body: S.ForecastRequest,
    response: S.wrapped(S.Forecast),
  }, async (c, { access, body }) => {
    const project = await projectInScope(db, access, {
      organizationId: body.organization_id,
      pathId: c.req.param("id"),
      bodyId: body.project_id,
    });
    return data(
      c,
      await projectForecast(db, project, { today: today(), forecastDays: body.forecast_days }),
    );
  });

  api.route({
    method: "post",
    path: "/projects/:id/team-performance",
    reads: true,
    tag: TAG,
    summary: "Performance of each team member over a period",
    description: ENDPOINT_DOCS.teamPerformance,
    audience: "staff",
    body: S.TeamPerformanceRequest,
    response: S.wrapped(S.TeamPerformance),
  }, async (c, { access, body }) => {
    const project = await projectInScope(db, access, {
      organizationId: body.organization_id,
      pathId: c.req.param("id"),
      bodyId: body.project_id,
    });
    return data(
      c,
      await teamPerformance(db, project, { today: today(), periodDays: periodDays(body.period) }),
    );
  });

  api.route({
    method: "post",
    path: "/projects/:id/sprints/:sprintId/progress",
    reads: true,
    tag: TAG,
    summary: "Progress of one sprint",
    description: ENDPOINT_DOCS.sprintProgress,
    audience: "staff",
    body: S.SprintProgressRequest,
    response: S.wrapped(S.SprintProgress),
  }, async (c, { access, body }) => {
    const sprintId = c.req.param("sprintId") ?? "";
    if (body.sprint_id && body.sprint_id !== sprintId) {
      throw invalidInput(
        "Invalid request body: sprint_id (does not match the sprint in the path)",
        {
          sprint_id: "Does not match the sprint in the path",
        },
      );
    }
    const project = await projectInScope(db, access, {
      organizationId: body.organization_id,
      pathId: c.req.param("id"),
      bodyId: body.project_id,
    });
    return data(c, await sprintProgress(db, project, { sprintId, today: today() }));
  });

  api.route({
    method: "post",
    path: "/projects/:id/recalculate-metrics",
    tag: TAG,
    summary: "Recompute and store a project's metrics (audited)",
    description: ENDPOINT_DOCS.recalculate,
    audience: "staff",
    body: S.RecalculateMetricsRequest,
    response: S.wrapped(S.MetricsRecalculation),
  }, async (c, { access, body }) => {
    requireAuthorized(access, "projects", "update");
    const project = await projectInScope(db, access, {
      organizationId: body.organization_id,
      pathId: c.req.param("id"),
      bodyId: body.project_id,
    });
    return data(
      c,
      await recalculateMetrics(db, records, project, {
        today: today(),
        userId: access.user.id,
        now: new Date(clock()).toISOString(),
        requestId: c.get("requestId"),
      }),
    );
  });
}
