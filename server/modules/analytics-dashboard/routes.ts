/**
 * `POST /api/v1/analytics/dashboard` (document 2, §7): figures for a date range,
 * cached per organisation, range and leads visibility for 300 seconds. A cached
 * entry keeps its answer prepared (`metadata.cached: true`), so a hit is the same
 * bytes whether the router or the fast lane answers it.
 */
import type { Hono } from "hono";
import {
  DASHBOARD_ANALYTICS,
  DashboardAnalyticsRequest,
  DashboardAnalyticsResponse,
} from "../../../schemas/api/dashboard-analytics.ts";
import type { z } from "zod";
import type { DashboardAnalyticsData } from "../../../schemas/api/dashboard-analytics.ts";
import { parseJson } from "../../platform/http/json-body.ts";
import type { Database } from "../../db/database.ts";
import type { Access } from "../../platform/access/access.ts";
import type { KnownCallers } from "../../platform/access/known-callers.ts";
import type { Api } from "../../platform/http/api.ts";
import type { AppEnv } from "../../platform/http/app-env.ts";
import type { FastLane } from "../../platform/http/fast-lanes.ts";
import { PreparedResponse } from "../../platform/http/prepared-response.ts";
import { findModule } from "../../platform/catalogue/module-definitions.ts";
import { canSeeModule } from "../../platform/catalogue/visibility.ts";
import { isoDay } from "../project-analytics/calendar.ts";
import { type CacheHit, type CacheOptions, TtlCache } from "./cache.ts";
import { dashboardFigures, dashboardRange } from "./dashboard.ts";
import { successEnvelope } from "./envelope.ts";
import { dashboardLane } from "./lane.ts";

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

/** Distinct request bodies remembered per day by the fast lane. */
const MAX_REMEMBERED_BODIES = 256;

const LEADS = findModule("leads")!;

/** The cache of dashboard answers, shared by the route and its fast lane. */
export class DashboardAnswers {
  readonly #cache: TtlCache<Cached>;
  readonly #clock: () => number;
  #today = { dayNumber: NaN, day: "" };
  /** Body text → the range it asks for today (null: invalid), so a repeated body is read once. */
  readonly #ranges = new Map<string, Range | null>();
  /**
   * Each caller's cache key per range, made once: the same string each time, so the
   * cache lookup finds its hash computed. Accesses are replaced, never changed, when
   * what they depend on moves, and ranges are remembered per day, so neither map
   * outlives what its keys were made from.
   */
  readonly #keys = new WeakMap<Access, WeakMap<Range, string>>();

  constructor(options: Omit<CacheOptions, "clock"> & { clock: () => number }) {
    this.#cache = new TtlCache<Cached>(options);
    this.#clock = options.clock;
  }

  /** The range a validated request asks for (throws 400 on invalid dates). */
  rangeOf(body: DashboardRequest): Range {
    return dashboardRange(body, this.#todayDay());
  }

  /**
   * The range a raw request body asks for, or null when the body is not a valid
   * request. Reading is a pure function of the text and today's date, so each
   * distinct body is read once a day.
   */
  rangeOfText(text: string): Range | null {
    const today = this.#todayDay();
    let range = this.#ranges.get(text);
    if (range === undefined) {
      try {
        range = dashboardRange(parseJson(text, DashboardAnalyticsRequest), today);
      } catch {
        range = null;
      }
      if (this.#ranges.size >= MAX_REMEMBERED_BODIES) this.#ranges.clear();
      this.#ranges.set(text, range);
    }
    return range;
  }

  /** Today's UTC date, formatted once a day (which also forgets yesterday's ranges). */
  #todayDay(): string {
    const now = this.#clock();
    const dayNumber = Math.floor(now / 86_400_000);
    if (dayNumber !== this.#today.dayNumber) {
      this.#today = { dayNumber, day: isoDay(now) };
      this.#ranges.clear();
    }
    return this.#today.day;
  }

  /** The prepared hit answer for a caller and range, or undefined on a miss. */
  hit(access: Access, range: Range): PreparedResponse | undefined {
    const hit = this.#cache.get(this.#keyOf(access, range));
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
    return envelope(access, range, this.#cache.set(this.#keyOf(access, range), { figures }), false);
  }

  #keyOf(access: Access, range: Range): string {
    let byRange = this.#keys.get(access);
    if (byRange === undefined) {
      byRange = new WeakMap();
      this.#keys.set(access, byRange);
    }
    let key = byRange.get(range);
    if (key === undefined) {
      key = cacheKey(access, range);
      byRange.set(range, key);
    }
    return key;
  }
}

function includesLeads(access: Access): boolean {
  return canSeeModule(access, LEADS);
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

/** Declares the dashboard analytics endpoint and returns its fast lane. */
export function dashboardAnalyticsRoutes(
  app: Hono<AppEnv>,
  api: Api,
  db: Database,
  options: {
    clock: () => number;
    cache?: Omit<CacheOptions, "clock">;
    knownAccess: KnownCallers;
  },
): FastLane {
  const answers = new DashboardAnswers({ ...options.cache, clock: options.clock });
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
    const range = answers.rangeOf(body);
    const hit = answers.hit(access, range);
    if (hit) return hit.answer(c.get("requestId"));
    return c.json(await answers.fresh(db, access, range));
  });
  return dashboardLane({
    path: DASHBOARD_ANALYTICS_PATH,
    answers,
    knownAccess: options.knownAccess,
  });
}
