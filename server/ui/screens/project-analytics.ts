/**
 * The Project Progress Analytics screen (analytics spec §2): a project picker when
 * selection is on, then five tabs — Overview, Velocity, Burndown, Forecast, Team —
 * over seven independent data sources. Every text, empty state and display rule
 * of the spec is here as data; the client only renders it.
 */
import type { Node, ScreenDescriptor, Source } from "../../../schemas/descriptor/mod.ts";
import { SAMPLE_PROJECT_ID } from "../../areas/analytics/projects/mod.ts";
import { head, type ScreenContext, type ScreenDef } from "./screen-def.ts";
import { SOURCES } from "./analytics-rules.ts";
import { overviewTab } from "./analytics-overview-tab.ts";
import { BURNDOWN_TAB, VELOCITY_TAB } from "./analytics-velocity-tabs.ts";
import { FORECAST_TAB, TEAM_TAB } from "./analytics-forecast-tabs.ts";
import { fieldLabels, PROJECT_STATUS } from "../record-labels.ts";
import type { OrganizationLists } from "../organization-lists.ts";
import { PROJECT } from "../../areas/work/types/project.ts";

function analyticsBody(selection: boolean, lists: OrganizationLists): Node {
  const tabs: Node = {
    type: "tabs",
    stateKey: "tab",
    tabs: [
      { id: "overview", label: "Overview", children: overviewTab(lists) },
      { id: "velocity", label: "Velocity", children: VELOCITY_TAB },
      { id: "burndown", label: "Burndown", children: BURNDOWN_TAB },
      { id: "forecast", label: "Forecast", children: FORECAST_TAB },
      { id: "team", label: "Team", children: TEAM_TAB },
    ],
  };
  const header: Node = {
    type: "stack",
    direction: "row",
    align: "between",
    children: [
      {
        type: "heading",
        text: { $bind: "progress", path: "project_name", fallback: "Project" },
        level: 2,
      },
      ...(selection
        ? [{
          type: "button" as const,
          label: "Back to Projects",
          variant: "secondary" as const,
          action: {
            kind: "set-state" as const,
            values: { tab: "overview" },
            clear: ["projectId"],
          },
        }]
        : []),
    ],
  };
  if (!selection) return { type: "page", title: "Progress Analytics", children: [header, tabs] };
  return {
    type: "page",
    title: "Project Progress Analytics",
    children: [
      {
        type: "card",
        title: "Select a Project to Analyze",
        visibleWhen: { state: "projectId", present: false },
        children: [{
          type: "selectable-list",
          source: "projects",
          title: { $field: "name" },
          meta: [
            { $field: "status", labels: PROJECT_STATUS },
            { $field: "project_type", labels: fieldLabels(PROJECT, "project_type", lists) },
          ],
          onSelect: {
            kind: "set-state",
            values: {
              projectId: { $field: "id" },
              organizationId: { $field: "organization_id" },
              tab: "overview",
            },
          },
          selectedState: "projectId",
          maxHeight: "16rem",
          emptyTitle: "No Projects Available",
          emptyText: "Create a project first to view analytics.",
        }],
      },
      {
        type: "stack",
        direction: "column",
        visibleWhen: { state: "projectId", present: true },
        children: [header, tabs],
      },
    ],
  };
}

function analyticsScreen(
  id: string,
  title: string,
  ctx: ScreenContext,
  selection: boolean,
): ScreenDescriptor {
  const sources: Record<string, Source> = { ...SOURCES };
  if (selection) {
    sources.projects = {
      method: "POST",
      path: "/projects/list",
      body: {},
      select: "projects",
      label: "Projects",
      loadingText: "Loading projects...",
      errorText: "Failed to load available projects",
      emptyText: "No Projects Available",
    };
  }
  return {
    ...head(id, title, "dynamic"),
    // The organisation is always the caller's current one, so a project and tab read
    // back from the URL are enough to reopen the same analysis.
    state: {
      tab: "overview",
      projectId: selection ? null : SAMPLE_PROJECT_ID,
      organizationId: ctx.access?.organizationId ?? null,
    },
    urlState: selection ? ["projectId", "tab"] : ["tab"],
    sources,
    loading: { title: "Loading Analytics", text: "Fetching project data..." },
    timeout: { ms: 120_000, text: "API requests timed out after 120 seconds" },
    errorPanel: {
      title: "Error Loading Analytics",
      text: "Failed to load project analytics. Please check your connection and try again.",
      retryLabel: "Retry",
    },
    emptyPanel: { title: "No Analytics Data Available", source: "progress" },
    body: analyticsBody(selection, ctx.lists),
  };
}

/** The two analytics screens. */
export const PROJECT_ANALYTICS_SCREENS: ScreenDef[] = [
  {
    id: "progress-analytics",
    audience: "staff",
    module: "progress-analytics",
    perUser: true,
    build: (ctx) => analyticsScreen("progress-analytics", "Progress Analytics", ctx, false),
  },
  {
    id: "project-progress-analytics",
    audience: "staff",
    module: "project-progress-analytics",
    build: (ctx) =>
      analyticsScreen("project-progress-analytics", "Project Progress Analytics", ctx, true),
  },
];
