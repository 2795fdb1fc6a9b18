/**
 * Project progress analytics (document 2): progress, risk and timeline, velocity,
 * burndown, health, period analytics, Monte Carlo forecast, team performance,
 * sprint progress, comparison and the two writes (reported progress, metrics
 * recalculation). Each figure is computed in a file named after it from SQL
 * aggregates over covering indexes; the formulas are in those files' comments and
 * in the OpenAPI descriptions of the calls. The figures several calls need (the
 * breakdown, sprint velocities, member figures, the last 30 days of completions)
 * are computed once per change of the database (server/db/remembered.ts). The figures
 * several calls, tabs and dashboards show (progress, completion rates, velocity
 * trend, schedule status) are defined once, in figures.ts.
 */
export { projectAnalyticsRoutes } from "./routes.ts";
export { SAMPLE_PROJECT_ID } from "../seed/project-history.ts";
export { progressOfProjects, projectBreakdown, weightedProgress } from "./progress.ts";
export { projectOutlook } from "./outlook.ts";
export { timelineAnalysis } from "./timeline.ts";
export { isoDay } from "./calendar.ts";
