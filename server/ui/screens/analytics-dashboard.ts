/**
 * The analytics screen shown by analytics-dashboard, forecasting, data-export, real-time-alerts, profitability-analysis, lead-conversion and
 * team-utilization: organisation-wide figures for a date range from the dashboard
 * analytics service, with the period presets 7d, 30d, 90d and 1y (default: the last
 * 30 days) and a CSV download of the daily figures, on its Overview tab;
 * forecasting, lead conversion, team utilization and profitability each open their
 * own tab of standard figures (analytics-figures.ts), data export its tab of every
 * saved report and list the caller may download (analytics-export-tab.ts), real-time
 * alerts the caller's own report alerts (analytics-alerts-tab.ts).
 */
import type { Node, ScreenDescriptor, Source } from "../../../schemas/descriptor/mod.ts";
import { findModule } from "../../platform/catalogue/module-definitions.ts";
import { canSeeModule } from "../../platform/catalogue/visibility.ts";
import { head, type ScreenContext, type ScreenDef } from "./screen-def.ts";
import { LEAD_STAGE, PROJECT_STATUS } from "../record-labels.ts";
import { figureTabs } from "./analytics-figures.ts";
import { dataExportTab } from "./analytics-export-tab.ts";
import { alertsTab } from "./analytics-alerts-tab.ts";

/** The screens that show the analytics screen. */
export const ANALYTICS_SCREEN_IDS = [
  "analytics-dashboard",
  "forecasting",
  "data-export",
  "real-time-alerts",
  "profitability-analysis",
  "lead-conversion",
  "team-utilization",
] as const;

/** Period presets of the spec and their length in days. */
export const PERIOD_PRESETS: readonly [string, string, number][] = [
  ["7d", "Last 7 days", 7],
  ["30d", "Last 30 days", 30],
  ["90d", "Last 90 days", 90],
  ["1y", "Last year", 365],
];

const DEFAULT_PERIOD = "30d";

function isoDay(date: Date, minusDays: number): string {
  return new Date(date.getTime() - minusDays * 86_400_000).toISOString().slice(0, 10);
}

function analyticsScreen(id: string, ctx: ScreenContext): ScreenDescriptor {
  const module = findModule(id)!;
  // The service answers leads only to callers who may see them (null otherwise), so
  // an empty chart means "none in this period" for them and "not yours" for others.
  const seesLeads = ctx.access !== undefined && canSeeModule(ctx.access, findModule("leads")!);
  const today = isoDay(ctx.now, 0);
  const presets: Node = {
    type: "stack",
    direction: "row",
    gap: "small",
    children: PERIOD_PRESETS.map(([period, label, days]): Node => ({
      type: "button",
      label,
      variant: "secondary",
      action: {
        kind: "set-state",
        values: { period, start_date: isoDay(ctx.now, days), end_date: today },
      },
    })),
  };
  const stat = (
    label: string,
    path: string,
    format: "integer" | "number" | "hours" | "currency",
  ): Node => ({
    type: "stat",
    label,
    value: { $bind: "dashboard", path: `totals.${path}`, format, fallback: "—" },
  });
  const exports = dataExportTab(ctx.access);
  const alerts = alertsTab(ctx.access);
  const tabs = [
    ...figureTabs(ctx.access),
    ...(exports ? [exports.tab] : []),
    ...(alerts ? [alerts.tab] : []),
  ];
  // The organisation-wide figures are the analytics dashboard's: a caller given only
  // an entry of their own (a finance manager's alerts) sees its tab alone.
  const seesOverview = ctx.access !== undefined &&
    canSeeModule(ctx.access, findModule("analytics-dashboard")!);
  const overview = overviewChildren(id, presets, stat, seesLeads);
  const shown = seesOverview || tabs.length === 0
    ? [{ id: "overview", label: "Overview", children: overview }, ...tabs]
    : tabs;
  return {
    ...head(id, module.name, "dynamic"),
    state: {
      period: DEFAULT_PERIOD,
      start_date: isoDay(ctx.now, 30),
      end_date: today,
      tab: shown.some((t) => t.id === id) ? id : shown[0].id,
    },
    sources: {
      ...(seesOverview || tabs.length === 0 ? { dashboard: DASHBOARD_SOURCE } : {}),
      ...exports?.sources,
      ...(alerts ? { alerts: alerts.source } : {}),
    },
    body: {
      type: "page",
      title: module.name,
      description: module.description,
      children: shown.length === 1 ? shown[0].children : [{
        type: "tabs",
        stateKey: "tab",
        tabs: shown,
      }],
    },
  };
}

/** The organisation-wide figures of the chosen period. */
const DASHBOARD_SOURCE: Source = {
  method: "POST",
  path: "/api/v1/analytics/dashboard",
  body: { start_date: { $state: "start_date" }, end_date: { $state: "end_date" } },
  select: "data",
  follows: ["task", "project", "lead"],
  label: "Dashboard analytics",
  errorFormat: "Analytics API error: {status} {statusText}",
  errorText: "Failed to load dashboard analytics data",
};

/** The overview tab: the organisation-wide figures of the chosen period. */
function overviewChildren(
  id: string,
  presets: Node,
  stat: (label: string, path: string, format: "integer" | "number" | "hours" | "currency") => Node,
  seesLeads: boolean,
): Node[] {
  return [
    {
      type: "stack",
      direction: "row",
      align: "between",
      children: [
        presets,
        {
          type: "button",
          label: "Download CSV",
          variant: id === "data-export" ? "primary" : "ghost",
          action: {
            kind: "download",
            source: "dashboard",
            path: "tasks_per_day",
            filename: `${id}.csv`,
            format: "csv",
          },
        },
      ],
    },
    {
      type: "grid",
      columns: 4,
      children: [
        stat("Tasks created", "tasks_created", "integer"),
        stat("Tasks completed", "tasks_completed", "integer"),
        stat("Hours logged", "hours_logged", "hours"),
        stat("Active projects", "active_projects", "integer"),
        stat("Story points completed", "story_points_completed", "number"),
        stat("Progress updates", "progress_updates", "integer"),
        stat("New leads", "new_leads", "integer"),
        stat("Won value", "won_value", "currency"),
      ],
    },
    {
      type: "line-chart",
      source: "dashboard",
      path: "tasks_per_day",
      x: "date",
      xFormat: "date",
      labelEvery: 7,
      title: "Tasks created and completed per day",
      series: [
        { key: "created", label: "Created", tone: "info" },
        { key: "completed", label: "Completed", tone: "success" },
      ],
      emptyText: "No task activity in this period",
    },
    {
      type: "grid",
      columns: 2,
      children: [
        {
          type: "bar-chart",
          source: "dashboard",
          path: "hours_per_day",
          x: "date",
          y: "hours",
          xFormat: "date",
          labelEvery: 7,
          title: "Hours logged per day",
          emptyText: "No hours logged in this period",
        },
        {
          type: "bar-chart",
          source: "dashboard",
          path: "projects_by_status",
          record: true,
          xLabels: PROJECT_STATUS,
          x: "key",
          y: "value",
          title: "Projects by status",
          tone: "info",
          emptyText: "No projects",
        },
      ],
    },
    {
      type: "grid",
      columns: 2,
      children: [
        {
          type: "bar-chart",
          source: "dashboard",
          path: "leads_by_stage",
          record: true,
          xLabels: LEAD_STAGE,
          x: "key",
          y: "value",
          title: "Leads by stage",
          tone: "warning",
          emptyText: seesLeads ? "No leads in this period" : "Leads are not part of your role",
        },
        {
          type: "table",
          source: "dashboard",
          path: "top_projects",
          caption: "Most completed work",
          columns: [
            { key: "name", label: "Project", sortable: true },
            {
              key: "tasks_completed",
              label: "Tasks completed",
              format: "integer",
              align: "end",
              sortable: true,
            },
            {
              key: "story_points_completed",
              label: "Story points",
              format: "number",
              align: "end",
              sortable: true,
            },
            {
              key: "progress_percentage",
              label: "Progress",
              format: "percent",
              align: "end",
              sortable: true,
            },
          ],
          pageSize: 10,
          emptyText: "No work completed in this period",
        },
      ],
    },
  ];
}

/** The analytics screens. */
export const ANALYTICS_DASHBOARD_SCREENS: ScreenDef[] = ANALYTICS_SCREEN_IDS.map((id) => ({
  id,
  audience: "staff",
  module: id,
  perDay: true,
  build: (ctx) => analyticsScreen(id, ctx),
}));
