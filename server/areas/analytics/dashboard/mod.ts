/**
 * Dashboard analytics (document 2, §7 and §9): organisation-wide figures for a
 * date range behind a TTL cache, answered in the service's
 * `{ success, message, data, metadata }` envelope, errors included.
 */
export { DASHBOARD_ANALYTICS_PATH, dashboardAnalyticsRoutes } from "./routes.ts";
export { TtlCache } from "./cache.ts";
