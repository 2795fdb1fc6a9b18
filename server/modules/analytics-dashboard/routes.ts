/**
 * `POST /api/v1/analytics/dashboard` (document 2, §7): figures for a date range,
 * cached per organisation, range and leads visibility for 300 seconds.
 */
import type { Hono } from "hono";
import {
  DASHBOARD_ANALYTICS,
  DashboardAnalyticsRequest,
  DashboardAnalyticsResponse,
} from "../../../schemas/api/dashboard-analytics.ts";
import type { z } from "zod";
import type { DashboardAnalyticsData } from "../../../schemas/api/dashboard-analytics.ts";
import type { Database } from "../../db/database.ts";
import type { Api } from "../../platform/http/api.ts";
import type { AppEnv } from "../../platform/http/app-env.ts";
import { findModule } from "../../platform/catalogue/module-definitions.ts";
import { canSeeModule } from "../../platform/catalogue/visibility.ts";
import { isoDay } from "../project-analytics/calendar.ts";
import { type CacheOptions, TtlCache } from "./cache.ts";
import { dashboardFigures, dashboardRange } from "./dashboard.ts";
import { successEnvelope } from "./envelope.ts";

/** The path of the service. */
export const DASHBOARD_ANALYTICS_PATH = "/api/v1/analytics/dashboard";

/** Declares the dashboard analytics endpoint; cache settings default to the spec's. */
export function dashboardAnalyticsRoutes(
  app: Hono<AppEnv>,
  api: Api,
  db: Database,
  options: { clock: () => number; cache?: Omit<CacheOptions, "clock"> },
): void {
  const { clock } = options;
  const cache = new TtlCache<z.infer<typeof DashboardAnalyticsData>>({
    ...options.cache,
    clock,
  });
  app.use(DASHBOARD_ANALYTICS_PATH, successEnvelope());
  api.route({
    method: "post",
    path: DASHBOARD_ANALYTICS_PATH,
    tag: "Analytics",
    summary: "Organisation-wide figures for a date range",
    description:
      `start_date and end_date are dates (YYYY-MM-DD or ISO date-times, read as UTC dates); the default range is the last ${DASHBOARD_ANALYTICS.defaultRangeDays} days, at most ${DASHBOARD_ANALYTICS.maxRangeDays} days. Invalid or reversed dates are 400 with { success: false, message, error: { code, message, details } }. Figures: tasks created and completed and hours logged per day (every day of the range), totals, projects by status (now), leads created in the range by stage (null without the leads permission), top five projects by tasks completed. Cached per organisation and range for ${DASHBOARD_ANALYTICS.cacheTtlSeconds} s (metadata.cached, generated_at and expires_at tell); expired entries are purged every ${DASHBOARD_ANALYTICS.cacheCleanupSeconds} s; above ${DASHBOARD_ANALYTICS.cacheMaxSize} entries the oldest-accessed 20% are removed.`,
    audience: "staff",
    body: DashboardAnalyticsRequest,
    response: DashboardAnalyticsResponse,
  }, async (c, { access, body }) => {
    const range = dashboardRange(body, isoDay(clock()));
    const includeLeads = canSeeModule(access, findModule("leads")!);
    const key = [access.organizationId, range.start, range.end, includeLeads ? "leads" : "-"]
      .join("|");
    const hit = cache.get(key);
    const entry = hit ?? cache.set(
      key,
      await dashboardFigures(db, access.organizationId, { range, includeLeads }),
    );
    return c.json({
      success: true,
      message: `Dashboard analytics from ${range.start} to ${range.end}`,
      data: entry.value,
      metadata: {
        organization_id: access.organizationId,
        start_date: range.start,
        end_date: range.end,
        days: range.days,
        generated_at: new Date(entry.storedAt).toISOString(),
        cached: hit !== undefined,
        cache_ttl_seconds: DASHBOARD_ANALYTICS.cacheTtlSeconds,
        expires_at: new Date(entry.expiresAt).toISOString(),
      },
    });
  });
}
