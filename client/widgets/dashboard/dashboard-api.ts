/** The dashboard calls' answers as the dashboard widget reads them (server/areas/analytics/dashboards). */
import type { QueryRequest, QueryResponse } from "../../../schemas/records/query.ts";

export interface DashboardCardData {
  report: string;
  title: string;
  width: string;
}

export interface DashboardData {
  id: string;
  name: string;
  description: string;
  owned: boolean;
  cards: DashboardCardData[];
}

/** A dashboard call answers the dashboard, or (a screen's) `{dashboard}`, null when none. */
export type DashboardAnswer = DashboardData | { dashboard: DashboardData | null };

export function dashboardOf(answer: DashboardAnswer): DashboardData | null {
  return "cards" in answer ? answer : answer.dashboard;
}

/** A saved report's result (`POST …/run`). */
export interface ReportRun extends QueryResponse {
  report: { id: string; title: string; record_type: string; chart: string };
  definition: QueryRequest;
}

/** Fills `{name}` in a path or route with a value, encoded. */
export function filled(template: string, name: string, value: string): string {
  return template.replace(`{${name}}`, encodeURIComponent(value));
}
