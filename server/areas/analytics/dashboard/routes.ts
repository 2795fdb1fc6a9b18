/**
 * `POST /api/v1/analytics/dashboard` (document 2, §7): figures for a date range,
 * cached per organisation, range and leads visibility for 300 seconds. A cached
 * entry keeps its answer prepared (`metadata.cached: true`), so a hit is a copy of
 * the same bytes.
 */
import type { Hono } from "hono";
import {
  DASHBOARD_ANALYTICS,
  DashboardAnalyticsRequest,
  DashboardAnalyticsResponse,
} from "../../../../schemas/api/dashboard-analytics.ts";
import type { z } from "zod";
import type { DashboardAnalyticsData } from "../../../../schemas/api/dashboard-analytics.ts";
import type { Database } from "../../../db/database.ts";
import type { Access } from "../../../platform/access/access.ts";
import type { Api } from "../../../platform/http/api.ts";
import type { AppEnv } from "../../../platform/http/app-env.ts";
import { PreparedResponse } from "../../../platform/http/prepared-response.ts";
import { findModule } from "../../../platform/catalogue/module-definitions.ts";
import { canSeeModule } from "../../../platform/catalogue/visibility.ts";
import { isoDay } from "../projects/calendar.ts";
import { type CacheHit, type CacheOptions, TtlCache } from "./cache.ts";
import { dashboardFigures, dashboardRange } from "./dashboard.ts";
import { successEnvelope } from "./envelope.ts";

/** The path of the service. */
export const DASHBOARD_ANALYTICS_PATH = "/api/v1/analytics/dashboard";

type Figures = z.infer<typeof DashboardAnalyticsData>;
type DashboardRequest = z.infer<typeof DashboardAnalyticsRequest>;

/** A cached entry: the figures, and the hit answer once first asked for. */
interface Cached {
  figures: Figures;
  hit?: PreparedResponse;
}

/** A resolved range: first and last day, and how many days. */
type Range = ReturnType<typeof dashboardRange>;

/** The cache of dashboard answers. */
export class DashboardAnswers {
  readonly #cache: TtlCache<Cached>;
  readonly #clock: () => number;
  #today = { dayNumber: NaN, day: "" };
  readonly #ranges = new WeakMap<DashboardRequest, { today: string; range: Range }>();

  constructor(options: Omit<CacheOptions, "clock"> & { clock: () => number }) {
    this.#cache = new TtlCache<Cached>(options);
    this.#clock = options.clock;
  }

  /** Drops an organisation's answers, or every answer (null). */
  forget(organizationId: string | null): void {
    this.#cache.forget(organizationId === null ? "" : `${organizationId}|`);
  }

  /**
   * The range a validated request asks for (throws 400 on invalid dates); worked out
   * once per body value and day, since the same bytes are validated to the same
   * value (body-memory.ts).
   */
  rangeOf(body: DashboardRequest): Range {
    const today = this.#todayDay();
    const known = this.#ranges.get(body);
    if (known?.today === today) return known.range;
    const range = dashboardRange(body, today);
    this.#ranges.set(body, { today, range });
    return range;
  }

  /** Today's UTC date, formatted once a day. */
  #todayDay(): string {
    const now = this.#clock();
    const dayNumber = Math.floor(now / 86_400_000);
    if (dayNumber !== this.#today.dayNumber) {
      this.#today = { dayNumber, day: isoDay(now) };
    }
    return this.#today.day;
  }

  /** The prepared hit answer for a caller and range, or undefined on a miss. */
  hit(access: Access, range: Range): PreparedResponse | undefined {
    const hit = this.#cache.get(cacheKey(access, range));
    if (!hit) return undefined;
    hit.value.hit ??= new PreparedResponse(
      new TextEncoder().encode(JSON.stringify(envelope(access, range, hit, true))),
      200,
      [["Content-Type", "application/json"]],
    );
    return hit.value.hit;
  }

  /** Computes, stores and answers the figures of a miss (the first, uncached answer). */
  async fresh(db: Database, access: Access, range: Range) {
    const figures = await dashboardFigures(db, access.organizationId, {
      range,
      includeLeads: includesLeads(access),
    });
    return envelope(access, range, this.#cache.set(cacheKey(access, range), { figures }), false);
  }
}

function includesLeads(access: Access): boolean {
  return canSeeModule(access, findModule("leads")!);
}

/** Entries are per organisation, range and leads visibility. */
function cacheKey(access: Access, range: Range): string {
  return `${access.organizationId}|${range.start}|${range.end}|${
    includesLeads(access) ? "leads" : "-"
  }`;
}

function envelope(
  access: Access,
  range: { start: string; end: string; days: number },
  entry: Readonly<CacheHit<Cached>>,
  cached: boolean,
) {
  return {
    success: true,
    message: `Dashboard analytics from ${range.start} to ${range.end}`,
    data: entry.value.figures,
    metadata: {
      organization_id: access.organizationId,
      start_date: range.start,
      end_date: range.end,
      days: range.days,
      generated_at: new Date(entry.storedAt).toISOString(),
      cached,
      cache_ttl_seconds: DASHBOARD_ANALYTICS.cacheTtlSeconds,
      expires_at: new Date(entry.expiresAt).toISOString(),
    },
  };
}

/** Declares the dashboard analytics endpoint. */
export function dashboardAnalyticsRoutes(
  app: Hono<AppEnv>,
  api: Api,
  db: Database,
  options: {
    clock: () => number;
    cache?: Omit<CacheOptions, "clock">;
  },
): void {
  const answers = new DashboardAnswers({ ...options.cache, clock: options.clock });
  // An answer lives its 300 s only while nothing it was computed from changes: a
  // change to an organisation's records or access (here or on another instance)
  // drops that organisation's answers; a change for no known organisation, all.
  db.signal.subscribe((change) => {
    if (change.topics.some((t) => t === "data" || t === "access")) {
      answers.forget(change.organizationId);
    }
  });
  app.use(DASHBOARD_ANALYTICS_PATH, successEnvelope());
  api.route({
    method: "post",
    path: DASHBOARD_ANALYTICS_PATH,
    reads: true,
    tag: "Analytics",
    summary: "Organisation-wide figures for a date range",
    description:
      `start_date and end_date are dates (YYYY-MM-DD or ISO date-times, read as UTC dates); the default range is the last ${DASHBOARD_ANALYTICS.defaultRangeDays} days, at most ${DASHBOARD_ANALYTICS.maxRangeDays} days. Invalid or reversed dates are 400 with { success: false, message, error: { code, message, details } }. Figures: tasks created and completed and hours logged per day (every day of the range), totals, projects by status (now), leads created in the range by stage (null without the leads permission), top five projects by tasks completed. Cached per organisation and range for ${DASHBOARD_ANALYTICS.cacheTtlSeconds} s (metadata.cached, generated_at and expires_at tell); expired entries are purged every ${DASHBOARD_ANALYTICS.cacheCleanupSeconds} s; above ${DASHBOARD_ANALYTICS.cacheMaxSize} entries the oldest-accessed 20% are removed.`,
    audience: "staff",
    body: DashboardAnalyticsRequest,
    response: DashboardAnalyticsResponse,
  }, async (c, { access, body }) => {
    const range = answers.rangeOf(body);
    const hit = answers.hit(access, range);
    if (hit) return hit.answer(c.get("requestId"));
    return c.json(await answers.fresh(db, access, range));
  });
}
